import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyAll, applyInBatches, readModelTables, projectionSpec } from '../../../../testing/src/projection-spec';
import { reportScenario } from '../../../../../test/reporting/report-scenario';
import { filterFor } from '../report-spec-support';
import { shipmentReportsProjector } from '../shipment-reports';
import { onTime } from './on-time.queries';

describe.each(DATABASE_KINDS)('on-time view on %s', (kind) => {
  const spec = projectionSpec(shipmentReportsProjector, kind);
  const scenario = reportScenario();
  const tenant = scenario.log.tenantId;

  beforeAll(() => applyAll(spec.database.kysely, shipmentReportsProjector, scenario.events));

  it('leaves the same rows when the events are applied again in batches', async () => {
    const first = await readModelTables(spec.database.kysely, shipmentReportsProjector);
    await applyInBatches(spec.database.kysely, shipmentReportsProjector, scenario.events, 3);
    expect(await readModelTables(spec.database.kysely, shipmentReportsProjector)).toEqual(first);
  });

  it('counts only shipments with a promise: on time, late, per carrier', async () => {
    expect(await onTime(spec.database.kysely, filterFor(tenant), new Date('2026-11-10T00:00:00Z'))).toEqual([
      { carrier: 'SANDBOX', promised: 2, delivered: 2, on_time: 1, late: 1, overdue: 0, on_time_rate: 0.5 },
    ]);
  });

  it('counts a promise past and not delivered as overdue at the time asked', async () => {
    const before = await onTime(spec.database.kysely, filterFor(tenant, { to: '2026-11-02' }), new Date('2026-11-02T12:00:00Z'));
    // Only d is promised on 2 Nov (00:00 UTC) and it was delivered on 3 Nov: late, not overdue.
    expect(before).toEqual([{ carrier: 'SANDBOX', promised: 1, delivered: 1, on_time: 0, late: 1, overdue: 0, on_time_rate: 0 }]);
    expect(await onTime(spec.database.kysely, filterFor(tenant, { from: '2026-11-05', to: '2026-11-06' }), new Date())).toEqual([]);
  });
});
