import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { startTestApp, type TestApp } from '@shipledger/testing';
import { orderClient, orderRequest } from './order-requests';

const root = resolve(__dirname, '../..');

function cli(databaseUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['-r', './tools/register.js', 'apps/cli/src/main.ts', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, EVENTSTORE_URL: '', NODE_OPTIONS: '' } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('cli orders:history', () => {
  jest.setTimeout(120_000);
  let app: TestApp;
  let databaseUrl: string;
  beforeAll(async () => {
    app = await startTestApp({ postgres: true, worker: false });
    databaseUrl = (app.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  });
  afterAll(async () => app?.close());

  it('given an order, when its history is printed, then it equals GET /orders/{reference}/history; as of its creation it is the created order', async () => {
    const tenant = await app.createTenant();
    const api = orderClient(app, tenant);
    const reference = `CLI/${randomUUID().slice(0, 8)}`;
    const created = await api.create(orderRequest(tenant.merchants[0]!, { partner_order_reference: reference }));
    expect(created.status).toBe(201);
    await api.call('POST', `/orders/${created.body.order_id}/cancel`, { cancellation_reason: 'STAFF_ERROR' });
    const viaHttp = await api.call('GET', `/orders/${created.body.order_id}/history`);

    const json = await cli(databaseUrl, 'orders:history', reference, '--tenant', tenant.tenantId, '--json');
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toEqual(viaHttp.body);
    const table = await cli(databaseUrl, 'orders:history', created.body.order_id, '--tenant', tenant.tenantId);
    expect(table.stdout.trim().split('\n')[0]).toBe(`order ${created.body.order_id} — 4 events, now cancelled`);
    const asOf = await cli(databaseUrl, 'orders:history', reference, '--tenant', tenant.tenantId, '--as-of', created.body.creation_date);
    expect(JSON.parse(asOf.stdout)).toEqual(created.body);
    const other = await cli(databaseUrl, 'orders:history', created.body.order_id, '--tenant', `other-${randomUUID()}`);
    expect([other.code, other.stderr.includes(`No order found with the reference: ${created.body.order_id}`)]).toEqual([1, true]);
  });
});
