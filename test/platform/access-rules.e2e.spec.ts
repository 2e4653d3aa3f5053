import { TokenService } from '@shipledger/platform';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentRequest } from '../shipping/support/shipment-requests';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectShipping(res: { status: number; body: any }, status: number, message: RegExp): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ status: String(status), timestamp: expect.stringMatching(ISO_MS), errors: [expect.stringMatching(message)] });
}

describe('the header rules of every call, over HTTPS', () => {
  let app: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  const unknownShipment = () => `/shipments/nope-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    a = await app.createTenant();
    b = await app.createTenant();
  });
  afterAll(() => app?.close());

  it('passes a complete, valid set of headers through to the route', async () => {
    const res = await app.http.request('GET', unknownShipment(), { headers: a.headers });
    expect(res.status).toBe(404);
  });

  it('answers 401 without a bearer token, and for a malformed, forged or expired one', async () => {
    const { authorization: _auth, ...noToken } = a.headers;
    const missing = await app.http.request('GET', unknownShipment(), { headers: noToken });
    expectShipping(missing, 401, /^Unauthorized/);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="shipledger"');
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, authorization: 'Bearer not-a-jwt' } }), 401, /^Unauthorized/);
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, authorization: `Basic ${a.token}` } }), 401, /^Unauthorized/);

    const claims = { tenantId: a.tenantId, clientId: a.clientId, scopes: ['read:shipments'], merchants: [] };
    const forged = await new TokenService('some-other-secret-of-enough-length').issue(claims);
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, authorization: `Bearer ${forged.accessToken}` } }), 401, /invalid or expired/);
    const secret = app.api.platform.options.jwtSecret;
    const expired = await new TokenService(secret, () => Date.now() - 86_401_000).issue(claims);
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, authorization: `Bearer ${expired.accessToken}` } }), 401, /invalid or expired/);
    const fresh = await new TokenService(secret).issue(claims);
    expect((await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, authorization: `Bearer ${fresh.accessToken}` } })).status).toBe(404);
  });

  it('answers 403 for a missing or wrong tenant-id or x-api-key, and for a token of another tenant', async () => {
    const { 'tenant-id': _t, ...noTenant } = a.headers;
    const { 'x-api-key': _k, ...noKey } = a.headers;
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: noTenant }), 403, /tenant-id header is required/);
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: noKey }), 403, /x-api-key header is required/);
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, 'x-api-key': b.apiKey } }), 403, /invalid tenant-id or x-api-key/);
    const samePrefix = `${a.apiKey.slice(0, -4)}${a.apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, 'x-api-key': samePrefix } }), 403, /invalid tenant-id or x-api-key/);
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, 'tenant-id': 'no-such-tenant' } }), 403, /invalid tenant-id or x-api-key/);
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: { ...a.headers, authorization: b.headers.authorization } }), 403, /another tenant/);
  });

  it('answers an unknown route 404 (and a malformed URL 400) in the body shape of its area', async () => {
    const orders = await app.http.request('GET', '/orders/some-order/no-such-action', { headers: a.headers });
    expect(orders.status).toBe(404);
    expect(orders.body).toEqual({ error: 'No route for GET /orders/some-order/no-such-action', code: 'not_found', details: [] });
    expectShipping(await app.http.request('DELETE', '/shipments/x/y/z', { headers: a.headers }), 404, /^No route for DELETE/);
    const badUrl = await app.http.request('GET', '/shipments/%E0%A4%A', { headers: a.headers });
    expectShipping(badUrl, 400, /^Malformed request URL$/);
    const token = await app.http.request('GET', '/oauth/token');
    expect(token.status).toBe(404);
    expect(token.body).toEqual({ error: 'not_found', error_description: 'No route for GET /oauth/token' });
  });

  it('answers 403 when the token lacks the scope the route requires', async () => {
    const reader = await app.createTenant({ scopes: ['read:shipments'] });
    expect((await app.http.request('GET', unknownShipment(), { headers: reader.headers })).status).toBe(404);
    const create = await app.http.request('POST', '/shipments?draft=true', { headers: reader.headers, body: shipmentRequest(reader.merchants[0]) });
    expectShipping(create, 403, /lacks the scope create:shipments/);
  });

  it('stops a rotated API key and the tokens of a revoked client at once', async () => {
    const t = await app.createTenant();
    const rotated = await app.http.request('POST', `/admin/tenants/${t.tenantId}/api-key/rotate`, { headers: app.adminHeaders });
    expect(rotated.status).toBe(200);
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: t.headers }), 403, /invalid tenant-id or x-api-key/);
    const renewed = { ...t.headers, 'x-api-key': rotated.body.api_key };
    expect((await app.http.request('GET', unknownShipment(), { headers: renewed })).status).toBe(404);

    const revoked = await app.http.request('DELETE', `/admin/tenants/${t.tenantId}/clients/${t.clientId}`, { headers: app.adminHeaders });
    expect(revoked.body).toMatchObject({ client_id: t.clientId, revoked: true });
    expectShipping(await app.http.request('GET', unknownShipment(), { headers: renewed }), 401, /revoked/);
  });

  it('puts RateLimit headers on every response and answers 429 with Retry-After when the tenant budget is spent', async () => {
    const t = await app.createTenant({ rateLimitPerMinute: 3 });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.http.request('GET', unknownShipment(), { headers: t.headers });
      expect(res.status).toBe(404);
      expect(res.headers['ratelimit-limit']).toBe('3');
      remaining.push(res.headers['ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await app.http.request('GET', unknownShipment(), { headers: t.headers });
    expectShipping(refused, 429, /Rate limit exceeded/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    // Another tenant is not affected, and unauthenticated or public answers carry the headers too.
    expect((await app.http.request('GET', unknownShipment(), { headers: a.headers })).status).toBe(404);
    for (const res of [
      await app.http.request('GET', unknownShipment()),
      await app.http.request('GET', '/health'),
      await app.http.request('GET', '/no/such/route'),
    ]) {
      expect(res.headers['ratelimit-limit']).toEqual(expect.any(String));
      expect(res.headers['ratelimit-remaining']).toEqual(expect.any(String));
      expect(res.headers['ratelimit-reset']).toEqual(expect.any(String));
    }
  });
});

describe('the per-address budget', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false, addressRequestsPerMinute: 5 });
  });
  afterAll(() => app?.close());

  it('counts only calls without a verified tenant: a tenant above the address budget is limited by its own budget alone', async () => {
    // Given an address budget of 5 a minute and a tenant allowed 100
    const t = await app.createTenant({ rateLimitPerMinute: 100 });
    const path = () => `/shipments/nope-${Math.random().toString(36).slice(2)}`;

    // When the tenant makes 12 calls from the one address
    const own = [];
    for (let i = 0; i < 12; i++) own.push(await app.http.request('GET', path(), { headers: t.headers }));

    // Then none is throttled, and they count against the tenant's budget only
    expect(own.map((r) => r.status)).toEqual(Array(12).fill(404));
    expect(own.at(-1)!.headers['ratelimit-limit']).toBe('100');

    // And calls without credentials, or with a bad token, share the address budget of 5 (what the
    // harness spent before — the token request, the OpenAPI document the answer checker reads — too)
    const anonymous = [];
    for (let i = 0; i < 2; i++) anonymous.push(await app.http.request('GET', path()));
    for (let i = 0; i < 4; i++) anonymous.push(await app.http.request('GET', path(), { headers: { ...t.headers, authorization: 'Bearer not-a-jwt' } }));
    const statuses = anonymous.map((r) => r.status);
    const allowed = statuses.indexOf(429);
    expect(allowed).toBeGreaterThanOrEqual(2);
    expect(allowed).toBeLessThanOrEqual(4);
    expect(statuses).toEqual([...Array(allowed).fill(401), ...Array(statuses.length - allowed).fill(429)]);
    expectShipping(anonymous[allowed]!, 429, /Rate limit exceeded/);
    expect((await app.http.request('GET', path(), { headers: t.headers })).status).toBe(404);
  });
});

