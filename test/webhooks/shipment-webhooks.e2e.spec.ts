import { Webhook } from 'standardwebhooks';
import { createLocation } from '../ordering/order-requests';
import { shipmentClient, shipmentRequest } from '../shipping/support/shipment-requests';
import type { ReceivedWebhook } from './support/https-receiver';
import { webhookHarness, type WebhookHarness } from './support/webhook-harness';

const soon = (days = 3) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('shipment webhooks to a real HTTPS receiver (PGlite)', () => {
  let h: WebhookHarness;
  beforeAll(async () => {
    h = await webhookHarness();
  });
  afterAll(() => h?.close());

  const shipments = () => shipmentClient(h.app, h.tenant);
  const about = (shipmentId: string, path: string) => (all: ReceivedWebhook[]) => all.filter((r) => r.path === path && r.json?.shipment_id === shipmentId);

  it('given a configuration for booked and label updates, when a shipment is booked, then the receiver gets both, signed, with the spec headers and the shipment object as body', async () => {
    const config = await h.configure('/booked', { notify_label_update: true, headers: { 'x-shop': 'A' } });
    const created = await shipments().create(shipmentRequest('SHOP-A'));
    expect(created.status).toBe(200);
    const shipmentId = created.body.shipment_id as string;
    const mine = about(shipmentId, '/booked');
    const [booked, label] = await h.receiver.waitFor((all) => {
      const b = mine(all).find((r) => r.headers.trigger === 'booked');
      const l = mine(all).find((r) => r.headers.trigger === 'default_label_update');
      return b && l ? [b, l] : undefined;
    });
    for (const request of [booked!, label!]) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['event-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(request.headers['webhook-id']).toBe(request.headers['event-id']);
      expect(request.headers['x-shop']).toBe('A');
      expect(Number(request.headers['aggregate-version'])).toBe(request.json.aggregate_version);
      expect(new Webhook(config.secret).verify(request.body, request.headers)).toEqual(request.json);
    }
    expect(booked!.headers['event-id']).not.toBe(label!.headers['event-id']);
    expect(booked!.json.post_shipping_info.status).toBe('booked');
    await h.drained();
    const current = await shipments().get(shipmentId);
    const latest = [booked!, label!].sort((a, b) => b.json.aggregate_version - a.json.aggregate_version)[0]!;
    const { aggregate_version: _version, ...shipment } = latest.json;
    expect(shipment).toEqual(current.body);
  });

  it('every shipment trigger kind reaches a configuration that asks for it, in the order of the shipment\'s versions', async () => {
    await h.configure('/all', {
      notify_status: ['pending', 'booked', 'cancelled'], notify_label_update: true, notify_service_label_update: true,
    });
    const created = await shipments().create(shipmentRequest('SHOP-A'));
    const id = created.body.shipment_id as string;
    const mine = about(id, '/all');
    await h.receiver.waitFor((all) => mine(all).some((r) => r.headers.trigger === 'booked'));
    expect((await shipments().call('POST', `/shipments/${id}/update-delivery-promise`, { revised_promised_delivery_date: soon(4) })).status).toBe(200);
    expect((await shipments().call('POST', `/shipments/${id}/update-delivery-schedule`, { scheduled_date: soon(5).slice(0, 10) })).status).toBe(200);
    expect((await shipments().call('POST', `/shipments/${id}/update-collection-schedule`, { scheduled_date: soon(2).slice(0, 10) })).status).toBe(200);
    expect((await shipments().call('POST', `/shipments/${id}/cancel`, {})).status).toBe(200);
    const arrived = await h.receiver.waitFor((all) => (mine(all).some((r) => r.headers.trigger === 'cancelled') ? mine(all) : undefined));
    const triggers = arrived.map((r) => r.headers.trigger);
    expect(triggers).toEqual(expect.arrayContaining([
      'pending', 'booked', 'default_label_update', 'promised_delivery_update', 'scheduled_delivery_update', 'scheduled_collection_update', 'cancelled',
    ]));
    expect(triggers).toContain('service_label_update'); // the sandbox renders the service's PDF and ZPL labels
    const versions = arrived.map((r) => Number(r.headers['aggregate-version']));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(arrived.find((r) => r.headers.trigger === 'cancelled')!.json.post_shipping_info.status).toBe('cancelled');
  });

  it('filters: merchants, dropoff, custom conditions and INACTIVE keep deliveries away; matching ones get them', async () => {
    await h.configure('/shop-b', { merchants: ['SHOP-B'] });
    await h.configure('/riyadh', { dropoff: { city: 'Riyadh' } });
    await h.configure('/inactive', { status: 'INACTIVE' });
    await h.configure('/http-carrier', { custom_conditions: [{ path: 'carrier_account.carrier', values: ['HTTP'] }] });
    await h.configure('/shop-a-dubai', { merchants: ['SHOP-A'], dropoff: { city: ['Dubai', 'Sharjah'] }, custom_conditions: [{ path: 'carrier_account.carrier', values: ['SANDBOX'] }] });
    const id = (await shipments().create(shipmentRequest('SHOP-A'))).body.shipment_id as string;
    await h.receiver.waitFor((all) => about(id, '/shop-a-dubai')(all).length > 0);
    await h.drained();
    for (const path of ['/shop-b', '/riyadh', '/inactive', '/http-carrier']) expect(about(id, path)(h.receiver.received)).toEqual([]);
  });

  it('filters: entity_type and partner location ids', async () => {
    // The service resolves a partner location code to the location's id; the filters list ids.
    const locationId = await createLocation(h.app, h.tenant, 'LOC-1', ['SHOP-A']);
    await h.configure('/reverse-only', { entity_type: 'ReverseShipment' });
    await h.configure('/forward-loc-1', { entity_type: 'Shipment', pickup_partner_location_ids: `LOC-9, ${locationId}` });
    await h.configure('/drop-loc-1', { dropoff_partner_location_ids: locationId });
    const request = shipmentRequest('SHOP-A');
    const created = await shipments().create({ ...request, pickup: { ...request.pickup, partner_location_id: 'LOC-1' } });
    expect([created.status, created.status === 200 ? '' : created.text]).toEqual([200, '']);
    const id = created.body.shipment_id as string;
    await h.receiver.waitFor((all) => about(id, '/forward-loc-1')(all).length > 0);
    await h.drained();
    expect(about(id, '/reverse-only')(h.receiver.received)).toEqual([]);
    expect(about(id, '/drop-loc-1')(h.receiver.received)).toEqual([]);
  });

  it('retries: a failing receiver is called again +1 and +3 minutes later (moved clock) with the same event-id, and the log shows every attempt', async () => {
    let calls = 0;
    const config = await h.configure('/flaky');
    const previous = h.receiver.answer;
    h.receiver.answer = (request) => (request.path === '/flaky' && ++calls <= 2 ? { status: 503, body: 'busy, try later' } : previous(request));
    const id = (await shipments().create(shipmentRequest('SHOP-A'))).body.shipment_id as string;
    const first = await h.logOnce(config.config_id, (log) => log.length === 1);
    expect(first[0]).toMatchObject({ attempt: 1, outcome: 'retrying', status_code: 503, response_excerpt: 'busy, try later', trigger: 'booked', aggregate_id: id });
    expect(Date.parse(first[0].next_retry_at) - Date.parse(first[0].attempted_at)).toBeGreaterThanOrEqual(60_000);
    // The other configurations' deliveries of this shipment go out meanwhile (one may become claimable as the
    // one before it of its configuration finishes): once they have, nothing is due — this one not before its minute
    await h.drained();
    expect(await h.context.newSender().sendDue()).toBe(0);
    h.clock.advanceMinutes(1);
    h.context.sender.wake();
    const second = await h.logOnce(config.config_id, (log) => log.length === 2);
    expect(second[0]).toMatchObject({ attempt: 2, outcome: 'retrying', status_code: 503 });
    expect(Date.parse(second[0].next_retry_at) - Date.parse(second[0].attempted_at)).toBeGreaterThanOrEqual(180_000);
    h.clock.advanceMinutes(3);
    h.context.sender.wake();
    const third = await h.logOnce(config.config_id, (log) => log.length === 3);
    expect(third[0]).toMatchObject({ attempt: 3, outcome: 'delivered', status_code: 200, next_retry_at: null });
    const eventIds = h.receiver.at('/flaky').map((r) => r.headers['event-id']);
    expect(eventIds).toHaveLength(3);
    expect(new Set(eventIds).size).toBe(1);
    expect(third.every((attempt) => attempt.url === h.receiver.url('/flaky') && attempt.duration_ms >= 0)).toBe(true);
    h.receiver.answer = previous;
  });

  it('after max_retry_count retries a delivery fails; /metrics counts it and the log filters by status', async () => {
    const config = await h.configure('/down', { max_retry_count: 1, initial_retry_frequency: 2 });
    const previous = h.receiver.answer;
    h.receiver.answer = (request) => (request.path === '/down' ? { status: 500 } : previous(request));
    await shipments().create(shipmentRequest('SHOP-A'));
    await h.logOnce(config.config_id, (log) => log.length === 1);
    h.clock.advanceMinutes(2);
    h.context.sender.wake();
    const log = await h.logOnce(config.config_id, (entries) => entries.length === 2);
    expect(log.map((attempt) => attempt.outcome)).toEqual(['failed', 'retrying']);
    const failed = await h.app.http.request('GET', `/webhooks/${config.config_id}/deliveries?status=failed`, { headers: h.tenant.headers });
    expect(failed.body).toHaveLength(1);
    const metrics = await h.app.http.request('GET', '/metrics');
    expect(metrics.text).toMatch(/shipledger_webhook_deliveries\{status="failed"\} [1-9]/);
    expect(metrics.text).toMatch(/shipledger_webhook_delivery_attempts_total\{outcome="delivered"\} [1-9]/);
    h.receiver.answer = previous;
  });

  it('rotation: during the overlap both the new and the previous secret sign each delivery', async () => {
    const config = await h.configure('/rotated');
    const rotated = await h.app.http.request('POST', `/webhooks/${config.config_id}/rotate-secret`, { headers: h.tenant.headers, body: { overlap_seconds: 3600 } });
    expect(rotated.status).toBe(200);
    const id = (await shipments().create(shipmentRequest('SHOP-A'))).body.shipment_id as string;
    const [request] = await h.receiver.waitFor((all) => { const r = about(id, '/rotated')(all); return r.length ? r : undefined; });
    expect(request!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.body.secret).verify(request!.body, request!.headers)).toBeTruthy();
    expect(new Webhook(config.secret).verify(request!.body, request!.headers)).toBeTruthy();
  });
});
