import { sql } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import { DATABASE_KINDS } from '../../../testing/src/test-database';
import { applyInBatches, projectionSpec, readModelTables } from '../../../testing/src/projection-spec';
import { reportScenario } from '../../../../test/reporting/report-scenario';
import { SHIPMENT_REPORTS } from '../shipment-facts/facts-projector';
import { shipmentReportsProjector } from './shipment-reports';

describe.each(DATABASE_KINDS)('the shipment reporting views, kept by one projector, on %s', (kind) => {
  const spec = projectionSpec(shipmentReportsProjector, kind);
  const schema = readModelSchema(SHIPMENT_REPORTS);

  it('stores each shipment\'s facts once, at its last revision, and fills every view from them', async () => {
    // Given the scenario's shipments, applied in batches that cut their streams
    const scenario = reportScenario();
    await applyInBatches(spec.database.kysely, shipmentReportsProjector, scenario.events, 4);
    // Then there is one facts row per shipment, at the revision of its last event
    const last = new Map<string, number>();
    for (const event of scenario.events) last.set(event.streamId.replace(/^shipment-/, ''), event.revision);
    const { rows: facts } = await sql<{ shipment_id: string; revision: number }>`select shipment_id, revision
      from ${sql.id(schema, 'shipment_facts')}`.execute(spec.database.kysely);
    expect(new Map(facts.map((row) => [row.shipment_id, row.revision]))).toEqual(last);
    // And every view's table holds rows of those shipments
    const tables = await readModelTables(spec.database.kysely, shipmentReportsProjector);
    for (const table of ['milestones', 'booking_attempts', 'shipment_stages', 'promises', 'shipment_status']) {
      expect({ table, filled: (tables[table]?.length ?? 0) > 0 }).toEqual({ table, filled: true });
    }
  });
});
