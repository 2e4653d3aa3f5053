import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { webhooksContextFor } from '@shipledger/webhooks';
import { createCarrierAccount, shipmentClient, shipmentRequest } from '../shipping/support/shipment-requests';
import { HttpsReceiver, ManualClock, trustReceivers } from './support/https-receiver';

describe('shipment webhooks to a real HTTPS receiver', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let receiver: HttpsReceiver;
  let restoreEnv: () => void;
  const clock = new ManualClock();

  beforeAll(async () => {
    restoreEnv = await trustReceivers();
    receiver = await HttpsReceiver.start();
    app = await startTestApp();
    webhooksContextFor({ database: app.database, eventStore: app.eventStore }).useClock(clock);
    tenant = await app.createTenant({ merchants: ['SHOP-A', 'SHOP-B'] });
    await createCarrierAccount(app, tenant);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    restoreEnv?.();
  });

  const configure = async (path: string, overrides: Record<string, unknown> = {}) => {
    const response = await app.http.request('POST', '/webhooks', {
      headers: tenant.headers,
      body: { config_name: path, url: receiver.url(path), notify_status: ['booked'], ...overrides },
    });
    expect(response.status).toBe(201);
    return response.body as { config_id: string; secret: string };
  };

  it('given a configuration for booked and label updates, when a shipment is booked, then the receiver gets both, signed, with the spec headers and the shipment object as body', async () => {
    const config = await configure('/booked', { notify_label_update: true, headers: { 'x-shop': 'A' } });
    const created = await shipmentClient(app, tenant).create(shipmentRequest('SHOP-A'));
    expect(created.status).toBe(200);
    const shipmentId = created.body.shipment_id as string;
    const [booked, label] = await receiver.waitFor((all) => {
      const mine = all.filter((r) => r.path === '/booked' && r.json?.shipment_id === shipmentId);
      const b = mine.find((r) => r.headers.trigger === 'booked');
      const l = mine.find((r) => r.headers.trigger === 'default_label_update');
      return b && l ? [b, l] : undefined;
    });
    for (const request of [booked!, label!]) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['event-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(request.headers['webhook-id']).toBe(request.headers['event-id']);
      expect(request.headers['x-shop']).toBe('A');
      expect(Number(request.headers['aggregate-version'])).toBe(request.json.aggregate_version);
      expect(new Webhook(config.secret).verify(request.body, request.headers)).toEqual(request.json);
    }
    expect(booked!.json.post_shipping_info.status).toBe('booked');
    await app.waitUntilCaughtUp();
    const current = await shipmentClient(app, tenant).get(shipmentId);
    const latest = [booked!, label!].sort((a, b) => b.json.aggregate_version - a.json.aggregate_version)[0]!;
    const { aggregate_version: _version, ...shipment } = latest.json;
    expect(shipment).toEqual(current.body);
  });
});
