import { checkInventoryInvariant } from '@shipledger/inventory';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { createLocation, orderClient, type OrderClient } from '../ordering/order-requests';
import { inventoryClient, sku, stockOrder, twoLocations, type InventoryClient } from './inventory-requests';

describe('inventory API and automatic allocation over HTTPS (PGlite)', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let inventory: InventoryClient;
  let orders: OrderClient;
  let merchant: string;
  let locations: Awaited<ReturnType<typeof twoLocations>>;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    merchant = tenant.merchants[0]!;
    inventory = inventoryClient(app, tenant);
    orders = orderClient(app, tenant);
    locations = await twoLocations(app, tenant);
    expect((await inventory.settings(merchant, { enabled: true, location_priority: [locations.codeA] })).status).toBe(200);
  });
  afterAll(() => app?.close());

  it('settings: PUT sets the given fields and defaults the rest; GET reads them; an unknown merchant is 404, a bad body 400 naming the field', async () => {
    const other = await app.createTenant();
    const client = inventoryClient(app, other);
    const put = await client.settings(other.merchants[0]!, { enabled: true, stock_reduction_timing: 'ON_STOCK_SYNC', allow_oversell: true });
    expect(put.body).toEqual({
      merchant: other.merchants[0], enabled: true, stock_reduction_timing: 'ON_STOCK_SYNC', allow_oversell: true, cancel_unfillable_orders: false, location_priority: [],
    });
    await client.settings(other.merchants[0]!, { enabled: false });
    expect((await client.call('GET', `/inventory/settings/${other.merchants[0]}`)).body).toMatchObject({ enabled: false, stock_reduction_timing: 'ON_ORDER_FULFILLED', allow_oversell: false });
    expect((await client.settings('NOPE', { enabled: true })).status).toBe(404);
    const bad = await client.settings(other.merchants[0]!, { enabled: 'yes', stock_reduction_timing: 'LATER' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['enabled', 'stock_reduction_timing']);
  });

  it('set and adjust by location code or id; adjust is all or nothing; GET /inventory pages; the ledger names each cause', async () => {
    const [x, y] = [sku('X'), sku('Y')];
    const set = await inventory.set(locations.codeA, [{ sku: x, on_hand: 5 }, { sku: y, on_hand: 2 }]);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ location_id: locations.a, levels: [
      { location_id: locations.a, sku: x, on_hand: 5, reserved: 0, available: 5 },
      { location_id: locations.a, sku: y, on_hand: 2, reserved: 0, available: 2 },
    ] });
    const refused = await inventory.call('POST', '/inventory/adjust', { location_id: locations.a, items: [{ sku: x, delta: 3, reason: 'delivery' }, { sku: y, delta: -3, reason: 'damaged' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('on_hand_negative');
    expect(await inventory.level(locations.a, x)).toEqual({ location_id: locations.a, sku: x, on_hand: 5, reserved: 0, available: 5 });
    const adjusted = await inventory.call('POST', '/inventory/adjust', { location_id: locations.codeA, items: [{ sku: x, delta: -1, reason: 'damaged' }] });
    expect(adjusted.body.levels[0]).toMatchObject({ on_hand: 4 });
    await app.waitUntilCaughtUp();
    const page = await inventory.call('GET', `/inventory?location_id=${locations.codeA}&page_size=1&page=1`);
    expect(page.body).toMatchObject({ page: 1, page_size: 1 });
    expect(page.body.levels).toHaveLength(1);
    const ledger = await inventory.call('GET', `/inventory/${x}/ledger`);
    expect(ledger.body.movements.map((m: { type: string; cause: unknown }) => [m.type, m.cause])).toEqual([
      ['InventoryOnHandAdjusted', { kind: 'manual', operation: 'adjust', reason: 'damaged' }],
      ['InventoryOnHandAdjusted', { kind: 'manual', operation: 'adjust', reason: 'compensation: the request was refused as a whole' }],
      ['InventoryOnHandAdjusted', { kind: 'manual', operation: 'adjust', reason: 'delivery' }],
      ['InventoryOnHandSet', { kind: 'manual', operation: 'set' }],
    ]);
    expect((await inventory.set('NO-SUCH-LOCATION', [{ sku: x, on_hand: 1 }])).body).toMatchObject({ code: 'location_not_found', details: [{ field: 'location_id' }] });
    const unknown = await inventory.call('GET', `/inventory/NEVER-${x}/ledger`);
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 404, code: 'sku_not_found' });
    const restricted = await createLocation(app, tenant, `WR-${x}`, [merchant]);
    expect((await inventory.set(`WR-${x}`, [{ sku: x, on_hand: 1 }])).body.location_id).toBe(restricted);
    const dup = await inventory.set(locations.a, [{ sku: x, on_hand: 1 }, { sku: x, on_hand: 2 }]);
    expect(dup.body).toMatchObject({ code: 'validation_failed', details: [{ field: 'items[1].sku' }] });
  });

  it('allocates to one location that fills the whole order (priority first), reserves, and explains it in the history', async () => {
    const x = sku('X');
    await inventory.set(locations.a, [{ sku: x, on_hand: 3 }]);
    await inventory.set(locations.b, [{ sku: x, on_hand: 3 }]);
    const created = await orders.create(stockOrder(merchant, [{ id: 'L1', sku: x, quantity: 2 }]));
    expect(created.status).toBe(201);
    expect(created.body.auto_allocation_failed).toBe(false);
    expect(created.body.fulfillment_orders.map((fo: { location_id: string }) => fo.location_id)).toEqual([locations.a]);
    expect(await inventory.level(locations.a, x)).toMatchObject({ on_hand: 3, reserved: 2, available: 1 });
    const history = await orders.call('GET', `/orders/${created.body.order_id}/history`);
    const allocation = history.body[0].change.allocation;
    expect(allocation).toMatchObject({ inventory_managed: true, strategy: 'single_location' });
    const ours = allocation.considered.filter((c: { location_id: string }) => [locations.a, locations.b].includes(c.location_id));
    expect(ours.map((c: { location_id: string; chosen: boolean }) => [c.location_id, c.chosen])).toEqual([[locations.a, true], [locations.b, false]]);
    expect(allocation.considered.filter((c: { chosen: boolean }) => c.chosen)).toHaveLength(1);
    await app.waitUntilCaughtUp();
    const ledger = await inventory.call('GET', `/inventory/${x}/ledger`);
    expect(ledger.body.reserved_by).toEqual([{ location_id: locations.a, order_id: created.body.order_id, reserved: 2 }]);
    expect(ledger.body.movements[0].cause).toEqual({ kind: 'order', operation: 'create', order_id: created.body.order_id, merchant,
      fulfillment_order_ids: [created.body.fulfillment_orders[0].fulfillment_order_id] });
  });

  it('splits across the fewest locations; what no location has stays in an open FO with auto_allocation_failed', async () => {
    const [x, y] = [sku('X'), sku('Y')];
    await inventory.set(locations.a, [{ sku: x, on_hand: 2 }]);
    await inventory.set(locations.b, [{ sku: y, on_hand: 1 }]);
    const split = await orders.create(stockOrder(merchant, [{ id: 'L1', sku: x, quantity: 2 }, { id: 'L2', sku: y, quantity: 1 }]));
    expect(split.body.fulfillment_orders.map((fo: { location_id: string }) => fo.location_id).sort()).toEqual([locations.a, locations.b].sort());
    expect(split.body.status).toBe('allocated');
    const short = await orders.create(stockOrder(merchant, [{ id: 'L1', sku: y, quantity: 1 }]));
    expect(short.body.auto_allocation_failed).toBe(true);
    expect(short.body.fulfillment_orders).toEqual([expect.objectContaining({ line_items: [expect.objectContaining({ status: 'open', quantity: 1 })] })]);
    expect(short.body.fulfillment_orders[0].location_id).toBeUndefined();
  });

  it('with cancel_unfillable_orders an unfillable order is cancelled INVENTORY_OUT_OF_STOCK and reserves nothing', async () => {
    const other = await app.createTenant();
    const client = inventoryClient(app, other);
    const places = await twoLocations(app, other);
    await client.settings(other.merchants[0]!, { enabled: true, cancel_unfillable_orders: true });
    const x = sku('X');
    await client.set(places.a, [{ sku: x, on_hand: 1 }]);
    const created = await orderClient(app, other).create(stockOrder(other.merchants[0]!, [{ id: 'L1', sku: x, quantity: 2 }]));
    expect(created.body).toMatchObject({ status: 'cancelled', cancellation_reason: 'INVENTORY_OUT_OF_STOCK', auto_allocation_failed: true });
    expect(await client.level(places.a, x)).toMatchObject({ reserved: 0, available: 1 });
  });

  it('a create whose partner reference is taken answers 400 and touches no level: no movement in the ledger', async () => {
    // Given an order holding 2 of 4 units under its partner reference
    const x = sku('X');
    await inventory.set(locations.a, [{ sku: x, on_hand: 2 }]);
    const body = stockOrder(merchant, [{ id: 'L1', sku: x, quantity: 2 }]);
    expect((await orders.create(body)).status).toBe(201);
    await inventory.set(locations.a, [{ sku: x, on_hand: 4 }]);
    await app.waitUntilCaughtUp();
    const before = await inventory.call('GET', `/inventory/${x}/ledger`);
    expect(before.body.movements.map((m: { type: string }) => m.type)).toEqual(['InventoryOnHandSet', 'InventoryReserved', 'InventoryOnHandSet']);
    // When the same body is sent again (a client retrying)
    const again = await orders.create(body);
    // Then it is refused, and the levels and the ledger are as they were (no reserve-and-undo pair)
    expect([again.status, again.body.code]).toEqual([400, 'duplicate_partner_order_reference']);
    expect(await inventory.level(locations.a, x)).toMatchObject({ on_hand: 4, reserved: 2, available: 2 });
    await app.waitUntilCaughtUp();
    const ledger = await inventory.call('GET', `/inventory/${x}/ledger`);
    expect(ledger.body.reserved_by).toHaveLength(1);
    expect(ledger.body.movements).toEqual(before.body.movements);
  });

  it('a create refused for stock releases the partner reference reserved beside it: the same reference is created once stock arrives', async () => {
    const x = sku('X');
    await inventory.set(locations.a, [{ sku: x, on_hand: 1 }]);
    const body = stockOrder(merchant, [{ id: 'L1', sku: x, quantity: 2 }], {
      fulfillment_orders: [{ location_id: locations.a, line_items: [{ id: 'L1', quantity: 2 }] }],
    });
    const refused = await orders.create(body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('insufficient_stock');
    await inventory.set(locations.a, [{ sku: x, on_hand: 2 }]);
    const created = await orders.create(body);
    expect(created.status).toBe(201);
    expect(await inventory.level(locations.a, x)).toMatchObject({ on_hand: 2, reserved: 2, available: 0 });
  });

  it('requires the :inventory scopes', async () => {
    const limited = await app.createTenant({ scopes: ['read:orders'] });
    const client = inventoryClient(app, limited);
    expect((await client.call('GET', '/inventory')).status).toBe(403);
    expect((await client.set('X', [{ sku: 'X', on_hand: 1 }])).status).toBe(403);
  });

  it('the invariant check finds the ledger, the levels and the orders in agreement', async () => {
    await app.waitUntilCaughtUp();
    const report = await checkInventoryInvariant(app.eventStore, app.database, tenant.tenantId);
    expect(report.differences).toEqual([]);
    expect(report.orders).toBeGreaterThan(0);
  });
});
