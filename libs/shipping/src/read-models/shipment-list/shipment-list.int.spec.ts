import { randomUUID } from 'node:crypto';
import type { Database } from '@shipledger/database';
import { readModelSchema } from '@shipledger/projections';
import { openTestDatabase } from '../../../../testing/src/test-database';
import { applyAll, migrateProjector } from '../../../../testing/src/projection-spec';
import { sampleContent, ShipmentEventLog } from '../../../../../test/shipping/read-models/shipment-events.fixture';
import { parseListShipmentsQuery } from '../../application/list-shipments/list-shipments.query';
import { shipmentListProjector } from './shipment-list.projector';
import { bulkStatus, listShipments, type MerchantScope } from './shipment-list.queries';

const kinds = ['pglite', 'postgres'] as const;

describe.each(kinds)('shipment-list projector on %s', (kind) => {
  let database: Database;
  let log: ShipmentEventLog;
  const ids = { a: `shp-a-${randomUUID()}`, b: `shp-b-${randomUUID()}`, c: `shp-c-${randomUUID()}` };
  const refA = `REF-A-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateProjector(database.kysely, shipmentListProjector);
    log = new ShipmentEventLog();
    log.draft(ids.a, '2026-11-01T10:00:00.000Z', sampleContent({ ref: refA }));
    log.draft(ids.b, '2026-11-02T10:00:00.000Z', sampleContent({
      ref: `REF-B-${randomUUID().slice(0, 8)}`, merchant: 'SHOP2', entity_type: 'REVERSE',
      dropoff: { contact_name: 'Omar Haddad', contact_phone: '050-999-1111', contact_email: 'Omar@Mail.test' },
    }));
    log.append(ids.a, { type: 'ShipmentUpdated', data: {
      mode: 'merge', changes: { dropoff: { contact_name: 'Janet Brown', contact_email: 'janet@example.com' } },
      at: '2026-11-03T10:00:00.000Z', actor: 'client-1' } });
    log.append(ids.a, { type: 'ShipmentConfirmed', data: {
      carrier_account: { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'Sandbox' }, warnings: [],
      at: '2026-11-04T10:00:00.000Z', actor: 'client-1' } });
    log.append(ids.a, { type: 'ShipmentBooked', data: {
      booking_attempt_id: 'b-1', tracking_no: 'TRK-ABC-123', carrier: 'SANDBOX',
      at: '2026-11-04T10:00:01.000Z', actor: 'carrier:SANDBOX' } });
    const { entity_type: _unset, ...withoutType } = sampleContent({ ref: `REF-C-${randomUUID().slice(0, 8)}` });
    log.draft(ids.c, '2026-11-05T10:00:00.000Z', withoutType);
    await applyAll(database.kysely, shipmentListProjector, log.events);
  });

  afterAll(async () => {
    await database?.close();
  });

  const snapshot = async () => {
    const db = database.kysely.withSchema(readModelSchema(shipmentListProjector.name));
    const shipments = await db.selectFrom('shipments').selectAll().orderBy('shipment_id').execute();
    const terms = await db.selectFrom('search_terms').selectAll().orderBy('shipment_id').orderBy('term').execute();
    return { shipments, terms };
  };
  // Every search runs both plans: sorting the matches, and walking newest-first in chunks of one.
  const list = async (query: Record<string, unknown>, scope: MerchantScope = '*', tenantId = log.tenantId) => {
    const parsed = parseListShipmentsQuery(query);
    const sorted = await listShipments(database.kysely, tenantId, parsed, scope);
    const walked = await listShipments(database.kysely, tenantId, parsed, scope, { denseMatches: 0, walkChunk: 1 });
    expect(walked).toEqual(sorted);
    return sorted.map((s) => s.shipment_id);
  };

  it('leaves the same rows when it runs twice over the same events, or over an overlapping replay', async () => {
    const first = await snapshot();
    expect(first.shipments).toHaveLength(3);
    await applyAll(database.kysely, shipmentListProjector, log.events);
    expect(await snapshot()).toEqual(first);
    await applyAll(database.kysely, shipmentListProjector, log.events.slice(2));
    expect(await snapshot()).toEqual(first);
  });

  it('folds the events into the state: status, tracking number, latest contact', async () => {
    const [a] = await listShipments(database.kysely, log.tenantId, parseListShipmentsQuery({ search_string: refA }), '*');
    expect(a?.status).toBe('booked');
    expect(a?.tracking_no).toBe('TRK-ABC-123');
    expect(a?.content.dropoff?.contact_name).toBe('Janet Brown');
  });

  it('lists newest first and pages from 0', async () => {
    expect(await list({})).toEqual([ids.c, ids.b, ids.a]);
    expect(await list({ page: '1' })).toEqual([]);
  });

  it('pages search results the same way under both plans', async () => {
    const extra = Array.from({ length: 12 }, (_, i) => `shp-p-${String(i).padStart(2, '0')}-${randomUUID()}`);
    const pagingLog = new ShipmentEventLog();
    const inPaging = (query: Record<string, unknown>) => list(query, '*', pagingLog.tenantId);
    extra.forEach((id, i) => pagingLog.draft(id, `2026-10-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      sampleContent({ ref: `PAGE-${i}`, dropoff: { contact_name: 'Pat Pager' } })));
    await applyAll(database.kysely, shipmentListProjector, pagingLog.events);
    expect(await inPaging({ search_string: 'pat pag' })).toEqual([...extra].reverse().slice(0, 10));
    expect(await inPaging({ search_string: 'pager', page: '1' })).toEqual([extra[1], extra[0]]);
    expect(await inPaging({ search_string: 'pager', page: '2' })).toEqual([]);
    expect(await inPaging({ search_string: 'pager', shipment_type: 'reverse' })).toEqual([]);
    expect(await inPaging({ search_string: 'pager', creation_date_to: '2026-10-01T00:00:01Z' })).toEqual([extra[1], extra[0]]);
  });

  it.each([
    ['the shipment id', () => ids.a.slice(0, 12).toUpperCase()],
    ['the partner shipment reference', () => refA.toLowerCase()],
    ['the order reference', () => `ord-${refA}`.slice(0, 9)],
    ['the tracking number', () => 'trk-abc'],
    ['a later word of a contact name', () => 'BRO'],
    ['a contact name', () => 'janet b'],
    ['an email', () => 'JANET@EXA'],
  ])('finds a shipment by a prefix of %s, whatever the case', async (_what, prefix) => {
    expect(await list({ search_string: prefix() })).toEqual([ids.a]);
  });

  it('finds a phone by a prefix as typed or by its digits', async () => {
    expect(await list({ search_string: '050-999' })).toEqual([ids.b]);
    expect(await list({ search_string: '050 9991' })).toEqual([ids.b]);
    expect(await list({ search_string: '+971 50 12' })).toEqual([ids.c]);
    expect(await list({ search_string: '97150123' })).toEqual([ids.c]);
  });

  it('no longer finds a contact that an update replaced, and treats LIKE wildcards literally', async () => {
    expect(await list({ search_string: 'jane smi' })).toEqual([ids.c]);
    expect(await list({ search_string: '%' })).toEqual([]);
    expect(await list({ search_string: 'omar@m_il' })).toEqual([]);
    expect(await list({ search_string: 'omar@mail' })).toEqual([ids.b]);
  });

  it('filters by merchant, shipment type, order reference and the caller scope', async () => {
    expect(await list({ merchant: 'SHOP2' })).toEqual([ids.b]);
    expect(await list({ merchant: ['SHOP1', 'SHOP2'] })).toEqual([ids.c, ids.b, ids.a]);
    expect(await list({ shipment_type: 'reverse' })).toEqual([ids.b]);
    expect(await list({ shipment_type: 'FORWARD' })).toEqual([ids.c, ids.a]); // c has no entity_type: FORWARD
    expect(await list({ order_ref: `ORD-${refA}` })).toEqual([ids.a]);
    expect(await list({}, ['SHOP2'])).toEqual([ids.b]);
    expect(await list({}, [])).toEqual([]);
  });

  it('filters creation dates, and matches the update range on creation or update', async () => {
    expect(await list({ creation_date_from: '2026-11-02', creation_date_to: '2026-11-04' })).toEqual([ids.b]);
    expect(await list({ creation_date_to: '2026-11-01T10:00:00' })).toEqual([ids.a]);
    expect(await list({ update_date_from: '2026-11-04T00:00:00Z', update_date_to: '2026-11-04T23:59:59Z' }))
      .toEqual([ids.a]);
    expect(await list({ update_date_from: '2026-11-02T00:00:00+00:00', update_date_to: '2026-11-02' }))
      .toEqual([ids.b]);
  });

  it('answers bulk status with every milestone, in the order asked, by id or reference', async () => {
    const items = await bulkStatus(database.kysely, log.tenantId, [refA, ids.b, 'unknown', ids.a], '*');
    expect(items).toEqual([
      { shipmentId: ids.a, status: 'booked', milestones: [
        { status: 'draft', date: '2026-11-01T10:00:00.000Z' },
        { status: 'pending', date: '2026-11-04T10:00:00.000Z' },
        { status: 'booked', date: '2026-11-04T10:00:01.000Z' },
      ] },
      { shipmentId: ids.b, status: 'draft', milestones: [{ status: 'draft', date: '2026-11-02T10:00:00.000Z' }] },
    ]);
    expect(await bulkStatus(database.kysely, log.tenantId, [ids.a, ids.b], ['SHOP2']))
      .toEqual([expect.objectContaining({ shipmentId: ids.b })]);
    expect(await bulkStatus(database.kysely, `other-${randomUUID()}`, [ids.a], '*')).toEqual([]);
  });
});
