import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { createLocation, orderClient, orderRequest, type OrderClient } from './order-requests';

describe('orders over HTTPS (PGlite)', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: OrderClient;
  let merchant: string;
  let locationId: string;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ merchants: [`M${randomUUID().slice(0, 8)}`, `N${randomUUID().slice(0, 8)}`] });
    api = orderClient(app, tenant);
    merchant = tenant.merchants[0]!;
    locationId = await createLocation(app, tenant, 'WH-1', [merchant]);
  });
  afterAll(() => app?.close());

  const streamTypes = async (orderId: string) => (await app.eventStore.readStream(`order-${orderId}`)).map((event) => event.type);

  it('given the merchant has one location, when an order is created without FOs, then 201 with one allocated FO there', async () => {
    const response = await api.create(orderRequest(merchant));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ tenant: tenant.tenantId, merchant, status: 'allocated', auto_allocation_failed: false, order_date: '2026-11-20T09:00:00.000Z' });
    expect(response.body.order_id).toEqual(expect.any(String));
    expect(response.body.fulfillment_orders).toEqual([expect.objectContaining({
      location_id: locationId,
      line_items: [expect.objectContaining({ id: 'A', quantity: 2, status: 'allocated' }), expect.objectContaining({ id: 'B', quantity: 1, status: 'allocated' })],
    })]);
    expect((await api.get(response.body.order_id)).body).toEqual(response.body);
  });

  it('given the merchant has no location, when created without FOs, then one open FO and auto_allocation_failed', async () => {
    const response = await api.create(orderRequest(tenant.merchants[1]!));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'open', auto_allocation_failed: true });
    expect(response.body.fulfillment_orders[0].location_id).toBeUndefined();
  });

  it('given FOs naming a location code, when created, then the code resolves to the location id; an unknown one is 400', async () => {
    const created = await api.create(orderRequest(merchant, {
      fulfillment_orders: [{ partner_fulfillment_order_reference: 'FO-1', location_id: 'WH-1', line_items: [{ id: 'A', quantity: 2 }] }],
    }));
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('allocated');
    expect(created.body.fulfillment_orders.map((fo: any) => [fo.partner_fulfillment_order_reference, fo.location_id])).toEqual([['FO-1', locationId], [undefined, locationId]]);
    const unknown = await api.create(orderRequest(merchant, { fulfillment_orders: [{ location_id: 'NOPE', line_items: [{ id: 'A', quantity: 1 }] }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: 'No location found with the partner location id or location code: NOPE',
      code: 'location_not_found',
      details: [{ field: 'fulfillment_orders[0].location_id', message: 'No location found with the partner location id or location code: NOPE' }],
    });
  });

  it('given bad input, when created, then 400 validation_failed names every bad field and nothing is appended', async () => {
    const reference = `BAD-${randomUUID().slice(0, 8)}`;
    const response = await api.create({
      partner_order_reference: reference, order_date: 'yesterday',
      line_items: [{ id: 'A', sku: 'S', requires_shipping: 'yes', quantity: -1, weight: { value: 1, unit: 'stone' } }],
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.details.map((detail: any) => detail.field).sort()).toEqual(
      ['line_items.0.quantity', 'line_items.0.requires_shipping', 'line_items.0.weight.unit', 'merchant', 'order_date'],
    );
    expect((await api.get(reference, 'partner_order_reference')).status).toBe(404);
  });

  it('given a PHP client, when it sends 1.0 for integers and [] for empty objects, then the order is created and order_id read', async () => {
    const body = orderRequest(merchant, { shipping_address: [], payment: [], service_metadata: [] });
    body.line_items[0].quantity = 2.0;
    const text = JSON.stringify(body).replace('"quantity":2,', '"quantity":2.0,');
    const response = await app.http.request('POST', '/orders', { headers: { ...tenant.headers, 'content-type': 'application/json' }, rawBody: text });
    expect(response.status).toBe(201);
    expect(response.body.shipping_address).toEqual({});
    const cancelled = await app.http.request('POST', `/orders/${response.body.order_id}/cancel`, { headers: { ...tenant.headers, 'content-type': 'application/json' }, rawBody: '[]' });
    expect([cancelled.status, cancelled.body.status, cancelled.body.cancellation_reason]).toEqual([200, 'cancelled', 'OTHER']);
  });

  it('given a partner reference with a slash, when read with key=partner_order_reference, then found; a second create with it is 400', async () => {
    const reference = `A/${randomUUID().slice(0, 8)}`;
    const created = await api.create(orderRequest(merchant, { partner_order_reference: reference }));
    expect(created.status).toBe(201);
    expect((await api.get(reference, 'partner_order_reference')).body.order_id).toBe(created.body.order_id);
    const again = await api.create(orderRequest(merchant, { partner_order_reference: reference }));
    expect([again.status, again.body.code, again.body.details[0].field]).toEqual([400, 'duplicate_partner_order_reference', 'partner_order_reference']);
    expect((await api.get('no-such-order')).body).toEqual({ error: 'No order found with the reference: no-such-order', code: 'order_not_found', details: [] });
  });

  it('given ten concurrent creates with one partner reference, then exactly one wins', async () => {
    const reference = `RACE-${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.create(orderRequest(merchant, { partner_order_reference: reference }))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400).every((answer) => answer.body.code === 'duplicate_partner_order_reference')).toBe(true);
  });

  it('PATCH follows rule 2; cancel follows the state table; a cancelled order cannot be updated or cancelled again', async () => {
    const order = (await api.create(orderRequest(merchant))).body;
    const foId = order.fulfillment_orders[0].fulfillment_order_id;
    const patched = await api.call('PATCH', `/orders/${order.order_id}`, {
      language: 'fr',
      line_items: [{ id: 'A', sku: 'SKU-A', requires_shipping: true, quantity: 1 }, { id: 'C', sku: 'SKU-C', requires_shipping: true, quantity: 3 }],
      fulfillment_orders: [
        { fulfillment_order_id: foId, line_items: [{ id: 'A', quantity: 1 }] },
        { partner_fulfillment_order_reference: 'NEW', location_id: 'WH-1', line_items: [{ id: 'C', quantity: 3 }] },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.language).toBe('fr');
    expect(patched.body.line_items).toEqual([
      expect.objectContaining({ id: 'A', quantity: 1, removed_quantity: 1 }),
      expect.objectContaining({ id: 'C', quantity: 3, removed_quantity: 0 }),
      expect.objectContaining({ id: 'B', quantity: 0, removed_quantity: 1 }),
    ]);
    expect(patched.body.fulfillment_orders.map((fo: any) => fo.line_items.map((item: any) => `${item.id}${item.quantity}`))).toEqual([['A1'], ['C3']]);

    const cancelled = await api.call('POST', `/orders/${order.order_id}/cancel`, { cancellation_reason: 'CUSTOMER_CANCELLATION' });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    const emptyPatch = await api.call('PATCH', `/orders/${order.order_id}`);
    expect([emptyPatch.status, emptyPatch.body.code]).toEqual([400, 'order_not_updatable']);
    const refusedPatch = await api.call('PATCH', `/orders/${order.order_id}`, { language: 'de' });
    expect([refusedPatch.status, refusedPatch.body.code]).toEqual([400, 'order_not_updatable']);
    const refusedCancel = await api.call('POST', `/orders/${order.order_id}/cancel`, {});
    expect([refusedCancel.status, refusedCancel.body.code]).toEqual([400, 'order_not_cancellable']);
    const badReason = await api.call('POST', `/orders/${order.order_id}/cancel`, { cancellation_reason: 'BORED' });
    expect([badReason.status, badReason.body.details[0].field]).toEqual([400, 'cancellation_reason']);
    expect(await streamTypes(order.order_id)).toEqual([
      'OrderCreated', 'FulfillmentOrderCreated', 'OrderStatusRecalculated',
      'OrderUpdated', 'FulfillmentOrderUpdated', 'FulfillmentOrderCreated',
      'OrderCancelled', 'OrderStatusRecalculated',
    ]);
  });

  it('bulk import: each order on its own, failures reported per order; more than 20 is a 400', async () => {
    const good = orderRequest(merchant);
    const response = await api.call('POST', '/orders/bulk/import', { order_requests: [good, { merchant, line_items: [] }, orderRequest(merchant)] });
    expect(response.status).toBe(200);
    expect(response.body.map((item: any) => [item.partner_order_reference, item.order?.status ?? null, item.error === null])).toEqual([
      [good.partner_order_reference, 'allocated', true], [null, null, false], [expect.any(String), 'allocated', true],
    ]);
    expect(response.body[1].error).toMatch(/line_items/);
    const tooMany = await api.call('POST', '/orders/bulk/import', { order_requests: Array.from({ length: 21 }, () => orderRequest(merchant)) });
    expect([tooMany.status, tooMany.body.code, tooMany.body.details[0].field]).toEqual([400, 'validation_failed', 'order_requests']);
  });

  it('the fulfillment-order edits: split, merge, cancel items, update location and details; unknown FO is 404', async () => {
    const order = (await api.create(orderRequest(tenant.merchants[1]!))).body;
    const second = await createLocation(app, tenant, 'WH-2', [tenant.merchants[1]!]);
    const base = `/orders/${order.order_id}/fulfillment-orders`;
    const foId = order.fulfillment_orders[0].fulfillment_order_id;
    const split = await api.call('POST', `${base}/${foId}/split`, { line_items: [{ id: 'A', quantity: 1 }], partner_fulfillment_order_reference: 'S' });
    expect(split.status).toBe(200);
    expect(split.body.fulfillment_orders).toHaveLength(2);
    const moved = await api.call('PATCH', `${base}/S/update-location`, { location_id: 'WH-2' });
    expect(moved.body.fulfillment_orders[1]).toMatchObject({ location_id: second, line_items: [expect.objectContaining({ id: 'A', status: 'allocated' })] });
    expect(moved.body.status).toBe('partially_allocated');
    const located = await api.call('PATCH', `${base}/${foId}/update-location`, { location_id: second });
    expect(located.body.status).toBe('allocated');
    const merged = await api.call('POST', `${base}/merge`, { source: { partner_fulfillment_order_reference: 'S' }, destination: { fulfillment_order_id: foId } });
    expect(merged.body.fulfillment_orders).toEqual([expect.objectContaining({ fulfillment_order_id: foId })]);
    const cancelled = await api.call('POST', `${base}/${foId}/cancel`, { cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'B', quantity: 1 }] });
    expect(cancelled.body.line_items[1]).toMatchObject({ id: 'B', quantity: 0, removed_quantity: 1 });
    const details = await api.call('PATCH', `${base}/${foId}`, { partner_fulfillment_order_reference: 'FO-X' });
    expect(details.body.fulfillment_orders[0].partner_fulfillment_order_reference).toBe('FO-X');
    const both = await api.call('PATCH', `${base}/${foId}`, { partner_fulfillment_order_reference: 'Y', fulfillments: [] });
    expect([both.status, both.body.code]).toEqual([400, 'update_details_not_possible']);
    const noBody = await api.call('POST', `${base}/${foId}/split`);
    expect([noBody.status, noBody.body.code, noBody.body.details[0].field]).toEqual([400, 'validation_failed', 'line_items']);
    const emptyDetails = await api.call('PATCH', `${base}/${foId}`);
    expect([emptyDetails.status, emptyDetails.body.code]).toEqual([400, 'update_details_not_possible']);
    const unknown = await api.call('POST', `${base}/nope/split`, { line_items: [{ id: 'A', quantity: 1 }] });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'fulfillment_order_not_found']);
    const tooMuch = await api.call('POST', `${base}/${foId}/split`, { line_items: [{ id: 'A', quantity: 5 }] });
    expect([tooMuch.status, tooMuch.body.code, tooMuch.body.details[0].field]).toEqual([400, 'quantity_above_available', 'line_items[0].quantity']);
  });

  it('lists from the read model with filters, and answers the history and the order as of an instant', async () => {
    const reference = `LIST-${randomUUID().slice(0, 8)}`;
    const order = (await api.create(orderRequest(merchant, { partner_order_reference: reference }))).body;
    await api.call('PATCH', `/orders/${order.order_id}`, { sales_channel: 'web' });
    await app.waitUntilCaughtUp();
    const listed = await api.call('GET', `/orders?partner_order_reference=${encodeURIComponent(reference)}&status=allocated`);
    expect(listed.body.map((item: any) => [item.order_id, item.sales_channel])).toEqual([[order.order_id, 'web']]);
    expect((await api.call('GET', `/orders?merchant=${merchant}&status=cancelled&page_size=100`)).body.every((item: any) => item.status === 'cancelled')).toBe(true);
    expect((await api.call('GET', '/orders?status=lost')).body.code).toBe('validation_failed');

    const history = await api.call('GET', `/orders/${encodeURIComponent(reference)}/history?key=partner_order_reference`);
    expect(history.body.map((entry: any) => [entry.type, entry.resulting_status, entry.actor])).toEqual([
      ['OrderCreated', 'open', tenant.clientId], ['FulfillmentOrderCreated', 'open', tenant.clientId],
      ['OrderStatusRecalculated', 'allocated', tenant.clientId], ['OrderUpdated', 'allocated', tenant.clientId],
    ]);
    const asOf = await api.call('GET', `/orders/${order.order_id}/history?as_of=${encodeURIComponent(history.body[2].occurred_at)}`);
    expect(asOf.body).toMatchObject({ order_id: order.order_id, status: 'allocated' });
    expect(asOf.body.sales_channel).toBeUndefined();
    expect((await api.call('GET', `/orders/${order.order_id}/history?as_of=2000-01-01`)).status).toBe(404);
  });
});
