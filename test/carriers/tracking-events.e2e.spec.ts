import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { bookableShipmentRequest, createAccount } from './carriers-http';

describe('POST /carriers/tracking-events', () => {
  let app: TestApp;
  let tenant: TestTenant;
  const call = (method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: tenant.headers, body });

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  afterAll(() => app?.close());

  async function bookedVia(secret: string) {
    const account = await createAccount(app, tenant, { property: { WEBHOOK_SECRET: secret, TRACKING_STEP_SECONDS: '86400' } });
    const created = await call('POST', '/shipments', bookableShipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: account.carrier_account_id } }));
    await app.waitUntilCaughtUp();
    const shipment = (await call('GET', `/shipments/${created.body.shipment_id}`)).body;
    expect(shipment.post_shipping_info.status).toBe('booked');
    const post = (body: unknown, headerSecret = secret) => app.http.request('POST', '/carriers/tracking-events', {
      headers: { 'x-carrier-account-id': account.carrier_account_id, 'x-carrier-webhook-secret': headerSecret }, body,
    });
    const read = async () => (await call('GET', `/shipments/${shipment.shipment_id}`)).body.post_shipping_info;
    return { account, shipment, trackingNo: shipment.post_shipping_info.tracking_no as string, post, read };
  }

  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 8, minutes)).toISOString();

  it('moves the status forward and fills the carrier fields and milestones', async () => {
    const { trackingNo, post, read } = await bookedVia(`secret-${randomUUID()}`);
    const response = await post({
      event_id: 'e1', tracking_no: trackingNo, status: 'in_transit', carrier_status: 'ARR_HUB',
      carrier_status_description: 'Arrived at hub', location: 'Dubai hub', date: at(5),
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([{ tracking_no: trackingNo, event_id: 'e1', result: 'recorded' }]);
    const info = await read();
    expect(info).toMatchObject({
      status: 'in_transit', carrier_status: 'ARR_HUB', carrier_status_description: 'Arrived at hub',
      carrier_status_location: 'Dubai hub', carrier_status_date: at(5),
    });
    expect(info.key_milestones.in_transit).toBeDefined();
  });

  it('is idempotent by carrier event id', async () => {
    const { trackingNo, post, shipment } = await bookedVia(`secret-${randomUUID()}`);
    const event = { event_id: 'dup-1', tracking_no: trackingNo, status: 'shipped', date: at(1) };
    expect((await post(event)).body.results[0].result).toBe('recorded');
    expect((await post(event)).body.results[0].result).toBe('duplicate');
    const stream = await app.eventStore.readStream(`shipment-${shipment.shipment_id}`);
    expect(stream.filter((e) => e.type === 'ShipmentTrackingUpdated')).toHaveLength(1);
  });

  it('out of order: a late, older update is recorded in history but does not move the status back', async () => {
    const { trackingNo, post, read, shipment } = await bookedVia(`secret-${randomUUID()}`);
    const results = await post([
      { event_id: 'o3', tracking_no: trackingNo, status: 'out_for_delivery', carrier_status: 'OFD', date: at(30) },
      { event_id: 'o1', tracking_no: trackingNo, status: 'shipped', carrier_status: 'PU', date: at(10) },
      { event_id: 'o2', tracking_no: trackingNo, status: 'in_transit', carrier_status: 'IT', date: at(20) },
    ]);
    expect(results.body.results.map((r: any) => r.result)).toEqual(['recorded', 'recorded', 'recorded']);
    const info = await read();
    expect(info).toMatchObject({ status: 'out_for_delivery', carrier_status: 'OFD', carrier_status_date: at(30) });
    const stream = await app.eventStore.readStream(`shipment-${shipment.shipment_id}`);
    const tracking = stream.filter((e) => e.type === 'ShipmentTrackingUpdated').map((e) => e.data as any);
    expect(tracking.map((d) => [d.status, d.stale ?? false, d.tracking.carrier_status])).toEqual([
      ['out_for_delivery', false, 'OFD'], [undefined, true, 'PU'], [undefined, true, 'IT'],
    ]);
    // A newer update moves on; a failed attempt and a second round out for delivery are sideways moves.
    await post({ event_id: 'o4', tracking_no: trackingNo, status: 'failed_delivery_attempt', date: at(40) });
    await post({ event_id: 'o5', tracking_no: trackingNo, status: 'out_for_delivery', date: at(50) });
    await post({ event_id: 'o6', tracking_no: trackingNo, status: 'delivered', date: at(60) });
    await post({ event_id: 'o7', tracking_no: trackingNo, status: 'in_transit', date: at(70) });
    expect((await read()).status).toBe('delivered');
  });

  it('refuses a wrong secret or unknown account (401) and a malformed event (400)', async () => {
    const { trackingNo, post } = await bookedVia(`secret-${randomUUID()}`);
    expect((await post({ tracking_no: trackingNo, status: 'in_transit', date: at(1) }, 'wrong')).status).toBe(401);
    const unknown = await app.http.request('POST', '/carriers/tracking-events', {
      headers: { 'x-carrier-account-id': randomUUID(), 'x-carrier-webhook-secret': 'x' }, body: { tracking_no: trackingNo, date: at(1) },
    });
    expect(unknown.status).toBe(401);
    const bad = await post({ tracking_no: '', status: 'teleported', date: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([
      'tracking_no : must not be blank', 'status : not a status a carrier can report: teleported', 'date : must be an ISO 8601 date-time',
    ]));
    expect((await post({ tracking_no: trackingNo, status: 'delivery_confirmed', date: at(1) })).status).toBe(400);
    expect((await post({ tracking_no: 'NOPE', status: 'in_transit', date: at(1) })).body.results[0].result).toBe('unknown_tracking_no');
  });

  it('throttles wrong webhook secrets like token requests: after 10 failures even the right secret waits', async () => {
    // Given a carrier account, and someone guessing its webhook secret from one address
    const { trackingNo, post } = await bookedVia(`secret-${randomUUID()}`);
    const body = { event_id: 'g1', tracking_no: trackingNo, status: 'in_transit', date: at(1) };
    const guesses = [];
    for (let i = 0; i < 10; i++) guesses.push((await post(body, `guess-${i}`)).status);

    // When the right secret comes from that address next
    const blocked = await post(body);

    // Then the guesses were 401s and the next attempt waits, in the shipping error body
    expect(guesses).toEqual(Array(10).fill(401));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: '429', errors: [expect.stringMatching(/Too many failed attempts/)] });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
