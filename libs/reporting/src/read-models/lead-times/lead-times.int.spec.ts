import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyAll, applyInBatches, readModelTables, projectionSpec } from '../../../../testing/src/projection-spec';
import { reportScenario } from '../../../../../test/reporting/report-scenario';
import { filterFor } from '../report-spec-support';
import { leadTimesProjector } from './lead-times.projector';
import { leadTimes } from './lead-times.queries';

describe.each(DATABASE_KINDS)('lead-times view on %s', (kind) => {
  const spec = projectionSpec(leadTimesProjector, kind);
  const scenario = reportScenario();
  const tenant = scenario.log.tenantId;

  beforeAll(() => applyInBatches(spec.database.kysely, leadTimesProjector, scenario.events, 1000));

  it('leaves the same rows when the events are applied again, one by one', async () => {
    const first = await readModelTables(spec.database.kysely, leadTimesProjector);
    await applyAll(spec.database.kysely, leadTimesProjector, scenario.events);
    expect(await readModelTables(spec.database.kysely, leadTimesProjector)).toEqual(first);
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
    // a booked in 60 s, d in 121 s: p50 is their mean, p90 = 60 + 0.9 × 61.
    expect(sandbox.created_to_booked).toEqual({ count: 2, p50: 90.5, p90: 114.9, p99: 120.39 });
    expect(sandbox.created_to_delivered.count).toBe(2);
    const other = rows[0]!.stages;
    expect(other.created_to_booked).toEqual({ count: 1, p50: 721, p90: 721, p99: 721 }); // b: 09:00 → 09:12:01
    expect(other.shipped_to_delivered).toEqual({ count: 0, p50: null, p90: null, p99: null });
  });

  it('counts shipments created in the range only, of the merchants asked for', async () => {
    const rows = await leadTimes(spec.database.kysely, filterFor(tenant, { from: '2026-11-02', merchants: ['SHOP2'] }));
    expect(rows).toEqual([expect.objectContaining({ carrier: 'OTHER', shipments: 1 })]);
  });
});
