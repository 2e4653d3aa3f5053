import { randomUUID } from 'node:crypto';
import { carriersContextFor } from '@shipledger/carriers';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { createAccount, manifestsHttp } from './manifests-http';

describe('POST /shipments/bulk/status/refresh', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let http: ReturnType<typeof manifestsHttp>;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    http = manifestsHttp(app, tenant);
  });
  afterAll(() => app?.close());

  it('asks the sandbox again and answers the statuses it just recorded, with a per-shipment outcome', async () => {
    const account = await createAccount(app, tenant);
    const shipment = await http.booked(account);
    const draft = await http.call('POST', '/shipments?draft=true', { merchant: tenant.merchants[0], references: { partner_shipment_reference: `D-${randomUUID()}` } });
    // The sandbox's first step (pickup scan → in_transit) is due once its clock passed one step (600 s).
    await carriersContextFor({ database: app.database, eventStore: app.eventStore }).sandboxStore.advance(tenant.tenantId, 11 * 60_000);
    const ids = [shipment.shipment_id, draft.body.shipment_id, randomUUID()];
    const response = await http.call('POST', `/shipments/bulk/status/refresh?${ids.map((id) => `shipment_id=${id}`).join('&')}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    const [tracked, untracked] = response.body;
    // Whoever reported the step first (this refresh or the simulator's timer), the answer already shows it.
    expect(tracked).toMatchObject({ shipmentId: shipment.shipment_id, status: 'in_transit' });
    expect(['refreshed', 'unchanged']).toContain(tracked.refresh_outcome);
    expect(tracked.milestones.map((m: any) => m.status)).toEqual(['pending', 'booked', 'in_transit']);
    expect(untracked).toMatchObject({ shipmentId: draft.body.shipment_id, status: 'draft', refresh_outcome: 'not_booked' });

    const again = await http.call('POST', `/shipments/bulk/status/refresh?shipment_id=${shipment.shipment_id}`);
    expect(again.body).toEqual([expect.objectContaining({ status: 'in_transit', refresh_outcome: 'unchanged' })]);
    expect((await app.http.request('GET', '/metrics')).text).toMatch(/shipledger_tracking_refresh_total\{outcome="not_booked"\} [1-9]/);
  });

  it('answers the replaced PATCH through the POST for a legacy tenant, and 410 naming it for the others', async () => {
    const legacy = await app.createTenant({ legacy: true });
    const legacyHttp = manifestsHttp(app, legacy);
    const draft = await legacyHttp.call('POST', '/shipments?draft=true', { merchant: legacy.merchants[0], references: { partner_shipment_reference: `D-${randomUUID()}` } });
    const aliased = await legacyHttp.call('PATCH', `/shipments/bulk/status/refresh?shipment_id=${draft.body.shipment_id}`);
    expect(aliased.status).toBe(200);
    expect(aliased.headers.deprecation).toBeDefined();
    expect(aliased.body).toEqual([expect.objectContaining({ shipmentId: draft.body.shipment_id, status: 'draft', refresh_outcome: 'not_booked' })]);
    const gone = await http.call('PATCH', `/shipments/bulk/status/refresh?shipment_id=${randomUUID()}`);
    expect(gone.status).toBe(410);
    expect(gone.body.errors).toEqual([expect.stringContaining('use POST /shipments/bulk/status/refresh')]);
  });

  it('refuses more than 100 shipments and none, naming shipment_id', async () => {
    const many = Array.from({ length: 101 }, () => `shipment_id=${randomUUID()}`).join('&');
    const tooMany = await http.call('POST', `/shipments/bulk/status/refresh?${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual(['shipment_id : must list at most 100 shipments']);
    expect((await http.call('POST', '/shipments/bulk/status/refresh')).status).toBe(400);
  });
});
