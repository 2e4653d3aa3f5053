import { DATABASE_KINDS } from '../../../../testing/src/test-database';
import { applyAll, applyInBatches, readModelTables, projectionSpec } from '../../../../testing/src/projection-spec';
import { reportScenario } from '../../../../../test/reporting/report-scenario';
import { filterFor } from '../report-spec-support';
import { bookingOutcomesProjector } from './booking-outcomes.projector';
import { bookingOutcomes } from './booking-outcomes.queries';

describe.each(DATABASE_KINDS)('booking-outcomes view on %s', (kind) => {
  const spec = projectionSpec(bookingOutcomesProjector, kind);
  const scenario = reportScenario();
  const tenant = scenario.log.tenantId;

  beforeAll(() => applyAll(spec.database.kysely, bookingOutcomesProjector, scenario.events));

  it('leaves the same rows when the events are applied again in batches', async () => {
    const first = await readModelTables(spec.database.kysely, bookingOutcomesProjector);
    await applyInBatches(spec.database.kysely, bookingOutcomesProjector, scenario.events, 5);
    expect(await readModelTables(spec.database.kysely, bookingOutcomesProjector)).toEqual(first);
  });

  it('gives each account its requests, answers, success rate, retries and error codes', async () => {
    expect(await bookingOutcomes(spec.database.kysely, filterFor(tenant))).toEqual([
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
    const firstDay = await bookingOutcomes(spec.database.kysely, filterFor(tenant, { to: '2026-11-01' }));
    expect(firstDay).toEqual([expect.objectContaining({ carrier_account_id: 'ca-1', attempts: 2, booked: 2 })]);
    const shop2 = await bookingOutcomes(spec.database.kysely, filterFor(tenant, { merchants: ['SHOP2'], carrierAccounts: ['ca-1'] }));
    expect(shop2).toEqual([expect.objectContaining({ attempts: 1, failed: 1, success_rate: 0 })]);
    expect(await bookingOutcomes(spec.database.kysely, filterFor(scenario.other.tenantId))).toEqual([]);
  });
});
