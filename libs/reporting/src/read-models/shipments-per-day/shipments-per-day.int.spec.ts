import { sql } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyAll, applyInBatches, readModelTables, projectionSpec } from '../../../../testing/src/projection-spec';
import { reportScenario } from '../../../../../test/reporting/report-scenario';
import { filterFor } from '../report-spec-support';
import { shipmentReportsProjector } from '../shipment-reports';
import { shipmentsPerDay } from './shipments-per-day.queries';

describe.each(DATABASE_KINDS)('shipments-per-day view on %s', (kind) => {
  const spec = projectionSpec(shipmentReportsProjector, kind);
  const scenario = reportScenario();
  const tenant = scenario.log.tenantId;

  beforeAll(() => applyInBatches(spec.database.kysely, shipmentReportsProjector, scenario.events, 7));

  it('leaves the same rows when the events are applied again, one by one', async () => {
    const first = await readModelTables(spec.database.kysely, shipmentReportsProjector);
    await applyAll(spec.database.kysely, shipmentReportsProjector, scenario.events);
    expect(await readModelTables(spec.database.kysely, shipmentReportsProjector)).toEqual(first);
  });

  it('keeps its 15-minute buckets equal to the milestone rows counted per bucket (reassignment included)', async () => {
    const { rows: counted } = await sql<Record<string, unknown>>`select tenant_id, to_timestamp(floor(extract(epoch from at) / 900) * 900) as bucket,
        milestone, coalesce(merchant, '') as merchant, coalesce(carrier_account_id, '') as carrier_account_id, count(*)::int as shipments
      from ${sql.id(readModelSchema(shipmentReportsProjector.name), 'milestones')} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(spec.database.kysely);
    const { rows: buckets } = await sql<Record<string, unknown>>`select tenant_id, bucket, milestone, merchant, carrier_account_id, shipments
      from ${sql.id(readModelSchema(shipmentReportsProjector.name), 'milestone_buckets')} order by 1, 2, 3, 4, 5`.execute(spec.database.kysely);
    expect(buckets.length).toBeGreaterThan(0);
    expect(buckets.map((row) => ({ ...row, bucket: new Date(row.bucket as string).toISOString() })))
      .toEqual(counted.map((row) => ({ ...row, bucket: new Date(row.bucket as string).toISOString() })));
  });

  it('counts the stages reached per UTC day and current carrier account', async () => {
    const rows = await shipmentsPerDay(spec.database.kysely, filterFor(tenant));
    const pick = ({ date, carrier_account_id, created, booked, shipped, delivered }: (typeof rows)[number]) =>
      ({ date, carrier_account_id, created, booked, shipped, delivered });
    expect(rows.map(pick)).toEqual([
      { date: '2026-11-01', carrier_account_id: 'ca-1', created: 2, booked: 2, shipped: 1, delivered: 0 },
      { date: '2026-11-02', carrier_account_id: 'ca-1', created: 0, booked: 0, shipped: 1, delivered: 0 },
      // b moved to ca-2, so its creation counts there; c is still pending.
      { date: '2026-11-02', carrier_account_id: 'ca-2', created: 2, booked: 1, shipped: 1, delivered: 0 },
      { date: '2026-11-03', carrier_account_id: 'ca-1', created: 0, booked: 0, shipped: 0, delivered: 2 },
    ]);
    expect(rows[0]?.carrier_account_name).toBe('Sandbox one');
  });

  it('reads the days in the time zone asked for', async () => {
    const tokyo = await shipmentsPerDay(spec.database.kysely, filterFor(tenant, { timeZone: 'Asia/Tokyo', from: '2026-11-02', to: '2026-11-02' }));
    // a was created at 22:30 UTC on 1 Nov: 07:30 on 2 Nov in Tokyo; d (08:00 UTC) is still 1 Nov there.
    expect(tokyo.find((r) => r.carrier_account_id === 'ca-1')).toMatchObject({ date: '2026-11-02', created: 1, booked: 1 });
  });

  it('filters by merchant, carrier account and range, and never shows another tenant', async () => {
    const shop2 = await shipmentsPerDay(spec.database.kysely, filterFor(tenant, { merchants: ['SHOP2'] }));
    expect(shop2.reduce((sum, r) => sum + r.created, 0)).toBe(1);
    const ca2 = await shipmentsPerDay(spec.database.kysely, filterFor(tenant, { carrierAccounts: ['ca-2'] }));
    expect(ca2.every((r) => r.carrier_account_id === 'ca-2')).toBe(true);
    expect(await shipmentsPerDay(spec.database.kysely, filterFor(tenant, { from: '2026-11-05', to: '2026-11-30' }))).toEqual([]);
    const other = await shipmentsPerDay(spec.database.kysely, filterFor(scenario.other.tenantId));
    expect(other).toEqual([expect.objectContaining({ date: '2026-11-02', carrier_account_id: null, created: 1 })]);
  });
});
