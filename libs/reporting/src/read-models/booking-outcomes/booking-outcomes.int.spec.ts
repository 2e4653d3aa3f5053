import type { Database } from '@shipledger/database';
import { applyAll, freshDatabase, migrateProjector } from '../../../../../test/shipping/read-models/read-model-database';
import { reportScenario, viewTables } from '../../../../../test/reporting/report-scenario';
import { applyInBatches, filterFor } from '../report-spec-support';
import { bookingOutcomesProjector } from './booking-outcomes.projector';
import { bookingOutcomes } from './booking-outcomes.queries';

describe.each(['pglite', 'postgres'] as const)('booking-outcomes view on %s', (kind) => {
  let database: Database;
  const scenario = reportScenario();
  const tenant = scenario.log.tenantId;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    await migrateProjector(database.kysely, bookingOutcomesProjector);
    await applyAll(database.kysely, bookingOutcomesProjector, scenario.events);
  });
  afterAll(async () => database?.close());

  it('leaves the same rows when the events are applied again in batches', async () => {
    const first = await viewTables(database.kysely, bookingOutcomesProjector);
    await applyInBatches(database.kysely, bookingOutcomesProjector, scenario.events, 5);
    expect(await viewTables(database.kysely, bookingOutcomesProjector)).toEqual(first);
  });

  it('gives each account its requests, answers, success rate, retries and error codes', async () => {
    expect(await bookingOutcomes(database.kysely, filterFor(tenant))).toEqual([
      {
        carrier: 'OTHER', carrier_account_id: 'ca-2', carrier_account_name: 'Other two',
        attempts: 2, booked: 1, failed: 0, awaiting: 1, retries: 1, success_rate: 1, error_codes: [],
      },
      {
        carrier: 'SANDBOX', carrier_account_id: 'ca-1', carrier_account_name: 'Sandbox one',
        attempts: 3, booked: 2, failed: 1, awaiting: 0, retries: 0, success_rate: 2 / 3, error_codes: [{ code: 'E_ADDR', count: 1 }],
      },
    ]);
  });

  it('filters by request day, merchant and account', async () => {
    const firstDay = await bookingOutcomes(database.kysely, filterFor(tenant, { to: '2026-11-01' }));
    expect(firstDay).toEqual([expect.objectContaining({ carrier_account_id: 'ca-1', attempts: 2, booked: 2 })]);
    const shop2 = await bookingOutcomes(database.kysely, filterFor(tenant, { merchants: ['SHOP2'], carrierAccounts: ['ca-1'] }));
    expect(shop2).toEqual([expect.objectContaining({ attempts: 1, failed: 1, success_rate: 0 })]);
    expect(await bookingOutcomes(database.kysely, filterFor(scenario.other.tenantId))).toEqual([]);
  });
});