describe('the admin token', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false, loginFailures: { perClient: 3, perAddress: 50 } });
  });
  afterAll(() => app?.close());

  it('is throttled like client secrets: after 3 wrong tokens from an address, even the right one waits', async () => {
    // Given three wrong admin tokens from one address
    const wrong = [];
    for (let i = 0; i < 3; i++) wrong.push((await app.http.request('GET', '/admin/tenants', { headers: { authorization: `Bearer guess-${i}` } })).status);

    // When the right token comes from that address
    const blocked = await app.http.request('GET', '/admin/tenants', { headers: app.adminHeaders });

    // Then it waits, with Retry-After
    expect(wrong).toEqual([401, 401, 401]);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the admin API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(() => app?.close());

  it('answers 401 without the admin token or with a wrong one, and never to tenant credentials', async () => {
    const t = await app.createTenant();
    for (const headers of [{}, { authorization: 'Bearer wrong' }, t.headers]) {
      const res = await app.http.request('GET', '/admin/tenants', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: expect.stringMatching(/admin token/), code: 'unauthorized', details: [] });
    }
  });

  it('creates a tenant, its merchants and a client whose credentials work end to end; secrets are shown once', async () => {
    const tenantId = `adm-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const created = await app.http.request('POST', '/admin/tenants', {
      headers: app.adminHeaders,
      body: { tenant_id: tenantId, name: 'Acme', merchants: [{ merchant_id: 'SHOP1', name: 'Shop 1' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tenant_id: tenantId, name: 'Acme', legacy_compatibility: false, merchants: [{ merchant_id: 'SHOP1', name: 'Shop 1' }] });
    expect(created.body.api_key).toMatch(/^slk_/);
    expect((await app.http.request('POST', `/admin/tenants/${tenantId}/merchants`, { headers: app.adminHeaders, body: { merchant_id: 'SHOP2' } })).status).toBe(201);
    const client = await app.http.request('POST', `/admin/tenants/${tenantId}/clients`, {
      headers: app.adminHeaders,
      body: { name: 'Shop 2 app', scopes: ['read:shipments'], merchants: ['SHOP2'] },
    });
    expect(client.status).toBe(201);
    expect(client.body).toMatchObject({ tenant_id: tenantId, scopes: ['read:shipments'], merchants: ['SHOP2'], revoked: false });
    const token = await app.http.request('POST', '/oauth/token', { body: { client_id: client.body.client_id, client_secret: client.body.client_secret } });
    expect(token.body.scope).toBe(`tenant:${tenantId} merchant:SHOP2 read:shipments`);
    const call = await app.http.request('GET', '/shipments/unknown-one', {
      headers: { 'tenant-id': tenantId, 'x-api-key': created.body.api_key, authorization: `Bearer ${token.body.access_token}` },
    });
    expect(call.status).toBe(404);

    const described = await app.http.request('GET', `/admin/tenants/${tenantId}`, { headers: app.adminHeaders });
    expect(described.body.merchants.map((m: any) => m.merchant_id)).toEqual(['SHOP1', 'SHOP2']);
    expect(described.body.api_key_prefix).toBe(created.body.api_key.slice(0, 12));
    expect(described.text).not.toContain(client.body.client_secret);
    expect(described.text).not.toContain(created.body.api_key);
    expect(described.text).not.toContain('scrypt');
  });

  it('rejects unknown scopes and merchants, duplicate tenants, and bad fields by name', async () => {
    const t = await app.createTenant({ merchants: ['ONLY'] });
    const badScope = await app.http.request('POST', `/admin/tenants/${t.tenantId}/clients`, { headers: app.adminHeaders, body: { name: 'x', scopes: ['delete:everything'] } });
    expect(badScope.status).toBe(400);
    expect(badScope.body.details).toEqual([{ field: 'scopes', message: expect.stringContaining('must be one of') }]);
    const badMerchant = await app.http.request('POST', `/admin/tenants/${t.tenantId}/clients`, { headers: app.adminHeaders, body: { name: 'x', scopes: [], merchants: ['OTHER'] } });
    expect(badMerchant.status).toBe(400);
    const duplicate = await app.http.request('POST', '/admin/tenants', { headers: app.adminHeaders, body: { tenant_id: t.tenantId, name: 'again' } });
    expect(duplicate.status).toBe(409);
    const unknown = await app.http.request('GET', '/admin/tenants/no-such-tenant', { headers: app.adminHeaders });
    expect(unknown.status).toBe(404);
    const twice = await app.http.request('POST', '/admin/tenants', { headers: app.adminHeaders, body: { name: 'x', merchants: [{ merchant_id: 'S' }, { merchant_id: 'S' }] } });
    expect(twice.status).toBe(400);
    expect(twice.body.details).toEqual([{ field: 'merchants', message: 'S is listed twice' }]);
  });
});
