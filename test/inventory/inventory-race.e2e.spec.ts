import { checkInventoryInvariant } from '@shipledger/inventory';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { orderClient } from '../ordering/order-requests';
import { inventoryClient, sku, stockOrder, twoLocations } from './inventory-requests';

/**
 * Never oversell: 50 orders race for 10 units (6 at A, 4 at B). Exactly 10 get a unit, each from one
 * location; the other 40 are left open with auto_allocation_failed; the ledger, the levels and the
 * orders agree. Postgres, where the requests really overlap. (Run 20 times in a row: docs/api/inventory.md.)
 */
describe('50 concurrent orders for the last 10 units (Postgres)', () => {
  let app: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    app = await startTestApp({ postgres: true });
    tenant = await app.createTenant();
  });
  afterAll(() => app?.close());

  it('reserves each unit once: 10 allocated, 40 open, available never negative, ledger = levels = orders', async () => {
    const merchant = tenant.merchants[0]!;
    const inventory = inventoryClient(app, tenant);
    const { a, b } = await twoLocations(app, tenant);
    await inventory.settings(merchant, { enabled: true, location_priority: [a, b] });
    const x = sku('RACE');
    await inventory.set(a, [{ sku: x, on_hand: 6 }]);
    await inventory.set(b, [{ sku: x, on_hand: 4 }]);

    const api = orderClient(app, tenant);
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.create(stockOrder(merchant, [{ id: 'L1', sku: x, quantity: 1 }]))));

    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const won = answers.filter((answer) => !answer.body.auto_allocation_failed);
    const lost = answers.filter((answer) => answer.body.auto_allocation_failed);
    expect(won).toHaveLength(10);
    expect(lost.every((answer) => answer.body.status === 'open' && answer.body.fulfillment_orders[0].location_id === undefined)).toBe(true);
    const at = (location: string) => won.filter((answer) => answer.body.fulfillment_orders[0].location_id === location).length;
    expect([at(a), at(b)]).toEqual([6, 4]);

    await app.waitUntilCaughtUp();
    expect(await inventory.level(a, x)).toMatchObject({ on_hand: 6, reserved: 6, available: 0 });
    expect(await inventory.level(b, x)).toMatchObject({ on_hand: 4, reserved: 4, available: 0 });
    const ledger = (await inventory.call('GET', `/inventory/${x}/ledger?limit=500`)).body;
    expect(ledger.reserved_by.map((holder: { order_id: string }) => holder.order_id).sort()).toEqual(won.map((answer) => answer.body.order_id).sort());
    // Refused reservations append nothing: every movement after the two counts is one order's unit.
    expect(ledger.movements.filter((m: { type: string }) => m.type === 'InventoryReserved')).toHaveLength(10);
    expect(ledger.movements.every((m: { on_hand: number; reserved: number }) => m.on_hand - m.reserved >= 0)).toBe(true);
    const report = await checkInventoryInvariant(app.eventStore, app.database, tenant.tenantId);
    expect(report.differences).toEqual([]);
    expect(report.orders).toBe(10);
  });
});
