import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { carriersContextFor } from '@shipledger/carriers';
import { createAccount } from './carriers-http';

describe('/carrier-accounts over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  const call = (t: TestTenant, method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: t.headers, body });

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    tenant = await app.createTenant();
    other = await app.createTenant();
  });
  afterAll(() => app?.close());

  it('creates (201) with properties masked, and never stores them in clear', async () => {
    const created = await createAccount(app, tenant, { property: { API_KEY: 'super-secret-key-123', MAX_PARCEL_WEIGHT_KG: 30 }, label: { default_label: 'service_zpl' } });
    expect(created).toMatchObject({
      carrier: 'SANDBOX', status: 'active', deleted: false, label: { default_label: 'service_zpl' },
      property: { API_KEY: '********', MAX_PARCEL_WEIGHT_KG: '********' }, auto_ready_to_ship: false, auto_return_confirmed: false,
    });
    expect(created.update_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const rows = await app.database.kysely.withSchema('carriers').selectFrom('carrier_accounts').selectAll()
      .where('carrier_account_id', '=', created.carrier_account_id).execute();
    expect(JSON.stringify(rows)).not.toContain('super-secret-key-123');
    const got = await call(tenant, 'GET', `/carrier-accounts/${created.carrier_account_id}`);
    expect(got.status).toBe(200);
    expect(got.text).not.toContain('super-secret-key-123');
  });

  it('PUT replaces the account; a masked value sent back keeps the stored secret', async () => {
    const created = await createAccount(app, tenant, { property: { API_KEY: 'keep-me', WEBHOOK_SECRET: 'hook-1' } });
    const put = await call(tenant, 'PUT', `/carrier-accounts/${created.carrier_account_id}`, {
      carrier_account_name: `${created.carrier_account_name} renamed`, carrier: 'SANDBOX_LITE', status: 'inactive',
      property: { API_KEY: '********', WEBHOOK_SECRET: 'hook-2' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ carrier: 'SANDBOX_LITE', status: 'inactive', carrier_account_name: `${created.carrier_account_name} renamed` });
    const stored = await carriersContextFor({ database: app.database, eventStore: app.eventStore }).accountRepository
      .get(tenant.tenantId, created.carrier_account_id);
    expect(stored?.property).toEqual({ API_KEY: 'keep-me', WEBHOOK_SECRET: 'hook-2' });
    // The webhook secret now authenticates tracking posts; the old one no longer does.
    const post = (secret: string) => app.http.request('POST', '/carriers/tracking-events', {
      headers: { 'x-carrier-account-id': created.carrier_account_id, 'x-carrier-webhook-secret': secret },
      body: { tracking_no: 'SBL000000000000', status: 'in_transit', date: new Date().toISOString() },
    });
    expect((await post('hook-1')).status).toBe(401);
    expect((await post('hook-2')).body.results[0].result).toBe('unknown_tracking_no');
  });

  it('lists active and inactive by default, deleted only on request; DELETE answers the deleted account', async () => {
    const kept = await createAccount(app, tenant);
    const gone = await createAccount(app, tenant);
    const deleted = await call(tenant, 'DELETE', `/carrier-accounts/${gone.carrier_account_id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ status: 'deleted', deleted: true });
    const ids = (body: any[]) => body.map((a) => a.carrier_account_id);
    const listed = await call(tenant, 'GET', '/carrier-accounts');
    expect(ids(listed.body)).toContain(kept.carrier_account_id);
    expect(ids(listed.body)).not.toContain(gone.carrier_account_id);
    const onlyDeleted = await call(tenant, 'GET', '/carrier-accounts?status=deleted');
    expect(ids(onlyDeleted.body)).toEqual([gone.carrier_account_id]);
  });

  it("another tenant's account is a 404 on every verb", async () => {
    const mine = await createAccount(app, tenant);
    for (const [method, body] of [['GET'], ['PUT', { carrier_account_name: 'x', carrier: 'SANDBOX' }], ['DELETE']] as const) {
      const response = await call(other, method, `/carrier-accounts/${mine.carrier_account_id}`, body);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: '404', errors: [expect.stringContaining(mine.carrier_account_id)] });
    }
    expect((await call(other, 'GET', '/carrier-accounts')).body).toEqual([]);
  });

  it('answers 400 in the shipping error body for invalid requests and duplicate names', async () => {
    const bad = await call(tenant, 'POST', '/carrier-accounts', { carrier: 'DHL', property: { lower: 'x' }, label: { default_label: 'png' } });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('400');
    expect(bad.body.errors).toEqual(expect.arrayContaining([
      'carrier_account_name : must not be blank',
      'carrier : must be one of SANDBOX, SANDBOX_LITE, HTTP',
      'property.lower : keys must be UPPER_CASE, up to 64 characters',
    ]));
    const first = await createAccount(app, tenant);
    const dup = await call(tenant, 'POST', '/carrier-accounts', { carrier_account_name: first.carrier_account_name.toUpperCase(), carrier: 'SANDBOX' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors[0]).toContain('Duplicate carrier account name');
  });

  it('refuses an HTTP carrier URL the outbound guard refuses (400 naming property.URL), on create and on update; stores nothing', async () => {
    const refusedAddress = 'property.URL : must be an http(s) URL whose host resolves to an allowed public address';
    const name = `Http ${Date.now()}`;
    for (const [url, error] of [
      ['http://169.254.169.254/latest/meta-data/', refusedAddress], ['http://127.0.0.1:9/', refusedAddress],
      ['http://[::ffff:7f00:1]/', refusedAddress], ['http://0x7f.1/', refusedAddress], ['http://localhost/', refusedAddress],
      ['https://[fd00::1]/', refusedAddress], ['http://10.0.0.8/', refusedAddress],
      ['file:///etc/passwd', 'property.URL : is not usable: Only http and https URLs are allowed'],
    ]) {
      const refused = await call(tenant, 'POST', '/carrier-accounts', { carrier_account_name: name, carrier: 'HTTP', property: { URL: url } });
      expect([url, refused.status, refused.body.errors]).toEqual([url, 400, [error]]);
    }
    const missing = await call(tenant, 'POST', '/carrier-accounts', { carrier_account_name: name, carrier: 'HTTP' });
    expect(missing.body.errors).toEqual(['property.URL : must not be blank']);
    const listed = await call(tenant, 'GET', '/carrier-accounts');
    expect(listed.body.map((a: any) => a.carrier_account_name)).not.toContain(name);

    // Update: an existing account switched to HTTP with a loopback URL is refused and left as it was.
    const existing = await createAccount(app, tenant);
    const put = await call(tenant, 'PUT', `/carrier-accounts/${existing.carrier_account_id}`, {
      carrier_account_name: existing.carrier_account_name, carrier: 'HTTP', property: { URL: 'http://[::1]:8080/book' },
    });
    expect(put.status).toBe(400);
    expect(put.body.errors).toEqual([refusedAddress]);
    expect((await call(tenant, 'GET', `/carrier-accounts/${existing.carrier_account_id}`)).body).toMatchObject({ carrier: 'SANDBOX', update_date: existing.update_date });
  });
});
