import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { expectShippingError } from '../shipping/support/expect-error';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A public address by literal: the outbound guard passes it without DNS (nothing is sent on create). */
const PUBLIC_URL = 'https://93.184.215.14/hooks/shipledger';

function fullRequest(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    config_name: 'Shop A updates',
    url: PUBLIC_URL,
    status: 'ACTIVE',
    entity_type: 'Shipment',
    headers: { 'x-shop': 'A' },
    merchants: ['SHOP-A'],
    pickup: { country: 'AE' },
    dropoff: { country: ['AE', 'SA'], city: 'Dubai' },
    pickup_partner_location_ids: 'LOC-1,LOC-2',
    dropoff_partner_location_ids: 'LOC-9',
    custom_conditions: [{ path: 'carrier_account.carrier', values: ['SANDBOX'] }],
    notify_label_update: true,
    notify_service_label_update: false,
    notify_rma_received_items: false,
    notify_rma_returned_items: true,
    notify_status: ['booked', 'delivered'],
    initial_retry_frequency: 2,
    max_retry_count: 4,
    internal: false,
    ...overrides,
  };
}

const EMPTY_OPTIONALS = {
  status: 'ACTIVE', entity_type: null, headers: {}, merchants: [], pickup: null, dropoff: null,
  pickup_partner_location_ids: null, dropoff_partner_location_ids: null, custom_conditions: [],
  notify_label_update: false, notify_service_label_update: false, notify_rma_received_items: false, notify_rma_returned_items: false,
  notify_status: [], initial_retry_frequency: null, max_retry_count: null, internal: false,
};

