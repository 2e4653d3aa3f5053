import { connect } from 'node:tls';
import { startTestApp, type TestApp } from '@shipledger/testing';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** What the server answers to `raw` bytes on a fresh TLS connection (status line and body). */
function rawExchange(baseUrl: string, raw: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => socket.write(raw));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('errors the framework raises before a route runs, in the area’s error body', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false, bodyLimitBytes: 16 * 1024 });
  });
  afterAll(() => app?.close());

  const bigHeaders = { 'x-padding': 'a'.repeat(20 * 1024) };
  const shipping = (status: number, message: RegExp) => ({ status: String(status), timestamp: expect.stringMatching(ISO_MS), errors: [expect.stringMatching(message)] });
  const orders = (code: string, message: RegExp) => ({ error: expect.stringMatching(message), code, details: [] });

  it('431 headers too large: shipping, orders and token shapes', async () => {
    // Given requests whose headers exceed what the server reads
    const cases = [
      ['/shipments', shipping(431, /headers too large/i)],
      ['/orders', orders('request_header_fields_too_large', /headers too large/i)],
      ['/oauth/token', { error: 'request_header_fields_too_large', error_description: expect.stringMatching(/headers too large/i) }],
    ] as const;
    for (const [path, expected] of cases) {
      // When one is sent
      const res = await rawExchange(app.baseUrl, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${bigHeaders['x-padding']}\r\n\r\n`);

      // Then it is a 431 with a JSON body of the area's shape
      expect({ path, status: res.status }).toEqual({ path, status: 431 });
      expect(res.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(res.body)).toEqual(expected);
    }
  });

  it('431 in a JSON error body also for headers beyond what the HTTP parser reads at all', async () => {
    const res = await rawExchange(app.baseUrl, `GET /shipments HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(80 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual(shipping(431, /headers too large/i));
  });

  it('400 for a request the HTTP parser cannot read', async () => {
    const res = await rawExchange(app.baseUrl, 'GET /shipments HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(shipping(400, /Malformed HTTP request/));
  });

  it('413, 415, malformed JSON and unknown routes on an orders-area path answer in the orders shape', async () => {
    // /admin answers in the orders shape
    const headers = { ...app.adminHeaders, 'content-type': 'application/json' };
    const tooLarge = await app.http.request('POST', '/admin/tenants', { headers, rawBody: JSON.stringify({ padding: 'x'.repeat(20 * 1024) }) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual(orders('payload_too_large', /too large/i));
    const wrongType = await app.http.request('POST', '/admin/tenants', { headers: { ...headers, 'content-type': 'text/plain' }, rawBody: '{}' });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toEqual(orders('unsupported_media_type', /Unsupported content type/));
    const malformed = await app.http.request('POST', '/admin/tenants', { headers, rawBody: '{"a":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(orders('malformed_json', /Malformed JSON/));
    const unknown = await app.http.request('GET', '/nowhere/x/y');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(shipping(404, /./));
    const unknownOrders = await app.http.request('GET', '/admin/x/y/z/w');
    expect(unknownOrders.status).toBe(404);
    expect(unknownOrders.body).toEqual(orders('not_found', /./));
  });
});
