import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { createCarrierAccount } from '../shipping/support/shipment-requests';
import { createLocation, orderClient, orderRequest, type OrderClient } from './order-requests';

describe('fulfill, ship and unfulfill create and cancel shipments (PGlite)', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: OrderClient;
  let merchant: string;
  let locationId: string;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    api = orderClient(app, tenant);
    merchant = tenant.merchants[0]!;
    await createCarrierAccount(app, tenant);
    locationId = await createLocation(app, tenant, `WH-${randomUUID().slice(0, 4)}`);
  });
  afterAll(() => app?.close());

  const shipment = async (id: string) => (await api.call('GET', `/shipments/${id}`)).body;

  it('given an allocated order, when part is fulfilled as a draft, then the shipment is made from the order and linked on the items', async () => {
    const order = (await api.create(orderRequest(merchant))).body;
    const foId = order.fulfillment_orders[0].fulfillment_order_id;
    const fulfilled = await api.call('POST', `/orders/${order.order_id}/fulfillment-orders/${foId}/fulfill?create_draft_shipment=true`, {
      partner_fulfillment_reference: 'PF-1', line_items: [{ id: 'A', quantity: 1 }],
    });
    expect(fulfilled.status).toBe(200);
    expect(fulfilled.body.status).toBe('partially_fulfilled');
    const done = fulfilled.body.fulfillment_orders[0].line_items.find((item: any) => item.status === 'fulfilled');
    expect(done).toMatchObject({ id: 'A', quantity: 1, partner_fulfillment_reference: 'PF-1', fulfillment_id: expect.any(String), shipment_id: expect.any(String) });
    expect(fulfilled.body.shipments).toEqual([{ shipment_id: done.shipment_id }]);

    await app.waitUntilCaughtUp();
    const created = await shipment(done.shipment_id);
    expect(created).toMatchObject({
      shipment_id: done.shipment_id,
      merchant,
      references: { partner_order_reference: order.partner_order_reference, partner_shipment_reference: done.shipment_id },
      pickup: { partner_location_id: locationId, address1: '1 Pickup Road', city: 'Dubai' },
      dropoff: { contact_name: 'Ann Buyer', city: 'Dubai' },
      items: [expect.objectContaining({ sku: 'SKU-A', quantity: 1, weight: { value: 0.5, unit: 'kg' } })],
      payment: { payment_mode: 'CASH_ON_DELIVERY', pending_amount: 50 },
    });
    expect(created.post_shipping_info.status).toBe('draft');
  });

  it('given the rest fulfilled without a draft, then the shipment is confirmed; skip_shipping and lines not requiring shipping are closed without one', async () => {
    const order = (await api.create(orderRequest(merchant, {
      line_items: [
        { id: 'A', sku: 'SKU-A', requires_shipping: true, quantity: 1 },
        { id: 'G', sku: 'GIFT-CARD', requires_shipping: false, quantity: 1 },
      ],
    }))).body;
    const foId = order.fulfillment_orders[0].fulfillment_order_id;
    const fulfilled = await api.call('POST', `/orders/${order.order_id}/fulfillment-orders/${foId}/fulfill`, []);
    expect(fulfilled.body.status).toBe('fulfilled');
    const items = fulfilled.body.fulfillment_orders[0].line_items;
    expect(items.map((item: any) => [item.id, item.status, item.shipment_ids.length])).toEqual([['A', 'fulfilled', 1], ['G', 'closed', 0]]);
    await app.waitUntilCaughtUp();
    expect((await shipment(items[0].shipment_id)).post_shipping_info.status).not.toBe('draft');

    const other = (await api.create(orderRequest(merchant))).body;
    const skipped = await api.call('POST', `/orders/${other.order_id}/fulfillment-orders/${other.fulfillment_orders[0].fulfillment_order_id}/fulfill?skip_shipping=true`);
    expect([skipped.body.status, skipped.body.shipments]).toEqual(['closed', []]);
  });

  it('ship links a new shipment to allocated items; unfulfill returns items to allocated and cancels the shipment; a shipped one cannot be unfulfilled', async () => {
    const order = (await api.create(orderRequest(merchant))).body;
    const base = `/orders/${order.order_id}/fulfillment-orders/${order.fulfillment_orders[0].fulfillment_order_id}`;
    const shipped = await api.call('POST', `${base}/ship?create_draft_shipment=true`, { line_items: [{ id: 'B', quantity: 1 }] });
    expect(shipped.status).toBe(200);
    const shippedItem = shipped.body.fulfillment_orders[0].line_items.find((item: any) => item.id === 'B');
    expect(shippedItem).toMatchObject({ status: 'allocated', shipment_ids: [expect.any(String)] });
    const refused = await api.call('POST', `${base}/ship`, { line_items: [{ id: 'Z', quantity: 1 }] });
    expect([refused.status, refused.body.code]).toEqual([400, 'line_item_not_found']);

    const fulfilled = await api.call('POST', `${base}/fulfill?create_draft_shipment=true`, { line_items: [{ id: 'A', quantity: 2 }] });
    const item = fulfilled.body.fulfillment_orders[0].line_items.find((each: any) => each.status === 'fulfilled');
    await app.waitUntilCaughtUp();
    const unfulfilled = await api.call('POST', `${base}/unfulfill`, { fulfillment_ids: [item.fulfillment_id] });
    expect(unfulfilled.status).toBe(200);
    expect(unfulfilled.body.fulfillment_orders[0].line_items.find((each: any) => each.id === 'A')).toEqual(
      expect.objectContaining({ id: 'A', quantity: 2, status: 'allocated', shipment_ids: [] }),
    );
    await app.waitUntilCaughtUp();
    expect((await shipment(item.shipment_id)).post_shipping_info.status).toBe('cancelled');
    const absent = await api.call('POST', `${base}/unfulfill`, { fulfillment_ids: ['nope'] });
    expect([absent.status, absent.body.code, absent.body.details[0].field]).toEqual([400, 'fulfillment_not_found', 'fulfillment_ids[0]']);

    const again = await api.call('POST', `${base}/fulfill`, { line_items: [{ id: 'A', quantity: 2 }] });
    const second = again.body.fulfillment_orders[0].line_items.find((each: any) => each.status === 'fulfilled');
    await app.waitUntilCaughtUp();
    const booked = await shipment(second.shipment_id);
    expect(booked.post_shipping_info.status).toBe('booked');
    expect((await api.call('POST', `/shipments/${second.shipment_id}/update-status`, { new_status: 'shipped' })).status).toBe(200);
    const late = await api.call('POST', `${base}/unfulfill`, { fulfillment_ids: [second.fulfillment_id] });
    expect([late.status, late.body.code]).toEqual([400, 'fulfillment_already_shipped']);
  });
});
