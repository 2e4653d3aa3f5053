import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, databaseUrlOf, runCli } from '@shipledger/testing';

const cli = (databaseUrl: string, ...args: string[]) => runCli({ databaseUrl }, ...args);

describe('cli shipments:history', () => {
  jest.setTimeout(120_000);
  let app: TestApp;
  let databaseUrl: string;
  beforeAll(async () => {
    app = await startTestApp({ postgres: true, worker: false });
    databaseUrl = databaseUrlOf(app.database);
  });
  afterAll(async () => app?.close());

  it('prints the same timeline as GET /shipments/{id}/history, and the shipment as of an instant', async () => {
    const tenant = await app.createTenant();
    const ref = `CLI-${randomUUID().slice(0, 8)}`;
    const created = await app.http.request('POST', '/shipments?draft=true', { headers: tenant.headers, body: {
      merchant: tenant.merchants[0], references: { partner_shipment_reference: ref } } });
    expect(created.status).toBe(200);
    const cancelled = await app.http.request('POST', `/shipments/${ref}/cancel`, { headers: tenant.headers, body: { update_reason_code: 'OOS' } });
    expect(cancelled.status).toBe(200);
    const viaHttp = await app.http.request('GET', `/shipments/${ref}/history`, { headers: tenant.headers });

    const json = await cli(databaseUrl, 'shipments:history', ref, '--tenant', tenant.tenantId, '--json');
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toEqual(viaHttp.body);

    const table = await cli(databaseUrl, 'shipments:history', created.body.shipment_id, '--tenant', tenant.tenantId);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toBe(`shipment ${created.body.shipment_id} — 2 events, now cancelled`);
    expect(lines[3]).toMatch(new RegExp(`^#0\\s+${created.body.creation_date}\\s+${tenant.clientId}\\s+ShipmentDraftCreated\\s+→ draft`));
    expect(lines[4]).toMatch(/^#1\s+.*ShipmentCancelled\s+→ cancelled\s+\{.*"update_reason_code":"OOS"/);

    const asOf = await cli(databaseUrl, 'shipments:history', ref, '--tenant', tenant.tenantId, '--as-of', created.body.creation_date);
    expect(JSON.parse(asOf.stdout)).toEqual(created.body);
  });

  it('fails naming the shipment when the tenant does not own it', async () => {
    const owner = await app.createTenant();
    const created = await app.http.request('POST', '/shipments?draft=true', { headers: owner.headers, body: {
      merchant: owner.merchants[0], references: { partner_shipment_reference: `CLI-${randomUUID()}` } } });
    const run = await cli(databaseUrl, 'shipments:history', created.body.shipment_id, '--tenant', `other-${randomUUID()}`);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`No shipment found with the shipment id: ${created.body.shipment_id}`);
  });
});
