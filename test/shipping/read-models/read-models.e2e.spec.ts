import { randomUUID } from 'node:crypto';
import { TenantAdmin } from '@shipledger/platform';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';

const uid = () => randomUUID().slice(0, 8);

describe('shipment read side over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let shop1: string;
  let shop2: string;

  beforeAll(async () => {
    app = await startTestApp();
    shop1 = `S1${uid()}`;
    shop2 = `S2${uid()}`;
    tenant = await app.createTenant({ merchants: [shop1, shop2] });
  });
  afterAll(async () => app?.close());

  const get = (path: string, headers = tenant.headers) => app.http.request('GET', path, { headers });
  async function createDraft(body: Record<string, unknown>): Promise<Record<string, any>> {
    const response = await app.http.request('POST', '/shipments?draft=true', { headers: tenant.headers, body });
    expect(response.status).toBe(200);
    return response.body;
  }
  const draftBody = (merchant: string, ref: string, extra: Record<string, unknown> = {}) => ({
    merchant,
    references: { partner_shipment_reference: ref, partner_order_reference: `ORD-${ref}` },
    dropoff: { contact_name: 'Jane Smith', contact_phone: '+971 50 123 4567', contact_email: 'jane@example.com', city: 'Dubai', country: 'AE' },
    ...extra,
  });

  describe('GET /shipments', () => {
    const run = uid().toUpperCase();
    let created: Record<string, any>[] = [];

    beforeAll(async () => {
      created = [];
      for (let i = 0; i < 12; i++) {
        created.push(await createDraft(draftBody(i % 3 === 0 ? shop2 : shop1, `LIST-${run}-${String(i).padStart(2, '0')}`, {
          entity_type: i % 4 === 0 ? 'REVERSE' : 'FORWARD',
          dropoff: { contact_name: `Customer ${run} Number${i}`, contact_email: `c${i}.${run}@mail.test`.toLowerCase(), contact_phone: `+44 7700 9${i}` },
        })));
      }
      await app.waitUntilCaughtUp();
    });

    it('answers the shipments as GET by id shows them, newest first, 10 per page from page 0', async () => {
      const first = await get(`/shipments?search_string=LIST-${run}`);
      expect(first.status).toBe(200);
      expect(first.body.map((s: any) => s.references.partner_shipment_reference))
        .toEqual(created.slice(2).reverse().map((s) => s.references.partner_shipment_reference));
      const byId = await get(`/shipments/${created[11]?.shipment_id}`);
      expect(first.body[0]).toEqual(byId.body);
      const second = await get(`/shipments?search_string=list-${run.toLowerCase()}&page=1`);
      expect(second.body.map((s: any) => s.shipment_id)).toEqual([created[1]?.shipment_id, created[0]?.shipment_id]);
      const big = await get(`/shipments?search_string=LIST-${run}&page_size=100`);
      expect(big.body).toHaveLength(12);
    });

    it.each(['9', '101'])('refuses page_size=%s with the shipping error body', async (size) => {
      const response = await get(`/shipments?page_size=${size}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: '400', timestamp: expect.any(String), errors: ['page_size : must be between 10 and 100'] });
    });

    it('searches contact names, e-mails and phones by prefix, case-insensitively', async () => {
      const byName = await get(`/shipments?search_string=${encodeURIComponent(`customer ${run.toLowerCase()} number1`)}`);
      expect(byName.body.map((s: any) => s.shipment_id).sort()).toEqual(
        [created[1], created[10], created[11]].map((s) => s?.shipment_id).sort());
      const byEmail = await get(`/shipments?search_string=${encodeURIComponent(`C7.${run}@`)}`);
      expect(byEmail.body.map((s: any) => s.shipment_id)).toEqual([created[7]?.shipment_id]);
      const byWord = await get(`/shipments?search_string=number7&merchant=${shop1}`);
      expect(byWord.body.map((s: any) => s.shipment_id)).toContain(created[7]?.shipment_id);
    });

    it('filters by repeated merchants, shipment type and order reference', async () => {
      const shop2Only = await get(`/shipments?search_string=LIST-${run}&merchant=${shop2}&page_size=50`);
      expect(shop2Only.body.map((s: any) => s.shipment_id)).toEqual([9, 6, 3, 0].map((i) => created[i]?.shipment_id));
      const both = await get(`/shipments?search_string=LIST-${run}&merchant=${shop1}&merchant=${shop2}&page_size=50`);
      expect(both.body).toHaveLength(12);
      const reverse = await get(`/shipments?search_string=LIST-${run}&shipment_type=reverse&page_size=50`);
      expect(reverse.body.map((s: any) => s.shipment_id)).toEqual([8, 4, 0].map((i) => created[i]?.shipment_id));
      const byOrder = await get(`/shipments?order_ref=ORD-LIST-${run}-05`);
      expect(byOrder.body.map((s: any) => s.shipment_id)).toEqual([created[5]?.shipment_id]);
    });

    it('filters by creation range, and by update range on created or updated', async () => {
      const from = created[10]?.creation_date as string;
      const recent = await get(`/shipments?search_string=LIST-${run}&creation_date_from=${encodeURIComponent(from)}`);
      expect(recent.body.map((s: any) => s.shipment_id)).toEqual([created[11]?.shipment_id, created[10]?.shipment_id]);
      const before = await get(`/shipments?search_string=LIST-${run}&creation_date_to=${encodeURIComponent(created[0]?.creation_date)}`);
      expect(before.body.map((s: any) => s.shipment_id)).toEqual([created[0]?.shipment_id]);

      const patched = await app.http.request('PATCH', `/shipments/${created[0]?.shipment_id}`, { headers: tenant.headers, body: { language: 'fr' } });
      expect(patched.status).toBe(200);
      await app.waitUntilCaughtUp();
      const updated = await get(`/shipments?search_string=LIST-${run}&update_date_from=${encodeURIComponent(patched.body.update_date)}`);
      expect(updated.body.map((s: any) => s.shipment_id)).toEqual([created[0]?.shipment_id]);
    });

    it('shows a client limited to one merchant only that merchant, and refuses it another', async () => {
      const limited = await clientFor(app, tenant, [shop1]);
      const mine = await get(`/shipments?search_string=LIST-${run}&page_size=50`, limited);
      expect(mine.status).toBe(200);
      expect(mine.body).toHaveLength(8);
      expect(mine.body.every((s: any) => s.merchant === shop1)).toBe(true);
      const other = await get(`/shipments?merchant=${shop2}`, limited);
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ status: '403', errors: [expect.stringContaining(shop2)] });
    });

    it('never shows another tenant\'s shipments', async () => {
      const stranger = await app.createTenant();
      const response = await get(`/shipments?search_string=LIST-${run}`, stranger.headers);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });
  });

  describe('GET /shipments/bulk/status', () => {
    it('answers current status and milestones for comma-separated or repeated ids, leaving unknown ones out', async () => {
      const a = await createDraft(draftBody(shop1, `BULK-${uid()}`));
      const b = await createDraft(draftBody(shop2, `BULK-${uid()}`));
      const cancelled = await app.http.request('POST', `/shipments/${a.shipment_id}/cancel`, { headers: tenant.headers, body: {} });
      expect(cancelled.status).toBe(200);
      await app.waitUntilCaughtUp();

      const comma = await get(`/shipments/bulk/status?shipment_id=${a.shipment_id},unknown-${uid()},${b.references.partner_shipment_reference}`);
      expect(comma.status).toBe(200);
      expect(comma.body).toEqual([
        { shipmentId: a.shipment_id, status: 'cancelled', milestones: [
          { status: 'draft', date: a.creation_date },
          { status: 'cancelled', date: cancelled.body.update_date },
        ] },
        { shipmentId: b.shipment_id, status: 'draft', milestones: [{ status: 'draft', date: b.creation_date }] },
      ]);
      const repeated = await get(`/shipments/bulk/status?shipment_id=${b.shipment_id}&shipment_id=${a.shipment_id}`);
      expect(repeated.body.map((i: any) => i.shipmentId)).toEqual([b.shipment_id, a.shipment_id]);
      const limited = await clientFor(app, tenant, [shop2]);
      const scoped = await get(`/shipments/bulk/status?shipment_id=${a.shipment_id},${b.shipment_id}`, limited);
      expect(scoped.body.map((i: any) => i.shipmentId)).toEqual([b.shipment_id]);
    });

    it('refuses a call without ids', async () => {
      const response = await get('/shipments/bulk/status');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: '400', timestamp: expect.any(String), errors: ['shipment_id : must not be blank'] });
    });
  });

  describe('monthly quota on GET /shipments', () => {
    it('answers 429 with the reset time once the tenant\'s quota is spent', async () => {
      const small = await app.createTenant({ shipmentsListMonthlyQuota: 2 });
      expect((await get('/shipments', small.headers)).status).toBe(200);
      expect((await get('/shipments', small.headers)).status).toBe(200);
      const refused = await get('/shipments', small.headers);
      expect(refused.status).toBe(429);
      const now = new Date();
      const reset = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      expect(refused.body).toEqual({ status: '429', timestamp: expect.any(String), errors: [
        `Monthly usage quota of 2 calls exceeded for this account; it resets at ${new Date(reset).toISOString()}`] });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Math.abs(Date.now() + Number(refused.headers['retry-after']) * 1000 - reset)).toBeLessThan(5_000);
      expect((await get(`/shipments/bulk/status?shipment_id=x`, small.headers)).status).toBe(200);
    });
  });

  describe('GET /shipments/{id}/history', () => {
    it('lists every event in order and rebuilds the shipment as it was at any instant', async () => {
      const ref = `HIST-${uid()}`;
      const draft = await createDraft(draftBody(shop1, ref));
      const patched = await app.http.request('PATCH', `/shipments/${ref}`, { headers: tenant.headers, body: { language: 'de' } });
      expect(patched.status).toBe(200);
      const afterPatch = await get(`/shipments/${draft.shipment_id}`);
      const cancelled = await app.http.request('POST', `/shipments/${draft.shipment_id}/cancel`, {
        headers: tenant.headers, body: { update_reason_code: 'CUSTOMER_REQUEST' } });
      expect(cancelled.status).toBe(200);

      const history = await get(`/shipments/${ref}/history`);
      expect(history.status).toBe(200);
      expect(history.body.map((e: any) => [e.revision, e.type, e.resulting_status])).toEqual([
        [0, 'ShipmentDraftCreated', 'draft'],
        [1, 'ShipmentUpdated', 'draft'],
        [2, 'ShipmentCancelled', 'cancelled'],
      ]);
      expect(history.body[1]).toMatchObject({ actor: tenant.clientId, occurred_at: patched.body.update_date, change: { changes: { language: 'de' } } });
      expect(history.body[2].change).toMatchObject({ update_reason_code: 'CUSTOMER_REQUEST' });

      const asOf = (at: string) => get(`/shipments/${draft.shipment_id}/history?as_of=${encodeURIComponent(at)}`);
      expect((await asOf(draft.creation_date)).body).toEqual(draft);
      expect((await asOf(patched.body.update_date)).body).toEqual(afterPatch.body);
      expect((await asOf('2999-01-01T00:00:00Z')).body).toEqual((await get(`/shipments/${draft.shipment_id}`)).body);

      const tooEarly = await asOf(new Date(Date.parse(draft.creation_date) - 1).toISOString());
      expect(tooEarly.status).toBe(404);
      expect(tooEarly.body.errors[0]).toContain(draft.shipment_id);
      const malformed = await asOf('last tuesday');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ status: '400', timestamp: expect.any(String), errors: ['as_of : must be an ISO 8601 date-time'] });
    });

    it('answers 404 naming an unknown or invisible shipment', async () => {
      const unknown = `nope-${uid()}`;
      const response = await get(`/shipments/${unknown}/history`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: '404', timestamp: expect.any(String), errors: [`No shipment found with the shipment id: ${unknown}`] });
      const draft = await createDraft(draftBody(shop1, `HIST-${uid()}`));
      const stranger = await app.createTenant();
      expect((await get(`/shipments/${draft.shipment_id}/history`, stranger.headers)).status).toBe(404);
    });
  });
});

/** A second client of the tenant, limited to some merchants; returns its request headers. */
async function clientFor(app: TestApp, tenant: TestTenant, merchants: string[]): Promise<Record<string, string>> {
  const admin = new TenantAdmin(app.api.platform.repository, app.api.platform.directory);
  const client = await admin.createClient(tenant.tenantId, { name: `limited ${uid()}`, scopes: ['read:shipments'], merchants });
  const token = await app.http.request('POST', '/oauth/token', { body: { client_id: client.client_id, client_secret: client.client_secret } });
  expect(token.status).toBe(200);
  return { 'tenant-id': tenant.tenantId, 'x-api-key': tenant.apiKey, authorization: `Bearer ${token.body.access_token}` };
}