describe.each([['PGlite', false], ['Postgres', true]])('/webhooks configurations over HTTPS on %s', (_name, postgres) => {
  let app: TestApp;
  let tenant: TestTenant;
  const call = (who: TestTenant, method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: who.headers, body });

  beforeAll(async () => {
    app = await startTestApp({ postgres, worker: false });
    tenant = await app.createTenant({ merchants: ['SHOP-A', 'SHOP-B'] });
  });
  afterAll(() => app?.close());

  it('given a full request, when POSTed, then 201 answers every field, config_id, update_date and the secret once; GET answers the same without the secret', async () => {
    const request = fullRequest();
    const created = await call(tenant, 'POST', '/webhooks', request);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ config_id: expect.any(String), ...request, update_date: expect.stringMatching(ISO_MS), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    const { secret, ...withoutSecret } = created.body;
    const got = await call(tenant, 'GET', `/webhooks/${created.body.config_id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(withoutSecret);
    const list = await call(tenant, 'GET', '/webhooks');
    expect(list.body).toContainEqual(withoutSecret);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('given the secret, then it is stored encrypted: no row of the webhooks schema holds it in clear', async () => {
    const created = await call(tenant, 'POST', '/webhooks', fullRequest());
    const rows = await app.database.kysely.withSchema('webhooks').selectFrom('configurations').selectAll()
      .where('config_id', '=', created.body.config_id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.body.secret.slice('whsec_'.length));
  });

  it('given only the required fields, then the optional ones answer empty (ACTIVE, no filters, default retries)', async () => {
    const created = await call(tenant, 'POST', '/webhooks', { config_name: 'Minimal', url: PUBLIC_URL });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      config_id: expect.any(String), config_name: 'Minimal', url: PUBLIC_URL, ...EMPTY_OPTIONALS, update_date: expect.any(String), secret: expect.any(String),
    });
  });

  it('PUT sets the fields given and clears the others; DELETE answers the object, then it is gone (404, not listed)', async () => {
    const created = (await call(tenant, 'POST', '/webhooks', fullRequest())).body;
    const replaced = await call(tenant, 'PUT', `/webhooks/${created.config_id}`, { config_name: 'Renamed', url: PUBLIC_URL, status: 'INACTIVE' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({
      config_id: created.config_id, config_name: 'Renamed', url: PUBLIC_URL, ...EMPTY_OPTIONALS, status: 'INACTIVE', update_date: expect.any(String),
    });
    expect((await call(tenant, 'GET', `/webhooks/${created.config_id}`)).body).toEqual(replaced.body);
    const deleted = await call(tenant, 'DELETE', `/webhooks/${created.config_id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(replaced.body);
    expectShippingError(await call(tenant, 'GET', `/webhooks/${created.config_id}`), 404, `No webhook configuration found with the config id: ${created.config_id}`);
    expect((await call(tenant, 'GET', '/webhooks')).body.map((c: any) => c.config_id)).not.toContain(created.config_id);
  });

  it('names every bad field in the shipping error body, and stores nothing', async () => {
    const before = (await call(tenant, 'GET', '/webhooks')).body.length;
    const response = await call(tenant, 'POST', '/webhooks', {
      config_name: 'x'.repeat(251), status: 'PAUSED', entity_type: 'Order', headers: { 'webhook-signature': 'v1,forged' },
      pickup: { country: 7 }, notify_status: ['teleported'], initial_retry_frequency: 0, max_retry_count: 21, internal: 'yes', colour: 'red',
    });
    expect(response.status).toBe(400);
    expect(response.body.status).toBe('400');
    const fields = response.body.errors.map((error: string) => error.split(' : ')[0]);
    expect(new Set(fields)).toEqual(new Set([
      'config_name', 'url', 'status', 'entity_type', 'headers', 'pickup', 'notify_status', 'initial_retry_frequency', 'max_retry_count', 'internal', 'colour',
    ]));
    expect((await call(tenant, 'GET', '/webhooks')).body.length).toBe(before);
  });

  it('refuses a url the outbound guard refuses (400 naming url) on create and on replace, storing nothing', async () => {
    const refused = 'url : must be an http(s) URL whose host resolves to an allowed public address';
    for (const [url, error] of [
      ['http://169.254.169.254/latest/meta-data/', refused], ['https://127.0.0.1:8443/hook', refused], ['http://localhost/', refused],
      ['http://10.0.0.8/', refused], ['https://[::1]/', refused], ['ftp://example.com/', 'url : is not usable: Only http and https URLs are allowed'],
    ]) {
      expectShippingError(await call(tenant, 'POST', '/webhooks', fullRequest({ url })), 400, error!);
    }
    const created = (await call(tenant, 'POST', '/webhooks', fullRequest())).body;
    expectShippingError(await call(tenant, 'PUT', `/webhooks/${created.config_id}`, fullRequest({ url: 'http://192.168.1.1/' })), 400, refused);
    expect((await call(tenant, 'GET', `/webhooks/${created.config_id}`)).body.url).toBe(PUBLIC_URL);
  });

  it('refuses merchants the tenant does not have', async () => {
    expectShippingError(await call(tenant, 'POST', '/webhooks', fullRequest({ merchants: ['SHOP-Z'] })), 400, 'merchants : unknown merchant SHOP-Z');
  });

  it('another tenant\'s configuration is unknown (404) to read, replace, delete and rotate', async () => {
    const other = await app.createTenant();
    const theirs = (await call(other, 'POST', '/webhooks', fullRequest({ merchants: [] }))).body;
    const missing = `No webhook configuration found with the config id: ${theirs.config_id}`;
    expectShippingError(await call(tenant, 'GET', `/webhooks/${theirs.config_id}`), 404, missing);
    expectShippingError(await call(tenant, 'PUT', `/webhooks/${theirs.config_id}`, fullRequest()), 404, missing);
    expectShippingError(await call(tenant, 'DELETE', `/webhooks/${theirs.config_id}`), 404, missing);
    expectShippingError(await call(tenant, 'POST', `/webhooks/${theirs.config_id}/rotate-secret`, {}), 404, missing);
    expect((await call(other, 'GET', `/webhooks/${theirs.config_id}`)).status).toBe(200);
  });

  it('a client limited to a merchant sees and writes only configurations restricted to it', async () => {
    const limited = await app.createTenant({ merchants: ['M1', 'M2'], clientMerchants: ['M1'] });
    const forbidden = await call(limited, 'POST', '/webhooks', fullRequest({ merchants: ['M2'] }));
    expect(forbidden.status).toBe(403);
    expect((await call(limited, 'POST', '/webhooks', fullRequest({ merchants: [] }))).status).toBe(403);
    expect((await call(limited, 'POST', '/webhooks', fullRequest({ merchants: ['M1'] }))).status).toBe(201);
    expect((await call(limited, 'GET', '/webhooks')).body.map((c: any) => c.merchants)).toEqual([['M1']]);
  });

  it('needs the configuration scopes', async () => {
    const reader = await app.createTenant({ scopes: ['read:configuration'] });
    expect((await call(reader, 'GET', '/webhooks')).status).toBe(200);
    expect((await call(reader, 'POST', '/webhooks', fullRequest({ merchants: [] }))).status).toBe(403);
  });

  it('rotate-secret answers a new secret once and when the previous one stops signing; the configuration is unchanged', async () => {
    const created = (await call(tenant, 'POST', '/webhooks', fullRequest())).body;
    const rotated = await call(tenant, 'POST', `/webhooks/${created.config_id}/rotate-secret`, { overlap_seconds: 600 });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ config_id: created.config_id, secret: expect.stringMatching(/^whsec_/), previous_secret_expires_at: expect.stringMatching(ISO_MS) });
    expect(rotated.body.secret).not.toBe(created.secret);
    const expires = Date.parse(rotated.body.previous_secret_expires_at);
    expect(expires - Date.now()).toBeGreaterThan(590_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(600_000);
    const { secret: _secret, ...withoutSecret } = created;
    expect((await call(tenant, 'GET', `/webhooks/${created.config_id}`)).body).toEqual({ ...withoutSecret, update_date: expect.any(String) });
    expectShippingError(await call(tenant, 'POST', `/webhooks/${created.config_id}/rotate-secret`, { overlap_seconds: -1 }), 400, 'overlap_seconds : must not be less than 0');
  });
});
