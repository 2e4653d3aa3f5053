import { sql, type Kysely } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyAll, applyInBatches, readModelTables, projectionSpec } from '../../../../testing/src/projection-spec';
import { reportScenario } from '../../../../../test/reporting/report-scenario';
import { filterFor } from '../report-spec-support';
import { shipmentReportsProjector } from '../shipment-reports';
import { leadTimes, type LeadTimeStage, type StageTimes } from './lead-times.queries';
import { SHIPMENT_REPORTS } from '../../shipment-facts/facts-projector';
import { LEAD_TIME_STAGES } from './lead-times.view';
import { RELATIVE_ERROR } from './duration-histogram';
import { withinDays } from '../report-filter';

/** Then the stage's count is exact and each percentile within the histogram's documented error (relative, or 1 s under one second). */
function expectStage(actual: StageTimes, exact: { count: number; p50: number; p90: number; p99: number }): void {
  expect(actual.count).toBe(exact.count);
  for (const p of ['p50', 'p90', 'p99'] as const) {
    const margin = Math.max(Math.abs(exact[p]) * RELATIVE_ERROR, exact[p] < 1 ? 1 : 0) + 0.0005; // + the answer's rounding to ms
    expect({ [p]: actual[p] }).toEqual({ [p]: expect.any(Number) });
    expect(Math.abs(actual[p]! - exact[p])).toBeLessThanOrEqual(margin);
  }
}

const instants = (row: Record<string, unknown>) => ({ ...row, bucket: new Date(row.bucket as string).toISOString() });

/** Postgres's percentile_cont over the stage rows: what the report answered before the histograms. */
async function exactPercentiles(db: Kysely<any>, tenant: string) {
  const stages = Object.entries(LEAD_TIME_STAGES) as [LeadTimeStage, readonly [string, string]][];
  const result: { carrier: string; stage: LeadTimeStage; count: number; p50: number; p90: number; p99: number }[] = [];
  for (const [stage, [from, to]] of stages) {
    const { rows } = await sql<{ carrier: string; count: number; p: number[] }>`select carrier, count(*)::int as count,
        percentile_cont(array[0.5, 0.9, 0.99]) within group (order by extract(epoch from ${sql.ref(to)} - ${sql.ref(from)})) as p
      from ${sql.id(readModelSchema(SHIPMENT_REPORTS), 'shipment_stages')}
      where tenant_id = ${tenant} and ${sql.ref(from)} is not null and ${sql.ref(to)} is not null group by carrier`.execute(db);
    for (const row of rows) result.push({ carrier: row.carrier, stage, count: row.count, p50: Number(row.p[0]), p90: Number(row.p[1]), p99: Number(row.p[2]) });
  }
  return result;
}

