import { startTestApp, type TestApp } from '@shipledger/testing';
import { shipmentRequest } from '../shipping/support/shipment-requests';

describe('operability over HTTPS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('serves only HTTPS: a plain HTTP request on the same port gets no API answer', async () => {
    const plain = await fetch(app.baseUrl.replace('https:', 'http:') + '/health').then((r) => r.status, () => 'refused');
    expect(plain).not.toBe(200);
  });

  it('answers liveness and readiness (database and event store)', async () => {
    const live = await app.http.request('GET', '/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await app.http.request('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'up', event_store: 'up' } });
  });

  it('echoes x-request-id and x-correlation-id, generating them when absent', async () => {
    const given = await app.http.request('GET', '/health', { headers: { 'x-request-id': 'req-123', 'x-correlation-id': 'corr-9' } });
    expect(given.headers['x-request-id']).toBe('req-123');
    expect(given.headers['x-correlation-id']).toBe('corr-9');
    const generated = await app.http.request('GET', '/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers['x-correlation-id']).toBe(generated.headers['x-request-id']);
  });

  it('stamps request and correlation ids and the client on the events a call appends', async () => {
    const t = await app.createTenant();
    const before = await app.eventStore.headPosition();
    const res = await app.http.request('POST', '/shipments?draft=true', {
      headers: { ...t.headers, 'x-request-id': 'req-evt-1', 'x-correlation-id': 'corr-evt-1' },
      body: shipmentRequest(t.merchants[0]),
    });
    expect(res.status).toBe(200);
    const events = (await app.eventStore.readAll({ after: before })).filter((e) => e.metadata.tenantId === t.tenantId);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.metadata).toMatchObject({ requestId: 'req-evt-1', correlationId: 'corr-evt-1', actor: t.clientId });
  });

  it('serves OpenAPI 3 generated from the DTOs, and the docs page', async () => {
    const spec = await app.http.request('GET', '/docs/openapi.json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.body.paths)).toEqual(expect.arrayContaining(['/oauth/token', '/shipments', '/health']));
    expect(spec.body.components.schemas.TokenResponseDto.properties).toHaveProperty('expires_in');
    const page = await app.http.request('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('/docs/swagger-ui-bundle.js');
    expect((await app.http.request('GET', '/docs/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('exposes Prometheus metrics: requests by route and status, append latency, projector lag', async () => {
    const t = await app.createTenant();
    await app.http.request('POST', '/shipments?draft=true', { headers: t.headers, body: shipmentRequest(t.merchants[0]) });
    await app.http.request('GET', '/shipments/missing-one', { headers: t.headers });
    await app.waitUntilCaughtUp();
    const res = await app.http.request('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toMatch(/shipledger_http_requests_total\{method="GET",route="\/shipments\/:shipment_id",status="404"\} \d+/);
    expect(res.text).toMatch(/shipledger_http_request_duration_seconds_bucket\{le="[^"]+",method="POST",route="\/shipments",status="200"\}/);
    expect(res.text).toMatch(/shipledger_event_store_append_duration_seconds_count [1-9]/);
    expect(res.text).toMatch(/shipledger_projector_lag_events\{projector="projector:[a-z-]+"\} 0/);
    // Nothing waits in the booking backlog: no tenant had its share of the booking slots in hand
    expect(res.text).toMatch(/^shipledger_booking_backlog 0$/m);
  });

  it('answers every 2xx with a JSON body', async () => {
    const t = await app.createTenant();
    const created = await app.http.request('POST', '/shipments?draft=true', { headers: t.headers, body: shipmentRequest(t.merchants[0]) });
    for (const res of [created, await app.http.request('GET', '/health'), await app.http.request('GET', `/shipments/${created.body.shipment_id}`, { headers: t.headers })]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual(expect.any(Object));
    }
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false, trustProxy: true });
  });
  afterAll(() => app?.close());

  it('refuses what the proxy received over plain HTTP and serves what it received over HTTPS', async () => {
    const plain = await app.http.request('GET', '/health', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.status).toBe(403);
    expect(plain.body.errors).toEqual(['HTTPS is required']);
    const secure = await app.http.request('GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.status).toBe(200);
  });

  it('still serves legacy aliases, which call their replacement in-process', async () => {
    const t = await app.createTenant({ legacy: true });
    const res = await app.http.request('POST', '/shipments/draft', { headers: t.headers, body: shipmentRequest(t.merchants[0]) });
    expect(res.status).toBe(200);
    expect(res.body.post_shipping_info.status).toBe('draft');
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 naming what is down, while liveness still answers', async () => {
    const app = await startTestApp({ worker: false });
    try {
      expect((await app.http.request('GET', '/health/ready')).status).toBe(200);
      await app.database.close();
      const ready = await app.http.request('GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', checks: { database: 'down', event_store: 'down' } });
      expect((await app.http.request('GET', '/health')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
