import { sql, type Kysely } from 'kysely';
import { preparedQuery, type Database } from '@shipledger/database';
import { carriersTables } from '../storage/carriers-schema';
import type { CarriersTables } from '../storage/carriers-database';

export interface SandboxBookingRow {
  request_id: string;
  tenant_id: string;
  carrier_account_id: string;
  shipment_id: string;
  tracking_no: string;
  scenario: string | null;
  booked_at: Date | string;
  step_seconds: number;
  steps_reported: number;
  status: 'booked' | 'cancelled' | 'finished';
  collection_from: Date | string | null;
  collection_to: Date | string | null;
}

/** The sandbox carrier's own books (bookings, per-tenant clocks, received documents), kept in SQL so a restart keeps them. */
export class SandboxStore {
  constructor(private readonly database: Database) {}

  private db(): Promise<Kysely<CarriersTables>> {
    return carriersTables(this.database);
  }

  /**
   * Invariant: one booking per request id. The insert is a no-op when the id exists, and the row read
   * back afterwards is the first writer's, so a retried (or concurrent) call returns the same booking.
   * `booked_at` is `at` on the tenant's sandbox clock (wall time plus its offset, as `now` reads it),
   * added in the same statement; a first insert returns its row, so a new booking is one round trip.
   */
  async recordBooking(
    row: Omit<SandboxBookingRow, 'booked_at' | 'steps_reported' | 'status' | 'collection_from' | 'collection_to'> & { at: Date },
  ): Promise<SandboxBookingRow> {
    const db = await this.db();
    const { at, ...values } = row;
    const offset = db.selectFrom('sandbox_clocks').select('offset_ms').where('tenant_id', '=', row.tenant_id);
    const [inserted] = (await db.executeQuery(preparedQuery(db.insertInto('sandbox_bookings')
      .values({
        ...values, steps_reported: 0, status: 'booked',
        booked_at: sql<string>`${at.toISOString()}::timestamptz + coalesce((${offset}), 0)::float8 * interval '1 millisecond'`,
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returningAll()))).rows;
    return (inserted as SandboxBookingRow | undefined) ?? (await this.booking(row.request_id))!;
  }

  async booking(requestId: string): Promise<SandboxBookingRow | undefined> {
    const db = await this.db();
    return (await db.selectFrom('sandbox_bookings').selectAll().where('request_id', '=', requestId).executeTakeFirst()) as
      SandboxBookingRow | undefined;
  }

  async bookingByTrackingNo(tenantId: string, trackingNo: string): Promise<SandboxBookingRow | undefined> {
    const db = await this.db();
    return (await db.selectFrom('sandbox_bookings').selectAll()
      .where('tenant_id', '=', tenantId).where('tracking_no', '=', trackingNo).executeTakeFirst()) as SandboxBookingRow | undefined;
  }

  async setStatus(requestId: string, status: SandboxBookingRow['status']): Promise<void> {
    const db = await this.db();
    await db.updateTable('sandbox_bookings').set({ status }).where('request_id', '=', requestId).execute();
  }

  async scheduleCollection(requestId: string, from: string, to: string): Promise<void> {
    const db = await this.db();
    await db.updateTable('sandbox_bookings').set({ collection_from: from, collection_to: to }).where('request_id', '=', requestId).execute();
  }

  async recordDocument(tenantId: string, trackingNo: string, documentIdentifier: string, sha256: string): Promise<void> {
    const db = await this.db();
    await db.insertInto('sandbox_documents')
      .values({ tenant_id: tenantId, tracking_no: trackingNo, document_identifier: documentIdentifier, content_sha256: sha256, uploaded_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['tenant_id', 'tracking_no', 'document_identifier']).doUpdateSet({ content_sha256: sha256 }))
      .execute();
  }

  /** The tenant's sandbox time: wall time plus whatever the tenant has advanced its clock by. */
  async now(tenantId: string): Promise<Date> {
    const db = await this.db();
    const row = await db.selectFrom('sandbox_clocks').select('offset_ms').where('tenant_id', '=', tenantId).executeTakeFirst();
    return new Date(Date.now() + Number(row?.offset_ms ?? 0));
  }

  /** Invariant: concurrent advances add up (the offset is incremented in SQL, never read-modify-written). */
  async advance(tenantId: string, ms: number): Promise<void> {
    const db = await this.db();
    await db.insertInto('sandbox_clocks').values({ tenant_id: tenantId, offset_ms: ms })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ offset_ms: sql`sandbox_clocks.offset_ms + ${ms}` }))
      .execute();
  }

  /** Bookings of a shipment the sandbox still holds live (booked, neither cancelled nor finished). */
  async liveBookingCount(tenantId: string, shipmentId: string): Promise<number> {
    const db = await this.db();
    const row = await db.selectFrom('sandbox_bookings').select((eb) => eb.fn.countAll<string>().as('live'))
      .where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId).where('status', '=', 'booked')
      .executeTakeFirst();
    return Number(row?.live ?? 0);
  }

  async activeBookings(tenantId?: string): Promise<SandboxBookingRow[]> {
    const db = await this.db();
    let query = db.selectFrom('sandbox_bookings').selectAll().where('status', '=', 'booked');
    if (tenantId) query = query.where('tenant_id', '=', tenantId);
    return (await query.orderBy('booked_at').limit(500).execute()) as SandboxBookingRow[];
  }

  /**
   * Invariant: the counter only moves from the value the simulator read, so two simulators (API and
   * worker) cannot both advance it; the tracking events themselves are idempotent by carrier event id.
   */
  async markReported(requestId: string, from: number, to: number, finished: boolean): Promise<void> {
    const db = await this.db();
    await db.executeQuery(preparedQuery(db.updateTable('sandbox_bookings')
      .set({ steps_reported: to, ...(finished ? { status: 'finished' } : {}) })
      .where('request_id', '=', requestId).where('steps_reported', '=', from).where('status', '=', 'booked')));
  }
}
