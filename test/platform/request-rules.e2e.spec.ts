import { randomUUID } from 'node:crypto';
import { REMOVED_ENDPOINTS } from '@shipledger/platform';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentRequest } from '../shipping/support/shipment-requests';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const shippingError = (status: number, errors: unknown[]) => ({ status: String(status), timestamp: expect.stringMatching(ISO_MS), errors });

describe('bad input: exact status and body, and nothing written', () => {
  let app: TestApp;
  let t: TestTenant;
  beforeAll(async () => {
    app = await startTestApp({ worker: false, bodyLimitBytes: 64 * 1024 });
    t = await app.createTenant();
  });
  afterAll(() => app?.close());

  const onlyAbout = (field: string, message: string) => [expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')} : `)), message];
  const cases: Array<[string, () => { headers?: Record<string, string>; body?: unknown; rawBody?: string }, number, unknown[]]> = [
    ['malformed JSON', () => ({ rawBody: '{"merchant": "M1",', headers: { 'content-type': 'application/json' } }), 400, ['Malformed JSON in the request body']],
    ['a JSON value that is not an object', () => ({ rawBody: '"hello"', headers: { 'content-type': 'application/json' } }), 400, ['body : must be a JSON object']],
    ['a wrong type', () => ({ body: { ...shipmentRequest(t.merchants[0]), merchant: 42 } }), 400, onlyAbout('merchant', 'merchant : must be a string')],
    ['a wrong nested type', () => ({ body: shipmentRequest(t.merchants[0], { dropoff: { ...shipmentRequest('x').dropoff, contact_email: 7 } }) }), 400, onlyAbout('dropoff.contact_email', 'dropoff.contact_email : must be a string')],
    ['an unknown field', () => ({ body: { ...shipmentRequest(t.merchants[0]), surprise: true } }), 400, ['surprise : should not exist']],
    ['form encoding', () => ({ rawBody: 'merchant=M1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, ['Unsupported content type: send application/json']],
    ['plain text', () => ({ rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415, ['Unsupported content type: send application/json']],
    ['a body over the limit (64 KiB here)', () => ({ body: { ...shipmentRequest(t.merchants[0]), padding: 'x'.repeat(70 * 1024) } }), 413, ['Request body too large']],
  ];

  it.each(cases)('%s', async (_name, make, status, errors) => {
    const before = await app.eventStore.headPosition();
    const request = make();
    const res = await app.http.request('POST', '/shipments?draft=true', { ...request, headers: { ...t.headers, ...(request.headers ?? {}) } });
    expect(res.status).toBe(status);
    if (errors.length === 2 && typeof errors[1] === 'string' && status === 400 && errors[0] !== errors[1]) {
      // Type errors: the field's own DTO may add its other constraints; each message names the field.
      const [everyOne, exact] = errors;
      expect(res.body).toEqual(shippingError(status, expect.arrayContaining([exact])));
      for (const message of res.body.errors) expect(message).toEqual(everyOne);
    } else {
      expect(res.body).toEqual(shippingError(status, errors));
    }
    expect(await app.eventStore.headPosition()).toBe(before);
  });

  it('names every bad field at once', async () => {
    const body = { ...shipmentRequest(t.merchants[0]), merchant: 42, surprise: 1, other: 2 };
    const res = await app.http.request('POST', '/shipments?draft=true', { headers: t.headers, body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^merchant : /), 'surprise : should not exist', 'other : should not exist']));
  });

  it('renders the same failures in the orders shape on an orders-area route', async () => {
    const res = await app.http.request('PATCH', `/admin/tenants/${t.tenantId}/settings`, { headers: app.adminHeaders, body: { legacy_compatibility: 'yes', extra: 1 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'extra : should not exist',
      code: 'validation_failed',
      details: [{ field: 'extra', message: 'should not exist' }, { field: 'legacy_compatibility', message: 'must be a boolean value' }],
    });
    const malformed = await app.http.request('PATCH', `/admin/tenants/${t.tenantId}/settings`, { headers: { ...app.adminHeaders, 'content-type': 'application/json' }, rawBody: '{' });
    expect(malformed.body).toEqual({ error: 'Malformed JSON in the request body', code: 'malformed_json', details: [] });
  });
});

describe('Idempotency-Key', () => {
  let app: TestApp;
  let t: TestTenant;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    t = await app.createTenant();
  });
  afterAll(() => app?.close());

  const post = (key: string, body: unknown, tenant = t) =>
    app.http.request('POST', '/shipments?draft=true', { headers: { ...tenant.headers, 'idempotency-key': key }, body });

  it('replays the stored response to a retry with the same body, appending nothing', async () => {
    const key = randomUUID();
    const body = shipmentRequest(t.merchants[0]);
    const first = await post(key, body);
    expect(first.status).toBe(200);
    const head = await app.eventStore.headPosition();
    const again = await post(key, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await app.eventStore.headPosition()).toBe(head);
  });

  it('answers 409 to the same key with a different body, and keeps keys apart per tenant', async () => {
    const key = randomUUID();
    expect((await post(key, shipmentRequest(t.merchants[0]))).status).toBe(200);
    const conflict = await post(key, shipmentRequest(t.merchants[0]));
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual(shippingError(409, ['Idempotency-Key was already used with a different request']));
    const other = await app.createTenant();
    const elsewhere = await post(key, shipmentRequest(other.merchants[0]), other);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lets one of two concurrent requests with the same key run; the other is refused or replayed', async () => {
    const key = randomUUID();
    const body = shipmentRequest(t.merchants[0]);
    const before = await app.eventStore.headPosition();
    const answers = await Promise.all([post(key, body), post(key, body), post(key, body)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const ids = new Set(answers.filter((r) => r.status === 200).map((r) => r.body.shipment_id));
    expect(ids.size).toBe(1);
    const appended = (await app.eventStore.readAll({ after: before })).filter((e) => e.metadata.tenantId === t.tenantId);
    expect(appended.filter((e) => e.type === 'ShipmentDraftCreated').map((e) => e.streamId)).toEqual([`shipment-${[...ids][0]}`]);
  });

  it('replays a 4xx answer too, and covers PATCH', async () => {
    const key = randomUUID();
    const bad = { ...shipmentRequest(t.merchants[0]), surprise: 1 };
    const first = await post(key, bad);
    expect(first.status).toBe(400);
    const again = await post(key, bad);
    expect(again.status).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const created = await post(randomUUID(), shipmentRequest(t.merchants[0]));
    const patchKey = randomUUID();
    const patch = (b: unknown) => app.http.request('PATCH', `/shipments/${created.body.shipment_id}`, { headers: { ...t.headers, 'idempotency-key': patchKey }, body: b });
    const patched = await patch({ language: 'fr' });
    expect(patched.status).toBe(200);
    const head = await app.eventStore.headPosition();
    expect((await patch({ language: 'fr' })).headers['idempotent-replayed']).toBe('true');
    expect(await app.eventStore.headPosition()).toBe(head);
    expect((await patch({ language: 'de' })).status).toBe(409);
  });
});

describe('endpoints removed on 30 June 2022', () => {
  let app: TestApp;
  let plain: TestTenant;
  let legacy: TestTenant;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    plain = await app.createTenant();
    legacy = await app.createTenant({ legacy: true });
  });
  afterAll(() => app?.close());

  it('answer 410 Gone naming the replacement', async () => {
    for (const endpoint of REMOVED_ENDPOINTS) {
      const path = endpoint.path.replace(':shipment_id', 'S-1');
      const res = await app.http.request(endpoint.method, path, { headers: plain.headers, body: endpoint.method === 'GET' ? undefined : {} });
      if (!endpoint.replacement) {
        // PUT /shipments/{id}/parcels is also listed as a live endpoint by the spec: 410 only when no context serves it.
        if (res.status === 410) expect(res.body.errors[0]).toMatch(/removed on 30 June 2022; use no replacement/);
        else expect(res.status).toBe(400);
        continue;
      }
      expect({ endpoint: `${endpoint.method} ${endpoint.path}`, status: res.status }).toEqual({ endpoint: `${endpoint.method} ${endpoint.path}`, status: 410 });
      expect(res.body.errors[0]).toMatch(/was removed on 30 June 2022; use (GET|POST|PUT|PATCH) \/shipments/);
    }
    const draft = await app.http.request('POST', '/shipments/draft', { headers: plain.headers, body: {} });
    expect(draft.body).toEqual(shippingError(410, ['POST /shipments/draft was removed on 30 June 2022; use POST /shipments?draft=true']));
    const status = await app.http.request('PATCH', '/shipments/S-9/status', { headers: plain.headers, body: {} });
    expect(status.body.errors).toEqual(['PATCH /shipments/{shipment_id}/status was removed on 30 June 2022; use POST /shipments/{shipment_id}/update-status']);
    expect(status.headers.link).toBe('</shipments/S-9/update-status>; rel="successor-version"');
  });

  it('still apply the header rules first', async () => {
    const res = await app.http.request('POST', '/shipments/draft', { body: {} });
    expect(res.status).toBe(401);
  });

  it('work as aliases of their replacements for a tenant with legacy compatibility', async () => {
    const created = await app.http.request('POST', '/shipments/draft', { headers: legacy.headers, body: shipmentRequest(legacy.merchants[0]) });
    expect(created.status).toBe(200);
    expect(created.body.post_shipping_info.status).toBe('draft');
    const id = created.body.shipment_id;
    expect(created.headers.deprecation).toBe('@1656547200');
    expect(created.headers.link).toBe('</shipments?draft=true>; rel="successor-version"');
    const fetched = await app.http.request('GET', `/shipments/${id}`, { headers: legacy.headers });
    expect(fetched.body).toEqual(created.body);

    const patched = await app.http.request('PATCH', `/shipments/draft/${id}`, { headers: legacy.headers, body: { language: 'fr' } });
    expect(patched.status).toBe(200);
    expect(patched.body.language).toBe('fr');
    expect(patched.headers.link).toBe(`</shipments/${id}>; rel="successor-version"`);

    // Optional bodies: nothing, {} or [] (PHP's empty map).
    for (const body of [undefined, {}, []]) {
      const other = await app.http.request('POST', '/shipments/draft', { headers: legacy.headers, body: shipmentRequest(legacy.merchants[0]) });
      const cancelled = await app.http.request('PATCH', `/shipments/${other.body.shipment_id}/cancel`, { headers: legacy.headers, body });
      expect({ body: JSON.stringify(body), status: cancelled.status }).toEqual({ body: JSON.stringify(body), status: 200 });
      expect(cancelled.body.post_shipping_info.status).toBe('cancelled');
      expect(cancelled.headers.deprecation).toBe('@1656547200');
      expect(cancelled.headers.link).toBe(`</shipments/${other.body.shipment_id}/cancel>; rel="successor-version"`);
    }

    const unknown = await app.http.request('PATCH', '/shipments/no-such-one/cancel', { headers: legacy.headers });
    const direct = await app.http.request('POST', '/shipments/no-such-one/cancel', { headers: legacy.headers });
    expect(unknown.status).toBe(404);
    expect({ ...unknown.body, timestamp: 'x' }).toEqual({ ...direct.body, timestamp: 'x' });
  });
});
