import { REMOVED_ENDPOINTS } from '@shipledger/platform';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { clientFor, createCarrierAccount, shipmentRequest } from '../shipping/support/shipment-requests';

describe('two tenants cannot see each other on any route', () => {
  let app: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let shipment: any;
  let account: any;

  beforeAll(async () => {
    app = await startTestApp();
    a = await app.createTenant({ merchants: ['SHOP-A1', 'SHOP-A2'] });
    b = await app.createTenant({ merchants: ['SHOP-A1'] });
    account = await createCarrierAccount(app, a);
    const created = await app.http.request('POST', '/shipments', { headers: a.headers, body: shipmentRequest('SHOP-A1') });
    expect(created.status).toBe(200);
    shipment = created.body;
    await app.waitUntilCaughtUp();
  });
  afterAll(() => app?.close());

  const fill = (url: string) => url
    .replace(/:(shipment_id|shipmentId)/g, shipment.shipment_id)
    .replace(/:(carrierAccountId|carrier_account_id)/g, account.carrier_account_id)
    .replace(/:[A-Za-z_]+/g, 'x')
    .replace('*', '');

  it('shows the owner its shipment', async () => {
    expect((await app.http.request('GET', `/shipments/${shipment.shipment_id}`, { headers: a.headers })).status).toBe(200);
  });

  it('answers every tenant route called with the other tenant\'s ids as unknown, never with its data', async () => {
    const psr = shipment.references.partner_shipment_reference;
    let checked = 0;
    const answeredOthersIds: { route: string; status: number }[] = [];
    const notUnknownOnGet: { route: string; status: number }[] = [];
    for (const route of app.api.routes) {
      const path = fill(route.url);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      if (route.url.startsWith('/admin')) continue; // the operator's API: guarded by the admin token
      const anonymous = await app.http.request(route.method, path, { body });
      if (anonymous.status !== 401) continue; // not a tenant route: token, health, docs, signed URLs
      const res = await app.http.request(route.method, path, { headers: b.headers, body });
      const seen = { route: `${route.method} ${route.url}`, status: res.status };
      expect(seen).toEqual({ route: seen.route, status: expect.any(Number) });
      // Collected, not thrown at the first: one run names every route that answers 2xx to the other tenant's ids.
      if (res.status >= 200 && res.status < 300 && route.url.includes(':')) answeredOthersIds.push(seen);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toContain(psr);
      expect(res.text).not.toContain(account.carrier_account_name);
      const removed = REMOVED_ENDPOINTS.some((e) => e.method === route.method && e.path === route.url);
      if (route.method === 'GET' && route.url.includes(':') && seen.status !== (removed ? 410 : 404)) notUnknownOnGet.push(seen);
      checked++;
    }
    expect(answeredOthersIds).toEqual([]);
    expect(notUnknownOnGet).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });

  it('keeps lists apart: each tenant sees only its own objects', async () => {
    const ownList = await app.http.request('GET', '/shipments', { headers: a.headers });
    expect(ownList.body.map((s: any) => s.shipment_id)).toContain(shipment.shipment_id);
    const otherList = await app.http.request('GET', '/shipments', { headers: b.headers });
    expect(otherList.status).toBe(200);
    expect(otherList.body).toEqual([]);
    const bulk = await app.http.request('GET', `/shipments/bulk/status?shipment_id=${shipment.shipment_id}`, { headers: b.headers });
    expect(bulk.text).not.toContain(shipment.shipment_id);
    const accounts = await app.http.request('GET', '/carrier-accounts', { headers: b.headers });
    expect(accounts.status).toBe(200);
    expect(accounts.body).toEqual([]);
  });

  it('limits a client with merchant scopes to its merchants: lists show only theirs, others answer 404', async () => {
    const other = await app.http.request('POST', '/shipments?draft=true', { headers: a.headers, body: shipmentRequest('SHOP-A2') });
    expect(other.status).toBe(200);
    await app.waitUntilCaughtUp();
    const limited = await clientFor(app, a, ['SHOP-A1']);
    expect((await app.http.request('GET', `/shipments/${shipment.shipment_id}`, { headers: limited.headers })).status).toBe(200);
    const hidden = await app.http.request('GET', `/shipments/${other.body.shipment_id}`, { headers: limited.headers });
    expect(hidden.status).toBe(404);
    const list = await app.http.request('GET', '/shipments', { headers: limited.headers });
    expect(list.body.map((s: any) => s.merchant)).toEqual(['SHOP-A1']);
    const full = await app.http.request('GET', '/shipments', { headers: a.headers });
    expect(new Set(full.body.map((s: any) => s.merchant))).toEqual(new Set(['SHOP-A1', 'SHOP-A2']));
  });
});
