import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { webhooksContextFor } from '@shipledger/webhooks';

const KEEP = 5;

/** Issue 16.7: the sandbox inbox over HTTPS — signed deliveries recorded and checked, per tenant, bounded. */
describe('the sandbox webhook inbox', () => {
  let app: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  const previousKeep = process.env.WEBHOOK_INBOX_KEEP;

  beforeAll(async () => {
    process.env.WEBHOOK_INBOX_KEEP = String(KEEP);
    app = await startTestApp({ worker: false });
    [a, b] = [await app.createTenant(), await app.createTenant()];
  });
  afterAll(async () => {
    await app?.close();
    if (previousKeep === undefined) delete process.env.WEBHOOK_INBOX_KEEP;
    else process.env.WEBHOOK_INBOX_KEEP = previousKeep;
  });

  const inbox = async (tenant: TestTenant, query = '') => {
    const answer = await app.http.request('GET', `/sandbox/webhook-inbox${query}`, { headers: tenant.headers });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const pathOf = (url: string) => new URL(url).pathname;

  /** A configuration of `tenant` pointing at its inbox (the outbound guard must accept the service's own inbox URL). */
  async function inboxConfiguration(tenant: TestTenant): Promise<{ configId: string; secret: string; inboxUrl: string }> {
    const { inbox_url: inboxUrl } = await inbox(tenant);
    const created = await app.http.request('POST', '/webhooks', { headers: tenant.headers, body: { config_name: 'inbox', url: inboxUrl, notify_status: ['booked'] } });
    expect(created.status).toBe(201);
    return { configId: created.body.config_id, secret: created.body.secret, inboxUrl };
  }

  function signed(secret: string, configId: string, body: string, at = new Date()): Record<string, string> {
    return {
      'content-type': 'application/json', 'webhook-id': configId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(configId, at, body), 'event-id': randomUUID(), trigger: 'booked',
    };
  }

  it('records a signed delivery as verified and a forged one as not, readable only by its tenant', async () => {
    const { configId, secret, inboxUrl } = await inboxConfiguration(a);
    expect(inboxUrl).toMatch(new RegExp(`^${app.baseUrl}/sandbox/webhook-inbox/inb_[A-Za-z0-9_-]{24}$`));
    const body = JSON.stringify({ shipment_id: `S-${randomUUID()}`, status: 'booked', note: 'é ünïcode' });
    const good = signed(secret, configId, body);
    const accepted = await app.http.request('POST', pathOf(inboxUrl), { headers: good, rawBody: body });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ delivery_id: expect.any(String), signature_verified: true });

    const forged = { ...signed(secret, configId, body), 'webhook-signature': new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).sign(configId, new Date(), body) };
    const tampered = { ...signed(secret, configId, body), 'event-id': randomUUID() };
    expect((await app.http.request('POST', pathOf(inboxUrl), { headers: forged, rawBody: body })).body.signature_verified).toBe(false);
    expect((await app.http.request('POST', pathOf(inboxUrl), { headers: tampered, rawBody: body.replace('booked', 'delivered') })).body.signature_verified).toBe(false);

    const seen = await inbox(a);
    expect(seen).toMatchObject({ inbox_url: inboxUrl, kept_at_most: KEEP, total: 3, page: 0, page_size: 20 });
    const [third, second, first] = seen.deliveries;
    expect(first).toMatchObject({
      config_id: configId, signature_verified: true, verification_error: null, webhook_id: configId, event_id: good['event-id'], trigger: 'booked',
      body: JSON.parse(body), body_bytes: Buffer.byteLength(body), body_truncated: false,
    });
    expect(first.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-signature': good['webhook-signature'] });
    expect(second).toMatchObject({ config_id: configId, signature_verified: false, verification_error: expect.any(String) });
    expect(third).toMatchObject({ signature_verified: false, body: { status: 'delivered' } });
    expect((await inbox(a, `?event_id=${good['event-id']}`)).deliveries.map((d: any) => d.delivery_id)).toEqual([first.delivery_id]);

    const other = await inbox(b);
    expect(other.inbox_url).not.toBe(inboxUrl);
    expect(other).toMatchObject({ total: 0, deliveries: [] });
    // B signing with its own secret into A's inbox: A holds no configuration with that secret.
    const bConfig = await inboxConfiguration(b);
    const intruder = await app.http.request('POST', pathOf(inboxUrl), { headers: signed(bConfig.secret, bConfig.configId, body), rawBody: body });
    expect(intruder.body.signature_verified).toBe(false);
    expect((await inbox(b)).total).toBe(0);
  });

  it('after a rotation without overlap verifies with the new secret only', async () => {
    const { configId, secret, inboxUrl } = await inboxConfiguration(a);
    const rotated = await app.http.request('POST', `/webhooks/${configId}/rotate-secret`, { headers: a.headers, body: { overlap_seconds: 0 } });
    const body = '{"n":1}';
    expect((await app.http.request('POST', pathOf(inboxUrl), { headers: signed(rotated.body.secret, configId, body), rawBody: body })).body.signature_verified).toBe(true);
    expect((await app.http.request('POST', pathOf(inboxUrl), { headers: signed(secret, configId, body), rawBody: body })).body.signature_verified).toBe(false);
  });

  it('says why a delivery did not verify: missing headers, a stale timestamp', async () => {
    const { configId, secret, inboxUrl } = await inboxConfiguration(a);
    const body = '{"n":2}';
    const unsigned = await app.http.request('POST', pathOf(inboxUrl), { body: { n: 2 } });
    const stale = await app.http.request('POST', pathOf(inboxUrl), { headers: signed(secret, configId, body, new Date(Date.now() - 3_600_000)), rawBody: body });
    expect([unsigned.body.signature_verified, stale.body.signature_verified]).toEqual([false, false]);
    const [staleSeen, unsignedSeen] = (await inbox(a, '?page_size=2')).deliveries;
    expect(unsignedSeen.verification_error).toMatch(/missing webhook-id/);
    expect(staleSeen.verification_error).toMatch(/too old/i);
  });

  it('keeps the newest WEBHOOK_INBOX_KEEP per tenant, pages newest first, and keeps no body over 64 KiB', async () => {
    const tenant = await app.createTenant();
    const { inbox_url: inboxUrl } = await inbox(tenant);
    for (let n = 1; n <= KEEP + 3; n++) {
      expect((await app.http.request('POST', pathOf(inboxUrl), { body: { n } })).status).toBe(200);
    }
    const all = await inbox(tenant);
    expect(all.total).toBe(KEEP);
    expect(all.deliveries.map((d: any) => d.body.n)).toEqual([8, 7, 6, 5, 4]);
    expect((await inbox(tenant, '?page=1&page_size=2')).deliveries.map((d: any) => d.body.n)).toEqual([6, 5]);

    const big = { text: 'x'.repeat(70 * 1024) };
    await app.http.request('POST', pathOf(inboxUrl), { body: big });
    expect((await inbox(tenant, '?page_size=1')).deliveries[0]).toMatchObject({ body: null, body_truncated: true, body_bytes: JSON.stringify(big).length });
  });

  it('answers 404 for an unknown inbox and 400 for a bad query, and reading needs credentials', async () => {
    expect((await app.http.request('POST', '/sandbox/webhook-inbox/inb_unknown', { body: {} })).status).toBe(404);
    expect((await app.http.request('POST', '/sandbox/webhook-inbox/not%20an%20id', { body: {} })).status).toBe(404);
    const bad = await app.http.request('GET', '/sandbox/webhook-inbox?page_size=101&page=-1', { headers: a.headers });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/page_size/);
    expect(bad.text).toMatch(/page /);
    expect((await app.http.request('GET', '/sandbox/webhook-inbox')).status).toBe(401);
  });

  it('lets the outbound client reach exactly the own inbox: a real HTTPS POST arrives verified; other own paths stay refused', async () => {
    const { configId, secret, inboxUrl } = await inboxConfiguration(a);
    const outbound = webhooksContextFor({ database: app.database, eventStore: app.eventStore }).outbound;
    const body = JSON.stringify({ via: 'outbound' });
    const answer = await outbound.send({ method: 'POST', url: inboxUrl, headers: signed(secret, configId, body), body });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).signature_verified).toBe(true);

    for (const url of [`${app.baseUrl}/admin/tenants`, `${inboxUrl}?x=1`, `${inboxUrl}/more`, `${app.baseUrl}/sandbox/webhook-inbox/../admin/tenants`,
      `https://127.0.0.1:1${pathOf(inboxUrl)}`, `https://localhost${pathOf(inboxUrl)}`]) {
      await expect(outbound.check(url)).rejects.toMatchObject({ failure: 'address_refused' });
      const refused = await app.http.request('POST', '/webhooks', { headers: a.headers, body: { config_name: 'no', url } });
      expect({ url, status: refused.status }).toEqual({ url, status: 400 });
    }
  });
});
