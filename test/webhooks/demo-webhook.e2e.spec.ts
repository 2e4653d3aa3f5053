import { DEMO_WEBHOOK_ID, provisionDemoWebhook, webhooksContextFor } from '@shipledger/webhooks';
import { startTestApp, type TestApp } from '@shipledger/testing';

/** Issue 16.7: the demo tenant of `npm start` gets one ACTIVE configuration pointing at its own inbox. */
describe('the demo tenant\'s webhook configuration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(() => app?.close());

  it('is ACTIVE, sends every status and label update to the tenant\'s inbox, once however often it starts, and stays deleted once deleted', async () => {
    const tenant = await app.createTenant();
    const deps = { database: app.database, eventStore: app.eventStore };
    await provisionDemoWebhook(deps, tenant.tenantId);
    await provisionDemoWebhook(deps, tenant.tenantId);
    const { inbox_url: inboxUrl } = (await app.http.request('GET', '/sandbox/webhook-inbox', { headers: tenant.headers })).body;
    const list = (await app.http.request('GET', '/webhooks', { headers: tenant.headers })).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      config_id: DEMO_WEBHOOK_ID, url: inboxUrl, status: 'ACTIVE', entity_type: null, merchants: [],
      notify_label_update: true, notify_service_label_update: true, notify_status: expect.arrayContaining(['booked', 'delivered', 'error']),
    });
    expect(list[0].secret).toBeUndefined();

    // A later start on another port: the URL follows the service (the inbox id stays).
    const context = webhooksContextFor(deps);
    const restore = context.allowOwnInbox({ baseUrls: ['https://localhost:4443'], address: '127.0.0.1', family: 4, ca: '' });
    try {
      await provisionDemoWebhook(deps, tenant.tenantId);
    } finally {
      restore();
    }
    const moved = (await app.http.request('GET', `/webhooks/${DEMO_WEBHOOK_ID}`, { headers: tenant.headers })).body;
    expect(moved.url).toBe(`https://localhost:4443${new URL(inboxUrl).pathname}`);

    expect((await app.http.request('DELETE', `/webhooks/${DEMO_WEBHOOK_ID}`, { headers: tenant.headers })).status).toBe(200);
    await provisionDemoWebhook(deps, tenant.tenantId);
    expect((await app.http.request('GET', '/webhooks', { headers: tenant.headers })).body).toEqual([]);
  });
});
