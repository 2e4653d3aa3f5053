import type { Kysely, Selectable } from 'kysely';
import { preparedQuery, type Database } from '@shipledger/database';
import type { CarrierCode } from '../accounts/carrier-account';
import { carriersTables } from '../storage/carriers-schema';
import type { CarriersTables } from '../storage/carriers-database';

export interface CarrierBookingRecord {
  requestId: string;
  tenantId: string;
  shipmentId: string;
  carrierAccountId: string;
  carrier: CarrierCode;
  trackingNo: string;
  status: 'active' | 'cancelled';
}

/**
 * Every booking a carrier confirmed, written before ShipmentBooked is appended: it maps a carrier's
 * tracking number back to its shipment (tracking webhooks) and names the booking to cancel when the
 * shipment is cancelled or moved to another carrier.
 */
export class BookingStore {
  constructor(private readonly database: Database) {}

  private db(): Promise<Kysely<CarriersTables>> {
    return carriersTables(this.database);
  }

  /** Idempotent by request id: a retried booking writes nothing new. */
  async save(record: CarrierBookingRecord): Promise<void> {
    const db = await this.db();
    await db.executeQuery(preparedQuery(db.insertInto('carrier_bookings').values({
      request_id: record.requestId, tenant_id: record.tenantId, shipment_id: record.shipmentId,
      carrier_account_id: record.carrierAccountId, carrier: record.carrier, tracking_no: record.trackingNo,
      status: record.status, created_at: new Date().toISOString(),
    }).onConflict((oc) => oc.column('request_id').doNothing())));
  }

  async activeForShipment(tenantId: string, shipmentId: string): Promise<CarrierBookingRecord[]> {
    const db = await this.db();
    const { rows } = await db.executeQuery(preparedQuery(db.selectFrom('carrier_bookings').selectAll()
      .where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId).where('status', '=', 'active')
      .orderBy('created_at')));
    return rows.map(fromRow);
  }

  async byRequestId(requestId: string): Promise<CarrierBookingRecord | undefined> {
    const db = await this.db();
    const row = await db.selectFrom('carrier_bookings').selectAll().where('request_id', '=', requestId).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  async byTrackingNo(tenantId: string, trackingNo: string): Promise<CarrierBookingRecord | undefined> {
    const db = await this.db();
    const [row] = (await db.executeQuery(preparedQuery(db.selectFrom('carrier_bookings').selectAll()
      .where('tenant_id', '=', tenantId).where('tracking_no', '=', trackingNo)
      .orderBy('created_at', 'desc').limit(1)))).rows;
    return row ? fromRow(row) : undefined;
  }

  async markCancelled(requestId: string): Promise<void> {
    const db = await this.db();
    await db.updateTable('carrier_bookings').set({ status: 'cancelled' }).where('request_id', '=', requestId).execute();
  }
}

function fromRow(row: Selectable<CarriersTables['carrier_bookings']>): CarrierBookingRecord {
  return {
    requestId: row.request_id, tenantId: row.tenant_id, shipmentId: row.shipment_id, carrierAccountId: row.carrier_account_id,
    carrier: row.carrier, trackingNo: row.tracking_no, status: row.status,
  };
}

/** The shipment's active booking behind its tracking number (undefined: none is). */
export async function bookingBehind(
  bookings: Pick<BookingStore, 'activeForShipment'>, tenantId: string, shipmentId: string, trackingNo: string | undefined,
): Promise<CarrierBookingRecord | undefined> {
  return (await bookings.activeForShipment(tenantId, shipmentId)).find((b) => b.trackingNo === trackingNo);
}
