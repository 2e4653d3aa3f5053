import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyAll, applyInBatches, readModelTables, projectionSpec } from '../../../../testing/src/projection-spec';
import { reportScenario } from '../../../../../test/reporting/report-scenario';
import { filterFor } from '../report-spec-support';
import { shipmentReportsProjector } from '../shipment-reports';
import { exceptions } from './exceptions.queries';

describe.each(DATABASE_KINDS)('exceptions view on %s', (kind) => {
  const spec = projectionSpec(shipmentReportsProjector, kind);
  const scenario = reportScenario();
  const { ids } = scenario;
  const tenant = scenario.log.tenantId;
  const thresholds = { pendingMinutes: 60, stuckHours: 48, asOf: new Date('2026-11-04T13:00:00Z'), limit: 100 };

  beforeAll(() => applyInBatches(spec.database.kysely, shipmentReportsProjector, scenario.events, 4));

  it('leaves the same rows when the events are applied again, one by one', async () => {
    const first = await readModelTables(spec.database.kysely, shipmentReportsProjector);
    await applyAll(spec.database.kysely, shipmentReportsProjector, scenario.events);
    expect(await readModelTables(spec.database.kysely, shipmentReportsProjector)).toEqual(first);
  });

  it('lists pending-too-long, stuck, failed-attempt and returned shipments, longest in status first', async () => {
    const report = await exceptions(spec.database.kysely, filterFor(tenant), thresholds);
    expect(report.counts).toEqual({ pending_too_long: 1, failed_delivery_attempt: 1, returned: 1, stuck: 1 });
    expect(report.shipments.map((s) => [s.shipment_id, s.exceptions])).toEqual([
      [ids.c, ['pending_too_long', 'stuck']],
      [ids.b, ['failed_delivery_attempt', 'returned']],
    ]);
    expect(report.shipments[1]).toMatchObject({ status: 'returned', status_since: '2026-11-04T12:00:00.000Z', failed_delivery_attempts: 1, returned_at: '2026-11-04T12:00:00.000Z' });
  });

  it('takes the thresholds and the time of the question into account', async () => {
    const early = await exceptions(spec.database.kysely, filterFor(tenant), { ...thresholds, asOf: new Date('2026-11-02T11:30:00Z') });
    // The time only moves the thresholds: attempts and returns are the shipments' current facts.
    expect(early.counts).toEqual({ pending_too_long: 0, failed_delivery_attempt: 1, returned: 1, stuck: 0 });
    const patient = await exceptions(spec.database.kysely, filterFor(tenant), { ...thresholds, pendingMinutes: 100_000, stuckHours: 1000 });
    expect(patient.shipments.map((s) => s.shipment_id)).toEqual([ids.b]);
    const limited = await exceptions(spec.database.kysely, filterFor(tenant), { ...thresholds, limit: 1 });
    expect(limited.shipments).toHaveLength(1);
    expect(limited.counts.returned).toBe(1);
  });
});
