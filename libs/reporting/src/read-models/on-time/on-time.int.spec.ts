import type { Database } from '@shipledger/database';
import { applyAll, freshDatabase, migrateProjector } from '../../../../../test/shipping/read-models/read-model-database';
import { reportScenario, viewTables } from '../../../../../test/reporting/report-scenario';
import { applyInBatches, filterFor } from '../report-spec-support';
import { onTimeProjector } from './on-time.projector';
import { onTime } from './on-time.queries';

describe.each(['pglite', 'postgres'] as const)('on-time view on %s', (kind) => {
  let database: Database;
  const scenario = reportScenario();
  const tenant = scenario.log.tenantId;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    await migrateProjector(database.kysely, onTimeProjector);
    await applyAll(database.kysely, onTimeProjector, scenario.events);
  });
  afterAll(async () => database?.close());

  it('leaves the same rows when the events are applied again in batches', async () => {
    const first = await viewTables(database.kysely, onTimeProjector);
    await applyInBatches(database.kysely, onTimeProjector, scenario.events, 3);
    expect(await viewTables(database.kysely, onTimeProjector)).toEqual(first);
  });

  it('counts only shipments with a promise: on time, late, per carrier', async () => {
    expect(await onTime(database.kysely, filterFor(tenant), new Date('2026-11-10T00:00:00Z'))).toEqual([
      { carrier: 'SANDBOX', promised: 2, delivered: 2, on_time: 1, late: 1, overdue: 0, on_time_rate: 0.5 },
    ]);
  });

  it('counts a promise past and not delivered as overdue at the time asked', async () => {
    const before = await onTime(database.kysely, filterFor(tenant, { to: '2026-11-02' }), new Date('2026-11-02T12:00:00Z'));
    // Only d is promised on 2 Nov (00:00 UTC) and it was delivered on 3 Nov: late, not overdue.
    expect(before).toEqual([{ carrier: 'SANDBOX', promised: 1, delivered: 1, on_time: 0, late: 1, overdue: 0, on_time_rate: 0 }]);
    expect(await onTime(database.kysely, filterFor(tenant, { from: '2026-11-05', to: '2026-11-06' }), new Date())).toEqual([]);
  });
});