describe.each(DATABASE_KINDS)('lead-times view on %s', (kind) => {
  const spec = projectionSpec(shipmentReportsProjector, kind);
  const scenario = reportScenario();
  const tenant = scenario.log.tenantId;

  beforeAll(() => applyInBatches(spec.database.kysely, shipmentReportsProjector, scenario.events, 1000));

  it('leaves the same rows when the events are applied again, one by one', async () => {
    const first = await readModelTables(spec.database.kysely, shipmentReportsProjector);
    await applyAll(spec.database.kysely, shipmentReportsProjector, scenario.events);
    expect(await readModelTables(spec.database.kysely, shipmentReportsProjector)).toEqual(first);
  });

  it('gives percentiles of each stage per carrier and lane, in seconds', async () => {
    const rows = await leadTimes(spec.database.kysely, filterFor(tenant));
    const lane = { pickup_country: 'AE', pickup_city: 'Dubai', dropoff_country: 'AE', dropoff_city: 'Abu Dhabi' };
    // b and c are with OTHER now (ca-2); a and d with SANDBOX.
    expect(rows).toEqual([
      expect.objectContaining({ carrier: 'OTHER', ...lane, shipments: 2 }),
      expect.objectContaining({ carrier: 'SANDBOX', ...lane, shipments: 2 }),
    ]);
    const sandbox = rows[1]!.stages;
    // a booked in 60 s, d in 121 s: p50 is their mean, p90 = 60 + 0.9 × 61 — read from the histogram
    // bins, so within their relative error.
    expectStage(sandbox.created_to_booked, { count: 2, p50: 90.5, p90: 114.9, p99: 120.39 });
    expect(sandbox.created_to_delivered.count).toBe(2);
    const other = rows[0]!.stages;
    expectStage(other.created_to_booked, { count: 1, p50: 721, p90: 721, p99: 721 }); // b: 09:00 → 09:12:01
    expect(other.shipped_to_delivered).toEqual({ count: 0, p50: null, p90: null, p99: null });
  });

  it('answers within the histogram\'s relative error of the exact percentiles over the stage rows', async () => {
    const exact = await exactPercentiles(spec.database.kysely, tenant);
    const rows = await leadTimes(spec.database.kysely, filterFor(tenant));
    expect(exact.length).toBeGreaterThan(0);
    for (const { carrier, stage, count, p50, p90, p99 } of exact) {
      expectStage(rows.find((row) => row.carrier === carrier)!.stages[stage], { count, p50, p90, p99 });
    }
  });

  it('keeps its buckets equal to the stage rows counted per day and per 15 minutes of creation', async () => {
    for (const [grain, seconds] of [['day', 86_400], ['15m', 900]] as const) {
      const { rows: counted } = await sql<Record<string, unknown>>`select to_timestamp(floor(extract(epoch from created_at) / ${seconds}) * ${seconds}) as bucket,
          coalesce(carrier, '') as carrier, coalesce(carrier_account_id, '') as carrier_account_id, count(*)::int as shipments
        from ${sql.id(readModelSchema(SHIPMENT_REPORTS), 'shipment_stages')} group by 1, 2, 3 order by 1, 2, 3`.execute(spec.database.kysely);
      const { rows: buckets } = await sql<Record<string, unknown>>`select bucket, carrier, carrier_account_id, sum(shipments)::int as shipments
        from ${sql.id(readModelSchema(SHIPMENT_REPORTS), 'lead_time_buckets')} where grain = ${grain} group by 1, 2, 3 order by 1, 2, 3`.execute(spec.database.kysely);
      expect(buckets.length).toBeGreaterThan(0);
      expect(buckets.map(instants)).toEqual(counted.map(instants));
    }
  });

  it('keeps its rollup equal to the buckets summed over merchants and accounts, and answers the same from either', async () => {
    const schema = readModelSchema(SHIPMENT_REPORTS);
    const stages = sql.join(Object.keys(LEAD_TIME_STAGES).map((stage) => sql.id(stage)));
    const { rows: rollup } = await sql<Record<string, unknown>>`select tenant_id, grain, bucket, carrier, pickup_city, dropoff_city, shipments, ${stages}
      from ${sql.id(schema, 'lead_time_rollup')} order by 1, 2, 3, 4, 5, 6`.execute(spec.database.kysely);
    const { rows: summed } = await sql<Record<string, unknown>>`select tenant_id, grain, bucket, carrier, pickup_city, dropoff_city, sum(shipments)::int as shipments,
        ${sql.join(Object.keys(LEAD_TIME_STAGES).map((stage) => sql`(select coalesce(jsonb_object_agg(bin, n), '{}') from (select bin, sum(n::int) as n
          from unnest(array_agg(${sql.id(stage)})) as h, jsonb_each_text(h) as e(bin, n) group by bin) as s) as ${sql.id(stage)}`))}
      from ${sql.id(schema, 'lead_time_buckets')} group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`.execute(spec.database.kysely);
    expect(rollup.length).toBeGreaterThan(0);
    expect(rollup.map(instants)).toEqual(summed.map(instants));
    // Every merchant named and every account named (the bucket table) against all of them (the rollup)
    const everything = await leadTimes(spec.database.kysely, filterFor(tenant));
    const named = await leadTimes(spec.database.kysely, filterFor(tenant, { merchants: ['SHOP1', 'SHOP2'], carrierAccounts: ['ca-1', 'ca-2'] }));
    expect(named).toEqual(everything);
  });

  it('reads exact shipment counts in zones a half and three quarters of an hour off UTC', async () => {
    for (const timeZone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns']) {
      for (const from of ['2026-11-01', '2026-11-02']) {
        const filter = filterFor(tenant, { timeZone, from, to: from });
        const { rows: counted } = await sql<{ shipments: number }>`select count(*)::int as shipments
          from ${sql.id(readModelSchema(SHIPMENT_REPORTS), 'shipment_stages')} where tenant_id = ${tenant} and ${withinDays('created_at', filter)}`.execute(spec.database.kysely);
        const rows = await leadTimes(spec.database.kysely, filter);
        expect({ timeZone, from, shipments: rows.reduce((sum, row) => sum + row.shipments, 0) }).toEqual({ timeZone, from, shipments: counted[0]!.shipments });
      }
    }
  });

  it('counts shipments created in the range only, of the merchants asked for', async () => {
    const rows = await leadTimes(spec.database.kysely, filterFor(tenant, { from: '2026-11-02', merchants: ['SHOP2'] }));
    expect(rows).toEqual([expect.objectContaining({ carrier: 'OTHER', shipments: 1 })]);
  });
});
