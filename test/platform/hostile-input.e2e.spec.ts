import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { shipmentRequest } from '../shipping/support/shipment-requests';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Issue 10.5: input that answered 500 now answers a precise 4xx, and nothing is appended. */
describe('input that used to answer 500', () => {
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

  it('a 3,000-deep JSON body → 400 before any recursive walk', async () => {
    await expectNothingAppended(async () => {
      const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
      const rawBody = JSON.stringify(shipmentRequest(t.merchants[0])).replace(/^\{/, `{"custom_attributes":${deep},`);
      const res = await app.http.request('POST', '/shipments', { headers: { ...t.headers, 'content-type': 'application/json' }, rawBody });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { status: '400', timestamp: expect.stringMatching(ISO_MS), errors: ['Request body nests arrays and objects deeper than 64 levels'] },
      });
    });
  });

  const ordersError = (field: string, message: string) => ({ error: `${field} : ${message}`, code: 'validation_failed', details: [{ field, message }] });

  it.each([
    ['rate_limit_per_minute', 99_999_999_999, 'must not be greater than 1000000'],
    ['shipments_list_monthly_quota', 2 ** 31, 'must not be greater than 1000000000'],
  ])('tenant settings: %s beyond a Postgres integer → 400', async (field, value, message) => {
    const res = await app.http.request('PATCH', `/admin/tenants/${t.tenantId}/settings`, { headers: app.adminHeaders, body: { [field]: value } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: ordersError(field, message) });
  });

  it('tenant settings: null for the NOT NULL legacy_compatibility flag → 400 (absent leaves it unchanged)', async () => {
    const res = await app.http.request('PATCH', `/admin/tenants/${t.tenantId}/settings`, { headers: app.adminHeaders, body: { legacy_compatibility: null } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: ordersError('legacy_compatibility', 'must be a boolean value') });
    const unchanged = await app.http.request('PATCH', `/admin/tenants/${t.tenantId}/settings`, { headers: app.adminHeaders, body: {} });
    expect(unchanged.status).toBe(200);
  });

  it('a tenant with merchants: [[]] → 400 naming the merchant', async () => {
    const tenants = async () => JSON.stringify((await app.http.request('GET', '/admin/tenants', { headers: app.adminHeaders })).body);
    const before = await tenants();
    const res = await app.http.request('POST', '/admin/tenants', { headers: app.adminHeaders, body: { name: 'x', merchants: [[]] } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field: expect.stringMatching(/^merchants\b/) })]);
    expect(await tenants()).toBe(before);
  });
});
