import { readModelSchema, rebuildProjector } from '@shipledger/projections';
import { REPORTING_PROJECTORS } from '@shipledger/reporting';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { readModelTables } from '../../libs/testing/src/projection-spec';
import { runMixedWorkload, runOrderWorkload, type OrderWorkloadResult, type WorkloadResult } from './report-workload';

describe('reports over HTTPS after a mixed workload', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let workload: WorkloadResult;
  let shop: TestTenant;
  let orders: OrderWorkloadResult;
  const get = (path: string, headers: Record<string, string> = {}) => app.http.request('GET', path, { headers: { ...tenant.headers, ...headers } });
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    app = await startTestApp({ postgres: true });
    tenant = await app.createTenant({ merchants: ['SHOP-A', 'SHOP-B'] });
    workload = await runMixedWorkload(app, tenant);
    // The orders in a tenant of their own: their shipments leave the first tenant's shipment counts alone.
    shop = await app.createTenant({ merchants: ['SHOP-O1', 'SHOP-O2'] });
    orders = await runOrderWorkload(app, shop);
  });
  afterAll(() => app?.close());

  it('rebuilds every view from zero into the same tables as the live ones, pre-aggregated buckets included', async () => {
    const buckets: Record<string, string[]> = {
      'report-shipments': ['shipment_facts', 'milestone_buckets', 'booking_buckets', 'booking_error_buckets', 'lead_time_buckets', 'lead_time_rollup'],
      'report-orders': ['order_buckets'],
    };
    for (const projector of REPORTING_PROJECTORS) {
      const live = await readModelTables(app.database.kysely, projector);
      expect(Object.values(live).flat().length).toBeGreaterThan(0);
      for (const table of buckets[projector.name] ?? []) expect({ table, filled: (live[table]?.length ?? 0) > 0 }).toEqual({ table, filled: true });
      const result = await rebuildProjector({ database: app.database, eventStore: app.eventStore, projector, batchSize: 7 });
      expect(result.events).toBeGreaterThan(0);
      expect(await readModelTables(app.database.kysely, projector, readModelSchema(projector.name))).toEqual(live);
    }
  });

  it('counts the shipments per day and account, and gives the same rows as CSV', async () => {
    const range = `from=${addDays(today, -1)}&to=${addDays(today, 1)}`; // whatever midnight passes during the test
    const json = await get(`/reports/shipments-per-day?${range}`);
    expect(json.status).toBe(200);
    expect(json.body.filter).toEqual({ from: addDays(today, -1), to: addDays(today, 1), time_zone: 'UTC', merchants: '*', carrier_accounts: [] });
    const total = (key: string) => json.body.rows.reduce((sum: number, row: any) => sum + row[key], 0);
    expect(total('created')).toBe(7);
    expect(total('booked')).toBe(5); // all but the draft and the rejected one
    expect(total('delivered')).toBeGreaterThanOrEqual(2);
    const csv = await get(`/reports/shipments-per-day?${range}`, { accept: 'text/csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('date,carrier_account_id,carrier_account_name,created,booked,shipped,delivered');
    expect(lines).toHaveLength(json.body.rows.length + 1);
  });

  it('gives booking outcomes per account with the rejection code and the retry', async () => {
    const { body } = await get('/reports/booking-outcomes');
    const spare = body.rows.find((r: any) => r.carrier_account_id === workload.accounts.spare.carrier_account_id);
    const main = body.rows.find((r: any) => r.carrier_account_id === workload.accounts.main.carrier_account_id);
    expect(main).toMatchObject({ attempts: 4, booked: 3, failed: 1, retries: 0, error_codes: [{ code: expect.any(String), count: 1 }] });
    expect(spare).toMatchObject({ attempts: 3, retries: 1, failed: 1 });
  });

  it('gives lead times, on-time and exceptions for the same shipments', async () => {
    const lead = (await get('/reports/lead-times?merchant=SHOP-A')).body;
    // The draft has no carrier yet: a row of its own.
    expect(lead.rows).toEqual([
      expect.objectContaining({ carrier: 'SANDBOX', pickup_city: 'Dubai', dropoff_city: 'Dubai', shipments: 4 }),
      expect.objectContaining({ carrier: null, shipments: 1 }),
    ]);
    expect(lead.rows[0].stages.created_to_booked.count).toBe(4);
    const onTime = (await get(`/reports/on-time?from=${addDays(today, -1)}&to=${addDays(today, 5)}`)).body;
    expect(onTime.rows).toEqual([expect.objectContaining({ carrier: 'SANDBOX', promised: 3 })]);
    const exceptions = (await get('/reports/exceptions?stuck_hours=1&as_of=2099-01-01T00:00:00Z')).body;
    expect(exceptions.counts).toMatchObject({ failed_delivery_attempt: 2, returned: 1 });
    expect(exceptions.thresholds).toEqual({ pending_minutes: 60, stuck_hours: 1 });
  });

  it('counts the orders created per day and merchant by their status now, and gives the same rows as CSV', async () => {
    const range = `from=${addDays(today, -1)}&to=${addDays(today, 1)}&time_zone=Asia/Kolkata`;
    const ask = (query: string, headers: Record<string, string> = {}) =>
      app.http.request('GET', `/reports/orders-per-status?${query}`, { headers: { ...shop.headers, ...headers } });
    const json = await ask(range);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ report: 'orders-per-status', filter: { time_zone: 'Asia/Kolkata', merchants: '*', carrier_accounts: [] } });
    const total = (rows: any[], key: string) => rows.reduce((sum: number, row: any) => sum + row[key], 0);
    expect(total(json.body.rows, 'created')).toBe(orders.orders.length);
    // Each status counts exactly the orders the orders API shows in it.
    for (const status of ['open', 'partially_allocated', 'allocated', 'partially_fulfilled', 'fulfilled', 'closed', 'cancelled']) {
      expect({ status, count: total(json.body.rows, status) }).toEqual({ status, count: orders.orders.filter((o) => o.status === status).length });
    }
    expect(orders.orders.map((o) => o.status)).toEqual(['fulfilled', 'closed', 'cancelled', 'allocated', 'allocated', 'allocated']);
    const two = await ask(`${range}&merchant=SHOP-O2`);
    expect(two.body.rows.map((row: any) => row.merchant)).toEqual(two.body.rows.map(() => 'SHOP-O2'));
    expect(total(two.body.rows, 'created')).toBe(2);
    const csv = await ask(range, { accept: 'text/csv' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="orders-per-status-${addDays(today, -1)}-${addDays(today, 1)}.csv"`);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('date,merchant,created,open,partially_allocated,allocated,partially_fulfilled,fulfilled,closed,cancelled');
    expect(lines).toHaveLength(json.body.rows.length + 1);
    // The first tenant has no orders.
    expect((await get('/reports/orders-per-status')).body.rows).toEqual([]);
  });

  it('gives the time from order to first shipment per merchant, the orders awaiting one, and the same as CSV', async () => {
    const ask = (query: string, headers: Record<string, string> = {}) =>
      app.http.request('GET', `/reports/order-to-shipment?${query}`, { headers: { ...shop.headers, ...headers } });
    const json = await ask(`from=${addDays(today, -1)}&to=${addDays(today, 1)}`);
    expect(json.status).toBe(200);
    // SHOP-O1: fulfilled, shipped while allocated, fulfilled then unfulfilled (its first shipment stays); closed without one.
    expect(json.body.rows).toEqual([
      { merchant: 'SHOP-O1', orders: 4, shipped: 3, awaiting: 0, without_shipment: 1, p50: expect.any(Number), p90: expect.any(Number), p99: expect.any(Number) },
      { merchant: 'SHOP-O2', orders: 2, shipped: 0, awaiting: 1, without_shipment: 1, p50: null, p90: null, p99: null },
    ]);
    const [first] = json.body.rows;
    expect(first.p50).toBeGreaterThanOrEqual(0);
    expect(first.p50).toBeLessThanOrEqual(first.p90);
    expect(first.p90).toBeLessThanOrEqual(first.p99);
    expect(first.p99).toBeLessThan(3600);
    const csv = await ask(`from=${addDays(today, -1)}&to=${addDays(today, 1)}&merchant=SHOP-O2`, { accept: 'text/csv' });
    expect(csv.text.trim().split('\n')).toEqual(['merchant,orders,shipped,awaiting,without_shipment,p50_s,p90_s,p99_s', 'SHOP-O2,2,0,1,1,,,']);
  });

  it('refuses carrier_account on the order reports, and a bad filter, with a 400 naming each field', async () => {
    for (const report of ['orders-per-status', 'order-to-shipment']) {
      const bad = await app.http.request('GET', `/reports/${report}?carrier_account=ca-1&time_zone=Mars/Olympus`, { headers: shop.headers });
      expect(bad.status).toBe(400);
      const fields = bad.body.errors.join(' ');
      expect(fields).toMatch(/carrier_account/);
      expect(fields).toMatch(/time_zone/);
    }
    const backwards = await app.http.request('GET', '/reports/order-to-shipment?from=2026-05-02&to=2026-05-01', { headers: shop.headers });
    expect([backwards.status, backwards.text]).toEqual([400, expect.stringMatching(/to must not be before from/)]);
  });

  it('answers a bad filter with a 400 naming each field, and refuses clients without read:reports', async () => {
    const bad = await get('/reports/lead-times?time_zone=Mars/Olympus&from=2026-02-30&limit=3');
    expect(bad.status).toBe(400);
    const fields = bad.body.errors.join(' ');
    expect(fields).toMatch(/time_zone/);
    expect(fields).toMatch(/limit/);
    const backwards = await get('/reports/on-time?from=2026-05-02&to=2026-05-01');
    expect(backwards.status).toBe(400);
    expect(backwards.text).toMatch(/to must not be before from/);
    const tooLong = await get('/reports/shipments-per-day?from=2024-01-01&to=2026-01-01');
    expect(tooLong.status).toBe(400);
    const range = await get('/reports/exceptions?pending_minutes=0');
    expect(range.status).toBe(400);

    const reader = await app.createTenant({ scopes: ['read:shipments'] });
    const refused = await app.http.request('GET', '/reports/shipments-per-day', { headers: reader.headers });
    expect(refused.status).toBe(403);
  });

  it('keeps a client limited to one merchant to that merchant', async () => {
    const limited = await app.createTenant({ merchants: ['SHOP-C', 'SHOP-D'], clientMerchants: ['SHOP-C'] });
    const outside = await app.http.request('GET', '/reports/lead-times?merchant=SHOP-D', { headers: limited.headers });
    expect(outside.status).toBe(403);
    const own = await app.http.request('GET', '/reports/lead-times', { headers: limited.headers });
    expect(own.body.filter.merchants).toEqual(['SHOP-C']);
    // Another tenant sees none of the first tenant's shipments.
    expect(own.body.rows).toEqual([]);
  });

  it('shows projector lag for every follower, and the parked events of this tenant\'s shipments only', async () => {
    const { status, body } = await get('/reports/operations');
    expect(status).toBe(200);
    expect(body.followers).toEqual(expect.arrayContaining([
      { kind: 'projector', name: 'report-shipments', lag: 0 },
      expect.objectContaining({ kind: 'reactor' }),
    ]));
    expect(body.parked).toEqual([]);

    // Given an event of this tenant's shipment and one of a shipment it does not own, both parked
    const [own] = await app.eventStore.readStream(`shipment-${workload.shipmentIds[0]}`);
    const parked = (streamId: string, eventId: string) => ({
      kind: 'reactor', follower: 'carrier-booking', event_id: eventId, event_type: 'ShipmentBookingRequested', stream_id: streamId,
      revision: 2, position: own!.position, attempts: 5, last_error: 'Error: carrier down\n    at stack line',
    });
    await app.database.kysely.withSchema('projections').insertInto('parked_events')
      .values([parked(own!.streamId, own!.id), parked('shipment-not-this-tenants', 'e-other')]).execute();
    // Then the tenant sees its own, with the error's first line only
    const after = await get('/reports/operations');
    expect(after.body.parked).toEqual([{
      kind: 'reactor', follower: 'carrier-booking', event_type: 'ShipmentBookingRequested', shipment_id: workload.shipmentIds[0],
      attempts: 5, parked_at: expect.any(String), error: 'Error: carrier down',
    }]);
    await app.database.kysely.withSchema('projections').deleteFrom('parked_events').execute();
  });
});

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
