import { startTestApp, type TestApp } from '@shipledger/testing';

describe('POST /oauth/token over HTTPS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ loginFailures: { perClient: 3, perAddress: 1000 } });
  });
  afterAll(() => app.close());

  it('answers a 24 h bearer token for JSON client credentials, with an extra grant_type', async () => {
    const tenant = await app.createTenant({ merchants: ['SHOP1'], scopes: ['read:shipments', 'create:shipments'] });
    const res = await app.http.request('POST', '/oauth/token', {
      body: { client_id: tenant.clientId, client_secret: tenant.clientSecret, grant_type: 'client_credentials' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      scope: `tenant:${tenant.tenantId} read:shipments create:shipments`,
      expires_in: 86400,
      token_type: 'Bearer',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.access_token.split('.')).toHaveLength(3);
  });

  it('accepts the standard form-encoded body and names merchant scopes', async () => {
    const tenant = await app.createTenant({ merchants: ['A1', 'B1'], scopes: ['read:orders'], clientMerchants: ['A1'] });
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret });
    const res = await app.http.request('POST', '/oauth/token', {
      rawBody: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe(`tenant:${tenant.tenantId} merchant:A1 read:orders`);
  });

  it('answers 400 bad_request naming each missing field', async () => {
    const none = await app.http.request('POST', '/oauth/token', { body: {} });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: 'bad_request', error_description: 'client_id and client_secret are required' });
    const noSecret = await app.http.request('POST', '/oauth/token', { body: { client_id: 'x' } });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body).toEqual({ error: 'bad_request', error_description: 'client_secret is required' });
    const wrongTypes = await app.http.request('POST', '/oauth/token', { body: { client_id: 5, client_secret: true } });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body).toEqual({ error: 'bad_request', error_description: 'client_id and client_secret must be strings' });
  });

  it('answers 401 access_denied for a wrong secret, an unknown client and a revoked client', async () => {
    const tenant = await app.createTenant();
    const wrong = await app.http.request('POST', '/oauth/token', { body: { client_id: tenant.clientId, client_secret: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'access_denied', error_description: 'Unauthorized' });
    const unknown = await app.http.request('POST', '/oauth/token', { body: { client_id: 'cl_unknown_x', client_secret: 'nope' } });
    expect(unknown.body).toEqual({ error: 'access_denied', error_description: 'Unauthorized' });

    const revoke = await app.http.request('DELETE', `/admin/tenants/${tenant.tenantId}/clients/${tenant.clientId}`, { headers: app.adminHeaders });
    expect(revoke.status).toBe(200);
    const revoked = await app.http.request('POST', '/oauth/token', { body: { client_id: tenant.clientId, client_secret: tenant.clientSecret } });
    expect(revoked.status).toBe(401);
  });

  it('refuses further attempts for a client id after repeated failures, even with the right secret', async () => {
    const tenant = await app.createTenant();
    for (let i = 0; i < 3; i++) {
      const res = await app.http.request('POST', '/oauth/token', { body: { client_id: tenant.clientId, client_secret: `bad${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await app.http.request('POST', '/oauth/token', { body: { client_id: tenant.clientId, client_secret: tenant.clientSecret } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('too_many_requests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('needs no tenant headers and works without a body content type only for JSON or form', async () => {
    const res = await app.http.request('POST', '/oauth/token', { rawBody: 'client_id=x', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'unsupported_media_type', error_description: 'Unsupported content type: send application/json' });
  });
});
