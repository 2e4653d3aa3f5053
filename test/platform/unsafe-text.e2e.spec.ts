import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentRequest } from '../shipping/support/shipment-requests';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNSAFE = 'must not contain NUL characters or unpaired UTF-16 surrogates';
const shippingError = (...errors: string[]) => ({ status: '400', timestamp: expect.stringMatching(ISO_MS), errors });

/** Issue 10.1: NUL and lone surrogates are refused at the edge, on every route, before anything is stored. */
describe('text Postgres cannot hold is refused at the edge', () => {
  let app: TestApp;
  let t: TestTenant;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    t = await app.createTenant();
  });
  afterAll(() => app?.close());

  async function expectNothingAppended(call: () => Promise<void>): Promise<void> {
    const before = await app.eventStore.headPosition();
    await call();
    expect(await app.eventStore.headPosition()).toBe(before);
  }

  it.each([
    ['a NUL in a nested string', { dropoff: { ...shipmentRequest('x').dropoff, city: 'Dubai\u0000' } }, 'dropoff.city'],
    ['a lone high surrogate', { dropoff: { ...shipmentRequest('x').dropoff, city: '\ud800' } }, 'dropoff.city'],
    ['a lone low surrogate in an array', { items: [{ sku: 'A\udc00B', quantity: 1 }] }, 'items.0.sku'],
    ['a NUL in an object key', { custom_attributes: { 'gift\u0000note': ['Hi'] } }, 'custom_attributes (a key)'],
  ])('body: %s → 400 naming the field, nothing appended', async (_name, override, field) => {
    await expectNothingAppended(async () => {
      const res = await app.http.request('POST', '/shipments?draft=true', { headers: t.headers, body: shipmentRequest(t.merchants[0], override) });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: shippingError(`${field} : ${UNSAFE}`) });
    });
  });

  it('keeps a well-formed surrogate pair (an emoji) as ordinary text', async () => {
    const res = await app.http.request('POST', '/shipments?draft=true', {
      headers: t.headers, body: shipmentRequest(t.merchants[0], { dropoff: { ...shipmentRequest('x').dropoff, city: 'Dubai \ud83d\ude9a' } }),
    });
    expect(res.status).toBe(200);
    expect(res.body.dropoff.city).toBe('Dubai \ud83d\ude9a');
  });

  it.each([
    ['GET', '/shipments?search_string=a%00b', 'search_string'],
    ['GET', '/shipments?merchant=%00', 'merchant'],
    ['GET', '/shipments/bulk/status?shipment_id=%00', 'shipment_id'],
    ['GET', '/carrier-accounts?status=%00', 'status'],
  ])('query: %s %s → 400 naming the parameter', async (method, path, field) => {
    const res = await app.http.request(method, path, { headers: t.headers });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: shippingError(`${field} : ${UNSAFE}`) });
  });

  it.each([
    ['GET', '/shipments/a%00b', 'shipment_id'],
    ['POST', '/shipments/a%00b/confirm', 'shipment_id'],
    ['POST', '/shipments/a%00b/cancel', 'shipment_id'],
    ['GET', '/carrier-accounts/%00', 'carrierAccountId'],
    ['GET', '/document-settings/%00', 'document_id'],
  ])('path: %s %s → 400 naming the parameter, nothing appended', async (method, path, field) => {
    await expectNothingAppended(async () => {
      const res = await app.http.request(method, path, { headers: t.headers, body: method === 'POST' ? {} : undefined });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: shippingError(`${field} : ${UNSAFE}`) });
    });
  });

  it('answers an orders-area route in its own error body', async () => {
    const res = await app.http.request('GET', '/admin/tenants/a%00b', { headers: app.adminHeaders });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: `tenantId : ${UNSAFE}`, code: 'validation_failed', details: [{ field: 'tenantId', message: UNSAFE }] },
    });
  });

  describe('/oauth/token', () => {
    const tokenError = (field: string) => ({ status: 400, body: { error: 'bad_request', error_description: `${field} : ${UNSAFE}` } });

    it('refuses unsafe client_id and client_secret in JSON', async () => {
      const id = await app.http.request('POST', '/oauth/token', { body: { client_id: `${t.clientId}\u0000`, client_secret: t.clientSecret } });
      expect({ status: id.status, body: id.body }).toEqual(tokenError('client_id'));
      const secret = await app.http.request('POST', '/oauth/token', { body: { client_id: t.clientId, client_secret: '\udfff' } });
      expect({ status: secret.status, body: secret.body }).toEqual(tokenError('client_secret'));
    });

    it('refuses an unsafe client_id in the form encoding', async () => {
      const res = await app.http.request('POST', '/oauth/token', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: `client_id=a%00b&client_secret=${encodeURIComponent(t.clientSecret)}`,
      });
      expect({ status: res.status, body: res.body }).toEqual(tokenError('client_id'));
    });

    it('refuses HTTP Basic credentials with a NUL or with malformed percent-encoding', async () => {
      const basic = (pair: string) => ({ authorization: `Basic ${Buffer.from(pair).toString('base64')}` });
      const nul = await app.http.request('POST', '/oauth/token', { headers: basic(`a%00b:${t.clientSecret}`), body: {} });
      expect({ status: nul.status, body: nul.body }).toEqual({ status: 400, body: { error: 'bad_request', error_description: `authorization : ${UNSAFE}` } });
      const malformed = await app.http.request('POST', '/oauth/token', { headers: basic('client%E0%A4%A:secret%'), body: {} });
      expect({ status: malformed.status, body: malformed.body }).toEqual({
        status: 400, body: { error: 'bad_request', error_description: 'authorization : HTTP Basic credentials have malformed percent-encoding' },
      });
    });
  });
});
