import { Webhook } from 'standardwebhooks';
import { orderClient, orderRequest } from '../ordering/order-requests';
import { shipmentClient, shipmentRequest } from '../shipping/support/shipment-requests';
import type { ReceivedWebhook } from './support/https-receiver';
import { webhookHarness, type WebhookHarness } from './support/webhook-harness';

describe('order webhooks, the delivery log and replay (PGlite)', () => {
  let h: WebhookHarness;
  beforeAll(async () => {
    h = await webhookHarness();
  });
  afterAll(() => h?.close());

  const call = (method: string, path: string, body?: unknown) => h.app.http.request(method, path, { headers: h.tenant.headers, body });
  const aboutShipment = (id: string, path: string) => (all: ReceivedWebhook[]) => all.filter((r) => r.path === path && r.json?.shipment_id === id);

  it('orders: ORDER_CREATE and ORDER_CANCEL arrive as {trigger, operation, oldImage, newImage} envelopes, signed', async () => {
    const config = await h.configure('/orders', { notify_status: ['ORDER_CREATE', 'ORDER_UPDATE', 'ORDER_CANCEL'] });
    const created = await orderClient(h.app, h.tenant).create(orderRequest('SHOP-A'));
    expect(created.status).toBe(201);
    const orderId = created.body.order_id as string;
    const patched = await call('PATCH', `/orders/${orderId}`, { sales_channel: 'web-shop' });
    expect([patched.status, patched.status === 200 ? '' : patched.text]).toEqual([200, '']);
    expect((await call('POST', `/orders/${orderId}/cancel`, { cancellation_reason: 'STAFF_ERROR' })).status).toBe(200);
    const mine = (all: ReceivedWebhook[]) => all.filter((r) => r.path === '/orders' && r.json?.newImage?.order_id === orderId);
    const [create, update, cancel] = await h.receiver.waitFor((all) => (mine(all).length === 3 ? mine(all) : undefined));
    expect(update!.json).toMatchObject({ trigger: 'ORDER_UPDATE', operation: 'MODIFY', newImage: { sales_channel: 'web-shop' } });
    expect(update!.json.oldImage.sales_channel).not.toBe('web-shop');
    expect(create!.json).toMatchObject({ trigger: 'ORDER_CREATE', operation: 'INSERT', oldImage: null, newImage: { order_id: orderId, status: created.body.status } });
    expect(cancel!.json).toMatchObject({ trigger: 'ORDER_CANCEL', operation: 'MODIFY', oldImage: { order_id: orderId }, newImage: { status: 'cancelled' } });
    expect(cancel!.headers.trigger).toBe('ORDER_CANCEL');
    expect(Number(cancel!.headers['aggregate-version'])).toBeGreaterThan(Number(create!.headers['aggregate-version']));
    expect(cancel!.json.aggregate_version).toBe(Number(cancel!.headers['aggregate-version']));
    expect(new Webhook(config.secret).verify(cancel!.body, cancel!.headers)).toBeTruthy();
    const log = await h.logOnce(config.config_id, (entries) => entries.length === 3);
    const perOrder = await call('GET', `/orders/${orderId}/webhook-deliveries`);
    expect(perOrder.body.map((a: any) => a.attempt_id).sort()).toEqual(log.map((a) => a.attempt_id).sort());
  });

  it('the log answers per shipment across configurations, filters by trigger and time, pages, and names bad filters', async () => {
    const config = await h.configure('/logged', { notify_status: ['pending', 'booked'] });
    const id = (await shipmentClient(h.app, h.tenant).create(shipmentRequest('SHOP-A'))).body.shipment_id as string;
    const log = await h.logOnce(config.config_id, (entries) => entries.length === 2, `&shipment_id=${id}`);
    expect(log.map((a) => a.trigger)).toEqual(['booked', 'pending']);
    const booked = await call('GET', `/webhooks/${config.config_id}/deliveries?trigger=booked&shipment_id=${id}`);
    expect(booked.body).toHaveLength(1);
    const paged = await call('GET', `/webhooks/${config.config_id}/deliveries?shipment_id=${id}&page=1&page_size=1`);
    expect(paged.body.map((a: any) => a.attempt_id)).toEqual([log[1].attempt_id]);
    const future = await call('GET', `/webhooks/${config.config_id}/deliveries?from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
    expect(future.body).toEqual([]);
    const perShipment = await call('GET', `/shipments/${id}/webhook-deliveries`);
    expect(perShipment.body.map((a: any) => a.attempt_id)).toEqual(expect.arrayContaining(log.map((a) => a.attempt_id)));
    const bad = await call('GET', `/webhooks/${config.config_id}/deliveries?status=maybe&page_size=1000`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('status');
    expect(bad.text).toContain('page_size');
    expect((await call('GET', '/webhooks/unknown-config/deliveries')).status).toBe(404);
  });

  it('replay of one delivery sends it again with the original event-id; the log names the replay', async () => {
    const config = await h.configure('/replayed');
    const id = (await shipmentClient(h.app, h.tenant).create(shipmentRequest('SHOP-A'))).body.shipment_id as string;
    const [original] = await h.logOnce(config.config_id, (entries) => entries.length === 1);
    const replay = await call('POST', `/webhooks/${config.config_id}/replay`, { delivery_id: original.delivery_id });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ mode: 'delivery', status: 'done', enqueued: 1 });
    const both = await h.receiver.waitFor((all) => { const r = aboutShipment(id, '/replayed')(all); return r.length === 2 ? r : undefined; });
    expect(both[1]!.headers['event-id']).toBe(both[0]!.headers['event-id']);
    expect(both[1]!.body).toBe(both[0]!.body);
    const log = await h.logOnce(config.config_id, (entries) => entries.length === 2);
    expect(log[0].replay_id).toBe(replay.body.replay_id);
    expect(log[1].replay_id).toBeNull();
    const none = await call('POST', `/webhooks/${config.config_id}/replay`, { delivery_id: original.delivery_id, shipment_id: id });
    expect(none.status).toBe(400);
  });

  it('backfill: a configuration created after a shipment gets its deliveries by replaying the shipment, and by a time-range replay run in the worker', async () => {
    const id = (await shipmentClient(h.app, h.tenant).create(shipmentRequest('SHOP-B'))).body.shipment_id as string;
    await h.drained();
    const from = new Date(Date.now() - 60_000).toISOString();
    const config = await h.configure('/late', { merchants: ['SHOP-B'], notify_status: ['pending', 'booked'] });
    const replay = await call('POST', `/webhooks/${config.config_id}/replay`, { shipment_id: id });
    expect(replay.body).toMatchObject({ mode: 'shipment', enqueued: 2 });
    const first = await h.receiver.waitFor((all) => { const r = aboutShipment(id, '/late')(all); return r.length === 2 ? r : undefined; });
    expect(first.map((r) => r.headers.trigger)).toEqual(['pending', 'booked']);
    const range = await call('POST', `/webhooks/${config.config_id}/replay`, { from, to: new Date(Date.now() + 1000).toISOString() });
    expect(range.status).toBe(202);
    expect(range.body).toMatchObject({ mode: 'range', status: 'queued' });
    const again = await h.receiver.waitFor((all) => { const r = aboutShipment(id, '/late')(all); return r.length === 4 ? r : undefined; });
    expect(again.slice(2).map((r) => r.headers['event-id'])).toEqual(first.map((r) => r.headers['event-id']));
    const job = await call('GET', `/webhooks/${config.config_id}/replays/${range.body.replay_id}`);
    expect(job.body).toMatchObject({ replay_id: range.body.replay_id, status: 'done', enqueued: 2 });
    const tooLong = await call('POST', `/webhooks/${config.config_id}/replay`, { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain('31 days');
  });
});
