import { checkInventoryInvariant } from '@shipledger/inventory';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { orderClient, type OrderClient } from '../ordering/order-requests';
import { inventoryClient, sku, stockOrder, twoLocations, type InventoryClient } from './inventory-requests';

/** Rule 3 through the order endpoints: each operation's effect on the levels, and the ledger's cause. */
describe('rule 3 over HTTPS: what each order operation does to the levels (PGlite)', () => {
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
    await inventory.settings(merchant, { enabled: true, location_priority: [locations.a] });
  });
  afterAll(() => app?.close());

  /** A fresh SKU with 10 at A and 10 at B, and an order of `quantity` allocated at A. */
  async function ordered(quantity: number) {
    const x = sku('R3');
    await inventory.set(locations.a, [{ sku: x, on_hand: 10 }]);
    await inventory.set(locations.b, [{ sku: x, on_hand: 10 }]);
    const order = (await orders.create(stockOrder(merchant, [{ id: 'L1', sku: x, quantity }]))).body;
    const base = `/orders/${order.order_id}`;
    const fo = `${base}/fulfillment-orders/${order.fulfillment_orders[0].fulfillment_order_id}`;
    const at = async (location: string) => {
      const level = await inventory.level(location, x);
      return [level?.on_hand, level?.reserved];
    };
    return { x, order, base, fo, at };
  }

  it('update reserves new units, releases removed ones and adjusts quantity changes', async () => {
    const { x, base, at } = await ordered(2);
    expect(await at(locations.a)).toEqual([10, 2]);
    const y = sku('R3Y');
    await inventory.set(locations.a, [{ sku: y, on_hand: 5 }]);
    const raised = await orders.call('PATCH', base, { line_items: [{ id: 'L1', sku: x, requires_shipping: true, quantity: 4 }, { id: 'L2', sku: y, requires_shipping: true, quantity: 1 }] });
    expect(raised.status).toBe(200);
    expect(await at(locations.a)).toEqual([10, 4]);
    expect(await inventory.level(locations.a, y)).toMatchObject({ reserved: 1 });
    const history = (await orders.call('GET', `${base}/history`)).body;
    expect(history.find((entry: { type: string }) => entry.type === 'OrderUpdated').change.allocation).toMatchObject({ inventory_managed: true });
    await orders.call('PATCH', base, { line_items: [{ id: 'L1', sku: x, requires_shipping: true, quantity: 1 }] });
    expect(await at(locations.a)).toEqual([10, 1]);
    expect(await inventory.level(locations.a, y)).toMatchObject({ reserved: 0 });
  });

  it('cancel releases; cancelling FO line items lowers reserved', async () => {
    const first = await ordered(3);
    await orders.call('POST', `${first.fo}/cancel`, { cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'L1', quantity: 1 }] });
    expect(await first.at(locations.a)).toEqual([10, 2]);
    await orders.call('POST', `${first.base}/cancel`, { cancellation_reason: 'CUSTOMER_CANCELLATION' });
    expect(await first.at(locations.a)).toEqual([10, 0]);
    const ledger = (await inventory.call('GET', `/inventory/${first.x}/ledger`)).body;
    expect(ledger.movements.slice(0, 3).map((m: { cause: { operation: string } }) => m.cause.operation)).toEqual(['cancel', 'cancel_line_items', 'create']);
  });

  it('fulfill lowers on_hand and reserved; unfulfill raises on_hand only; fulfilling those units again lowers on_hand only', async () => {
    const { x, fo, at } = await ordered(3);
    const fulfilled = await orders.call('POST', `${fo}/fulfill?create_draft_shipment=true`, { line_items: [{ id: 'L1', quantity: 2 }] });
    expect(fulfilled.status).toBe(200);
    expect(await at(locations.a)).toEqual([8, 1]);
    const fulfillmentId = fulfilled.body.fulfillment_orders[0].line_items.find((item: { status: string }) => item.status === 'fulfilled').fulfillment_id;
    expect((await orders.call('POST', `${fo}/unfulfill`, { fulfillment_ids: [fulfillmentId] })).status).toBe(200);
    expect(await at(locations.a)).toEqual([10, 1]);
    const ledger = (await inventory.call('GET', `/inventory/${x}/ledger`)).body;
    expect(ledger.movements[0]).toMatchObject({ type: 'InventoryRestocked', on_hand_delta: 2, reserved_delta: 0, cause: { operation: 'unfulfill' } });
    expect((await orders.call('POST', `${fo}/fulfill`, { line_items: [{ id: 'L1', quantity: 3 }] })).status).toBe(200);
    expect(await at(locations.a)).toEqual([7, 0]);
  });

  it('update-location changes no inventory; a later fulfill acts where the units are held', async () => {
    const { fo, at } = await ordered(3);
    expect((await orders.call('PATCH', `${fo}/update-location`, { location_id: locations.codeB })).status).toBe(200);
    expect(await at(locations.a)).toEqual([10, 3]);
    expect(await at(locations.b)).toEqual([10, 0]);
    expect((await orders.call('POST', `${fo}/fulfill`, { line_items: [{ id: 'L1', quantity: 2 }] })).status).toBe(200);
    expect(await at(locations.a)).toEqual([8, 1]);
    expect(await at(locations.b)).toEqual([10, 0]);
    expect((await orders.call('POST', `${fo}/cancel`, { cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'L1', quantity: 1 }] })).status).toBe(200);
    expect(await at(locations.a)).toEqual([8, 0]);
  });

  it('merge, split, ship, update-details and update-location change nothing', async () => {
    const { fo, base, at } = await ordered(4);
    const split = await orders.call('POST', `${fo}/split`, { line_items: [{ id: 'L1', quantity: 1 }] });
    expect(split.status).toBe(200);
    expect(await at(locations.a)).toEqual([10, 4]);
    const [first, second] = split.body.fulfillment_orders.map((each: { fulfillment_order_id: string }) => each.fulfillment_order_id);
    expect((await orders.call('POST', `${base}/fulfillment-orders/merge`, { source: { fulfillment_order_id: second }, destination: { fulfillment_order_id: first } })).status).toBe(200);
    expect((await orders.call('POST', `${fo}/ship`, { line_items: [{ id: 'L1', quantity: 1 }] })).status).toBe(200);
    expect((await orders.call('PATCH', fo, { partner_fulfillment_order_reference: 'R3-FO' })).status).toBe(200);
    expect(await at(locations.a)).toEqual([10, 4]);
    expect((await orders.call('PATCH', `${fo}/update-location`, { location_id: locations.codeB })).status).toBe(200);
    expect(await at(locations.a)).toEqual([10, 4]);
    expect(await at(locations.b)).toEqual([10, 0]);
  });

  it('caller-placed FOs beyond the stock are refused with insufficient_stock and nothing reserved', async () => {
    const x = sku('R3P');
    await inventory.set(locations.a, [{ sku: x, on_hand: 1 }]);
    const refused = await orders.create(stockOrder(merchant, [{ id: 'L1', sku: x, quantity: 2 }], {
      fulfillment_orders: [{ location_id: locations.a, line_items: [{ id: 'L1', quantity: 2 }] }],
    }));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('insufficient_stock');
    expect(await inventory.level(locations.a, x)).toMatchObject({ on_hand: 1, reserved: 0 });
  });

  it('after all of it the ledger, the levels and the orders agree', async () => {
    await app.waitUntilCaughtUp();
    expect((await checkInventoryInvariant(app.eventStore, app.database, tenant.tenantId)).differences).toEqual([]);
  });
});
