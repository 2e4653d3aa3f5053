import { sql } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyInBatches, readModelTables, projectionSpec } from '../../../../testing/src/projection-spec';
import { orderReportScenario } from '../../../../../test/reporting/order-report-scenario';
import { RELATIVE_ERROR } from '../lead-times/duration-histogram';
import { filterFor } from '../report-spec-support';
import { ordersReportProjector } from './orders.projector';
import { ordersPerStatus, orderToShipment } from './orders.queries';

const none = { open: 0, partially_allocated: 0, allocated: 0, partially_fulfilled: 0, fulfilled: 0, closed: 0, cancelled: 0 };

describe.each(DATABASE_KINDS)('orders view on %s', (kind) => {
  const spec = projectionSpec(ordersReportProjector, kind);
  const batched = projectionSpec(ordersReportProjector, kind);
  const scenario = orderReportScenario();
  const tenant = scenario.log.tenantId;
  const schema = readModelSchema(ordersReportProjector.name);

  it('given the orders, then each day counts the orders created and the status each is in now (events applied twice)', () =>
    spec.given(scenario.events).then((db) => ordersPerStatus(db.kysely, filterFor(tenant)), [
      // a went open → allocated → fulfilled: it counts once, under its current status.
      { date: '2026-11-01', merchant: 'SHOP1', created: 1, ...none, fulfilled: 1 },
      { date: '2026-11-02', merchant: 'SHOP1', created: 2, ...none, fulfilled: 1, closed: 1 },
      { date: '2026-11-02', merchant: 'SHOP2', created: 1, ...none, cancelled: 1 },
      { date: '2026-11-03', merchant: null, created: 1, ...none, open: 1 },
      { date: '2026-11-03', merchant: 'SHOP1', created: 1, ...none, allocated: 1 },
    ]));

  it('given the same events in batches of 3, then every table equals the one-by-one build', async () => {
    await applyInBatches(batched.database.kysely, ordersReportProjector, scenario.events, 3);
    expect(await readModelTables(batched.database.kysely, ordersReportProjector))
      .toEqual(await readModelTables(spec.database.kysely, ordersReportProjector));
  });

  it('keeps its buckets equal to the orders counted per creation bucket and current status (both grains)', async () => {
    const { rows: counted } = await sql<Record<string, unknown>>`select tenant_id, g.grain,
        to_timestamp(floor(extract(epoch from created_at) / g.size) * g.size) as bucket, coalesce(merchant, '') as merchant, status,
        count(*)::int as orders, count(first_shipment_at)::int as shipped
      from ${sql.id(schema, 'order_facts')} cross join (values ('day', 86400), ('15m', 900)) as g(grain, size)
      group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(spec.database.kysely);
    const { rows: buckets } = await sql<Record<string, unknown>>`select tenant_id, grain, bucket, merchant, status, orders, shipped
      from ${sql.id(schema, 'order_buckets')} order by 1, 2, 3, 4, 5`.execute(spec.database.kysely);
    const iso = (rows: Record<string, unknown>[]) => rows.map((row) => ({ ...row, bucket: new Date(row.bucket as string).toISOString() }));
    expect(buckets.length).toBeGreaterThan(0);
    expect(iso(buckets)).toEqual(iso(counted));
  });

  it('reads the days in the time zone asked for, to the quarter hour', async () => {
    // a (22:30 UTC on 1 Nov) is 07:30 on 2 Nov in Tokyo; e (08:00 UTC on 3 Nov) is 17:00 on 3 Nov there.
    const tokyo = await ordersPerStatus(spec.database.kysely, filterFor(tenant, { timeZone: 'Asia/Tokyo', from: '2026-11-02', to: '2026-11-02' }));
    expect(tokyo).toEqual([
      { date: '2026-11-02', merchant: 'SHOP1', created: 3, ...none, fulfilled: 2, closed: 1 },
      { date: '2026-11-02', merchant: 'SHOP2', created: 1, ...none, cancelled: 1 },
    ]);
    // f (23:50 UTC on 3 Nov, bucket 23:45) is 05:20 on 4 Nov in Kolkata (+05:30): not on the 3rd there.
    const kolkata = await ordersPerStatus(spec.database.kysely, filterFor(tenant, { timeZone: 'Asia/Kolkata', from: '2026-11-03', to: '2026-11-04' }));
    expect(kolkata).toEqual([
      { date: '2026-11-03', merchant: 'SHOP1', created: 1, ...none, allocated: 1 },
      { date: '2026-11-04', merchant: null, created: 1, ...none, open: 1 },
    ]);
  });

  it('gives the time from creation to first shipment per merchant, within the histogram error of percentile_cont', async () => {
    const rows = await orderToShipment(spec.database.kysely, filterFor(tenant));
    expect(rows.map(({ p50: _50, p90: _90, p99: _99, ...counts }) => counts)).toEqual([
      { merchant: null, orders: 1, shipped: 0, awaiting: 1, without_shipment: 0 },
      // a shipped after 1 h, d after 2 days; e is awaiting; b was closed without shipping.
      { merchant: 'SHOP1', orders: 4, shipped: 2, awaiting: 1, without_shipment: 1 },
      { merchant: 'SHOP2', orders: 1, shipped: 0, awaiting: 0, without_shipment: 1 },
    ]);
    expect(rows[0]).toMatchObject({ p50: null, p90: null, p99: null });
    const { rows: [exact] } = await sql<{ p50: number; p90: number; p99: number }>`select
        percentile_cont(0.5) within group (order by s) as p50, percentile_cont(0.9) within group (order by s) as p90,
        percentile_cont(0.99) within group (order by s) as p99
      from (select extract(epoch from first_shipment_at - created_at)::float8 as s from ${sql.id(schema, 'order_facts')}
        where tenant_id = ${tenant} and merchant = 'SHOP1' and first_shipment_at is not null) as d`.execute(spec.database.kysely);
    expect([exact!.p50, exact!.p90, exact!.p99].map(Number)).toEqual([88_200, 155_880, 171_108]);
    for (const p of ['p50', 'p90', 'p99'] as const) {
      expect(Math.abs(rows[1]![p]! - Number(exact![p])) / Number(exact![p])).toBeLessThanOrEqual(RELATIVE_ERROR);
    }
  });

  it('counts only the orders created in the window, in its time zone', async () => {
    const tokyo = await orderToShipment(spec.database.kysely, filterFor(tenant, { timeZone: 'Asia/Tokyo', from: '2026-11-02', to: '2026-11-02' }));
    expect(tokyo.map(({ merchant, orders, shipped, awaiting }) => ({ merchant, orders, shipped, awaiting }))).toEqual([
      { merchant: 'SHOP1', orders: 3, shipped: 2, awaiting: 0 },
      { merchant: 'SHOP2', orders: 1, shipped: 0, awaiting: 0 },
    ]);
  });

  it('filters by merchant and range, and never shows another tenant', async () => {
    const shop2 = await ordersPerStatus(spec.database.kysely, filterFor(tenant, { merchants: ['SHOP2'] }));
    expect(shop2.map((row) => row.merchant)).toEqual(['SHOP2']);
    expect(await orderToShipment(spec.database.kysely, filterFor(tenant, { merchants: ['SHOP2'] }))).toHaveLength(1);
    expect(await ordersPerStatus(spec.database.kysely, filterFor(tenant, { from: '2026-11-05', to: '2026-11-30' }))).toEqual([]);
    expect(await ordersPerStatus(spec.database.kysely, filterFor(scenario.other.tenantId))).toEqual([
      { date: '2026-11-02', merchant: 'SHOP1', created: 1, ...none, allocated: 1 },
    ]);
  });
});
