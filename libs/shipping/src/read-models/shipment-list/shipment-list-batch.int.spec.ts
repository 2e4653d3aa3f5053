import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import type { Database } from '@shipledger/database';
import type { ShipmentListTables } from '../../storage/shipping-database';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema } from '@shipledger/projections';
import { openTestDatabase } from '../../../../testing/src/test-database';
import { applyAll, migrateProjector } from '../../../../testing/src/projection-spec';
import { sampleContent, ShipmentEventLog } from '../../../../../test/shipping/read-models/shipment-events.fixture';
import { shipmentListProjector } from './shipment-list.projector';

const kinds = ['pglite', 'postgres'] as const;
const schema = readModelSchema(shipmentListProjector.name);
const account = { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'Sandbox' };
const ids = { a: `shp-a-${randomUUID()}`, b: `shp-b-${randomUUID()}`, c: `shp-c-${randomUUID()}`, d: `shp-d-${randomUUID()}` };

/** Four shipments' lives, interleaved in global order, plus a reference reservation the model ignores. */
function scenario(): ShipmentEventLog {
  const log = new ShipmentEventLog();
  const at = (minute: number) => `2026-11-10T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const stamp = (minute: number) => ({ at: at(minute), actor: 'client-1' });
  const { a, b, c, d } = ids;
  const created = (id: string, minute: number, ref: string) => log.append(id, { type: 'ShipmentCreated', data: {
    shipment_id: id, tenant_id: log.tenantId, content: sampleContent({ ref }), ...stamp(minute) } });
  log.draft(a, at(1), sampleContent({ ref: 'REF-A' }));
  created(b, 2, 'REF-B');
  log.append(b, { type: 'ShipmentConfirmed', data: { carrier_account: account, warnings: [], ...stamp(2) } });
  log.append(a, { type: 'ShipmentUpdated', data: { mode: 'merge',
    changes: { dropoff: { contact_name: 'Janet Brown', contact_phone: '050 111 2222' } }, ...stamp(3) } });
  log.append(b, { type: 'ShipmentBookingRequested', data: {
    booking_attempt_id: 'att-b1', carrier_account: account, reason: 'confirm', ...stamp(3) } });
  log.append(`ref-${randomUUID()}`, { type: 'ShipmentDraftCreated', data: {
    shipment_id: 'not-a-shipment', tenant_id: log.tenantId, content: {}, ...stamp(4) } });
  log.draft(c, at(4), sampleContent({ ref: 'REF-C', merchant: 'SHOP2', entity_type: 'REVERSE' }));
  log.append(a, { type: 'ShipmentUpdated', data: { mode: 'merge',
    changes: { references: { partner_shipment_reference: 'REF-A2', partner_order_reference: 'ORD-A2' } }, ...stamp(5) } });
  log.append(b, { type: 'ShipmentBooked', data: {
    booking_attempt_id: 'att-b1', tracking_no: 'TRK-B-1', carrier: 'SANDBOX', ...stamp(6) } });
  log.append(c, { type: 'ShipmentCancelled', data: { previous_status: 'draft', update_reason_code: 'R1', ...stamp(7) } });
  log.append(a, { type: 'ShipmentConfirmed', data: { carrier_account: account, warnings: [], ...stamp(8) } });
  log.append(b, { type: 'ShipmentStatusChanged', data: { from: 'booked', to: 'shipped', ...stamp(9) } });
  log.append(a, { type: 'ShipmentBookingRequested', data: {
    booking_attempt_id: 'att-a1', carrier_account: account, reason: 'confirm', ...stamp(9) } });
  created(d, 10, 'REF-D');
  log.append(d, { type: 'ShipmentConfirmed', data: { carrier_account: account, warnings: [], ...stamp(10) } });
  log.append(a, { type: 'ShipmentBookingFailed', data: { booking_attempt_id: 'att-a1', error_details: [{
    level: 'ERROR', trigger: 'BOOKING', source: 'SANDBOX', type: 'VALIDATION', message: 'no', code: 'E1' }], ...stamp(11) } });
  log.append(d, { type: 'ShipmentBookingRequested', data: {
    booking_attempt_id: 'att-d1', carrier_account: account, reason: 'confirm', ...stamp(10) } });
  log.append(b, { type: 'ShipmentTrackingUpdated', data: { status: 'in_transit', tracking: { carrier_status: 'IT' }, ...stamp(12) } });
  log.append(b, { type: 'ShipmentTrackingUpdated', data: { tracking: { carrier_status: 'OLD' }, stale: true, ...stamp(13) } });
  log.append(c, { type: 'CustomAttributesChanged', data: { changes: { colour: ['red'] }, ...stamp(14) } });
  log.append(b, { type: 'ShipmentReassigned', data: { previous_status: 'in_transit', carrier_account: account, ...stamp(15) } });
  log.append(a, { type: 'ShipmentUpdated', data: { mode: 'replace',
    changes: sampleContent({ ref: 'REF-A3', dropoff: { contact_name: 'Zed Last' } }), ...stamp(16) } });
  log.append(b, { type: 'ShipmentBooked', data: {
    booking_attempt_id: 'att-b2', tracking_no: 'TRK-B-2', carrier: 'SANDBOX', ...stamp(17) } });
  log.append(b, { type: 'ShipmentStatusChanged', data: { from: 'booked', to: 'delivered', ...stamp(18) } });
  return log;
}

describe.each(kinds)('shipment-list applyBatch on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateProjector(database.kysely, shipmentListProjector);
  });

  afterAll(async () => {
    await database?.close();
  });

  const applyBatch = (events: readonly RecordedEvent[], db: Kysely<ShipmentListTables> = database.kysely) =>
    db.transaction().execute((trx) => shipmentListProjector.applyBatch!(trx.withSchema(schema), events));

  /** The tenant's rows, with the tenant id masked so runs under different tenants compare equal. */
  const snapshot = async (tenantId: string) => {
    const db = database.kysely.withSchema(schema);
    const shipments = await db.selectFrom('shipments').selectAll().where('tenant_id', '=', tenantId)
      .orderBy('shipment_id').execute();
    const terms = await db.selectFrom('search_terms').selectAll().where('tenant_id', '=', tenantId)
      .orderBy('shipment_id').orderBy('term').execute();
    return JSON.parse(JSON.stringify({ shipments, terms }).replaceAll(tenantId, 'TENANT')) as {
      shipments: { shipment_id: string; status: string; partner_shipment_reference: string; milestones: unknown[] }[];
      terms: { shipment_id: string; term: string }[];
    };
  };

  let expected: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    const log = scenario();
    await applyAll(database.kysely, shipmentListProjector, log.events);
    expected = await snapshot(log.tenantId);
  });

  it('event by event, folds every shipment to its last state and terms', () => {
    const byId = new Map(expected.shipments.map((row) => [row.shipment_id, row]));
    expect([...byId.keys()].sort()).toEqual(Object.values(ids).sort());
    expect(byId.get(ids.a)).toMatchObject({ status: 'error', partner_shipment_reference: 'REF-A3' });
    expect(byId.get(ids.b)).toMatchObject({ status: 'delivered' });
    expect(byId.get(ids.b)?.milestones.map((m) => (m as { status: string }).status))
      .toEqual(['pending', 'booked', 'shipped', 'in_transit', 'pending', 'booked', 'delivered']);
    expect(byId.get(ids.c)).toMatchObject({ status: 'cancelled' });
    expect(byId.get(ids.d)).toMatchObject({ status: 'pending' });
    const termsOf = (id: string) => expected.terms.filter((t) => t.shipment_id === id).map((t) => t.term);
    expect(termsOf(ids.a)).toEqual(expect.arrayContaining(['ref-a3', 'zed last', 'last']));
    expect(termsOf(ids.a)).not.toEqual(expect.arrayContaining(['ref-a']));
    expect(termsOf(ids.a)).not.toEqual(expect.arrayContaining(['ref-a2']));
    expect(termsOf(ids.b)).toEqual(expect.arrayContaining(['trk-b-2']));
    expect(termsOf(ids.b)).not.toEqual(expect.arrayContaining(['trk-b-1']));
  });

  it('as one batch, in two statements, leaves the same rows', async () => {
    const log = scenario();
    let statements = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => { statements++; return args.node; },
      transformResult: async (args) => args.result,
    };
    await applyBatch(log.events, database.kysely.withPlugin(counter));
    expect(await snapshot(log.tenantId)).toEqual(expected);
    // select of the rows is skipped (every stream starts in the batch): upsert + insert of the terms
    expect(statements).toBeLessThanOrEqual(2);
  });

  it('as a batch applied twice leaves the same rows', async () => {
    const log = scenario();
    await applyBatch(log.events);
    await applyBatch(log.events);
    expect(await snapshot(log.tenantId)).toEqual(expected);
  });

  it('split at every point into two batches, and with the first replayed after both, leaves the same rows', async () => {
    const length = scenario().events.length;
    for (let split = 0; split <= length; split++) {
      const log = scenario();
      await applyBatch(log.events.slice(0, split));
      await applyBatch(log.events.slice(split));
      expect({ split, rows: await snapshot(log.tenantId) }).toEqual({ split, rows: expected });
      await applyBatch(log.events.slice(0, split));
      await applyBatch(log.events.slice(split, split + 3));
      expect({ split, replayed: await snapshot(log.tenantId) }).toEqual({ split, replayed: expected });
    }
  });

  it('given every stored prefix, when a batch from the first events goes past it, then it leaves the same rows', async () => {
    // A replay from a shipment's first event is folded without reading its row; the upsert hands back
    // the stored state it overwrites, whose terms the new ones replace (update contacts, references).
    const length = scenario().events.length;
    for (let split = 1; split < length; split++) {
      const log = scenario();
      await applyBatch(log.events.slice(0, split));
      await applyBatch(log.events);
      expect({ split, rows: await snapshot(log.tenantId) }).toEqual({ split, rows: expected });
    }
  });

  it('splits a batch of more than a thousand shipments into writes of a thousand, with the same rows', async () => {
    const creates = (log: ShipmentEventLog) => {
      for (let i = 0; i < 1001; i++) {
        const id = `shp-many-${i}`;
        log.append(id, { type: 'ShipmentCreated', data: { shipment_id: id, tenant_id: log.tenantId,
          content: sampleContent({ ref: `MANY-${i}` }), at: '2026-11-11T10:00:00.000Z', actor: 'client-1' } });
        log.append(id, { type: 'ShipmentConfirmed', data: {
          carrier_account: account, warnings: [], at: '2026-11-11T10:00:01.000Z', actor: 'client-1' } });
      }
      return log;
    };
    const small = creates(new ShipmentEventLog());
    for (let start = 0; start < small.events.length; start += 500) await applyBatch(small.events.slice(start, start + 500));
    const large = creates(new ShipmentEventLog());
    let statements = 0;
    await applyBatch(large.events, database.kysely.withPlugin({
      transformQuery: (args) => { statements++; return args.node; },
      transformResult: async (args) => args.result,
    }));
    const rows = await snapshot(large.tenantId);
    expect(rows.shipments).toHaveLength(1001);
    expect(rows).toEqual(await snapshot(small.tenantId));
    expect(statements).toBe(4);
  });

  describe('a stored shipment whose terms change', () => {
    /** A confirmed shipment with its booking requested, and its ShipmentBooked (not yet applied). */
    const awaitingBooking = () => {
      const log = new ShipmentEventLog();
      const id = `shp-e-${randomUUID()}`;
      const stamp = { at: '2026-11-12T10:00:00.000Z', actor: 'client-1' };
      log.append(id, { type: 'ShipmentCreated', data: {
        shipment_id: id, tenant_id: log.tenantId, content: sampleContent({ ref: 'REF-E' }), ...stamp } });
      log.append(id, { type: 'ShipmentConfirmed', data: { carrier_account: account, warnings: [], ...stamp } });
      log.append(id, { type: 'ShipmentBookingRequested', data: {
        booking_attempt_id: 'att-e1', carrier_account: account, reason: 'confirm', ...stamp } });
      const booked: RecordedEvent = log.append(id, { type: 'ShipmentBooked', data: {
        booking_attempt_id: 'att-e1', tracking_no: 'TRK-E-1', carrier: 'SANDBOX', ...stamp } });
      return { log, id, stored: log.events.slice(0, -1), booked };
    };

    /** The shipment's term rows with their physical row ids: a rewritten term gets a new one. */
    const termRows = (tenantId: string, id: string) => database.kysely.withSchema(schema).selectFrom('search_terms')
      .select(['term', sql<string>`ctid::text`.as('row_id')])
      .where('tenant_id', '=', tenantId).where('shipment_id', '=', id).orderBy('term').execute();

    it('given its stored terms, when its booking adds a tracking number, then only that term is written', async () => {
      const { log, id, stored, booked } = awaitingBooking();
      await applyBatch(stored);
      const before = await termRows(log.tenantId, id);
      expect(before.map((row) => row.term)).not.toContain('trk-e-1');

      await applyBatch([booked]);

      const after = await termRows(log.tenantId, id);
      expect(after.filter((row) => row.term !== 'trk-e-1')).toEqual(before);
      expect(after.map((row) => row.term)).toEqual([...before.map((row) => row.term), 'trk-e-1'].sort());
    });

    it('given a stored term its new state adds already there (an older searchTermsOf), when applied, then it stays one row', async () => {
      const { log, id, stored, booked } = awaitingBooking();
      await applyBatch(stored);
      await database.kysely.withSchema(schema).insertInto('search_terms')
        .values({ tenant_id: log.tenantId, shipment_id: id, term: 'trk-e-1', creation_date: '2026-11-12T10:00:00.000Z' })
        .execute();

      await applyBatch([booked]);

      expect((await termRows(log.tenantId, id)).filter((row) => row.term === 'trk-e-1')).toHaveLength(1);
    });
  });

  it('event by event twice, each in its own transaction, leaves the same rows', async () => {
    const log = scenario();
    for (const event of [...log.events, ...log.events]) await applyBatch([event]);
    expect(await snapshot(log.tenantId)).toEqual(expected);
  });
});
