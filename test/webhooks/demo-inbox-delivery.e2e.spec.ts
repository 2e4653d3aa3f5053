import { provisionDemoCarrierAccount } from '@shipledger/carriers';
import { DEMO_LOCATION_ID, provisionDemoConfiguration } from '@shipledger/configuration';
import { DEMO_WEBHOOK_ID, provisionDemoWebhook } from '@shipledger/webhooks';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentRequest } from '../shipping/support/shipment-requests';

/**
 * The README's first minute: in the demo tenant, creating a shipment makes its webhooks arrive, signed
 * and verified, at the tenant's own sandbox inbox — through the real sender and the outbound guard
 * (no OUTBOUND_ALLOWED_CIDRS here: only the own-inbox allowance lets the call to 127.0.0.1 through).
 */
describe('the demo tenant: a shipment\'s webhooks arrive at its sandbox inbox', () => {
  let app: TestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    const deps = { database: app.database, eventStore: app.eventStore };
    await provisionDemoCarrierAccount(deps, tenant.tenantId);
    await provisionDemoConfiguration(deps, tenant.tenantId);
    await provisionDemoWebhook(deps, tenant.tenantId);
    await app.waitUntilCaughtUp();
  });
  afterAll(() => app?.close());

  /** Polls the inbox until `ready` holds (the sender runs on its own beside the reactor). */
  async function inboxUntil(ready: (deliveries: any[]) => boolean, timeoutMs = 20_000): Promise<any[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = (await app.http.request('GET', '/sandbox/webhook-inbox?page_size=100', { headers: tenant.headers })).body;
      if (ready(page.deliveries)) return page.deliveries;
      if (Date.now() > deadline) throw new Error(`inbox: ${JSON.stringify(page.deliveries.map((d: any) => d.trigger))}`);
      await new Promise((next) => setTimeout(next, 100));
    }
  }

  it('given the demo configuration, when a shipment is created and booked, then booked and default_label_update arrive verified with the shipment as body', async () => {
    const created = await app.http.request('POST', '/shipments', {
      headers: tenant.headers, body: shipmentRequest(tenant.merchants[0], { pickup: { partner_location_id: DEMO_LOCATION_ID } }),
    });
    expect(created.status).toBe(200);
    const shipmentId = created.body.shipment_id as string;
    const mine = (deliveries: any[]) => deliveries.filter((d) => d.body?.shipment_id === shipmentId);
    const deliveries = mine(await inboxUntil((all) => ['booked', 'default_label_update'].every((t) => mine(all).some((d) => d.trigger === t))));
    for (const trigger of ['booked', 'default_label_update']) {
      const delivery = deliveries.find((d) => d.trigger === trigger);
      expect(delivery).toMatchObject({
        config_id: DEMO_WEBHOOK_ID, signature_verified: true, verification_error: null, trigger,
        event_id: expect.any(String), webhook_id: delivery.event_id,
        headers: expect.objectContaining({ 'content-type': 'application/json', 'aggregate-version': String(delivery.body.aggregate_version) }),
      });
    }
    expect(deliveries.find((d) => d.trigger === 'booked').body.post_shipping_info.status).toBe('booked');
  });
});
