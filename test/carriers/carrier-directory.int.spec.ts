import { CarrierAccountDirectoryAdapter, CarriersContext } from '@shipledger/carriers';
import { startCarriersHarness, type CarriersHarness } from './carriers-harness';

/**
 * The directory Shipping asks on every create keeps a tenant's live accounts for a few seconds: a change
 * through the same process is seen at once, a change through another process within DIRECTORY_CACHE_MS.
 */
describe('carrier account directory cache', () => {
  let harness: CarriersHarness;
  let otherProcess: CarriersContext;

  beforeAll(async () => {
    harness = await startCarriersHarness('pglite');
    otherProcess = new CarriersContext({ database: harness.database, eventStore: harness.eventStore, config: harness.context.config });
  });
  afterAll(() => harness?.close());

  it('sees its own process’s writes at once and another process’s after the cache time', async () => {
    let clock = 1_000_000;
    const directory = new CarrierAccountDirectoryAdapter(harness.context.accountRepository, harness.context.carriers, () => clock);
    const route = () => directory.chooseByRouting(harness.tenantId, { shipment_id: 's', content: {} });

    expect(await route()).toBeUndefined();
    const first = await harness.createAccount({ carrierAccountName: 'First' });
    expect((await route())?.carrier_id).toBe(first.carrierAccountId);
    expect((await directory.resolve(harness.tenantId, { carrier_account_name: 'FIRST' }))?.status).toBe('active');

    await harness.context.accounts.replace(harness.tenantId, first.carrierAccountId, {
      carrierAccountName: 'First', carrier: 'SANDBOX', property: {}, defaultLabel: 'carrier_pdf',
      autoReadyToShip: false, autoReturnConfirmed: false, status: 'inactive',
    });
    expect(await route()).toBeUndefined();
    expect((await directory.resolve(harness.tenantId, { carrier_id: first.carrierAccountId }))?.status).toBe('inactive');

    const elsewhere = await otherProcess.accounts.create(harness.tenantId, {
      carrierAccountName: 'Second', carrier: 'SANDBOX', property: {}, defaultLabel: 'carrier_pdf',
      autoReadyToShip: false, autoReturnConfirmed: false, status: 'active',
    });
    expect(await route()).toBeUndefined();
    clock += 5_001;
    expect((await route())?.carrier_id).toBe(elsewhere.carrierAccountId);

    await harness.context.accounts.delete(harness.tenantId, first.carrierAccountId);
    expect(await directory.resolve(harness.tenantId, { carrier_account_name: 'First' })).toBeUndefined();
    expect((await directory.resolve(harness.tenantId, { carrier_id: first.carrierAccountId }))?.status).toBe('deleted');
  });
});
