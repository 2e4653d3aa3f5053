import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, databaseUrlOf, runCli } from '@shipledger/testing';
import { orderClient, orderRequest } from './order-requests';

const cli = (databaseUrl: string, ...args: string[]) => runCli({ databaseUrl }, ...args);

describe('cli orders:history', () => {
  jest.setTimeout(120_000);
  let app: TestApp;
  let databaseUrl: string;
  beforeAll(async () => {
    app = await startTestApp({ postgres: true, worker: false });
    databaseUrl = databaseUrlOf(app.database);
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
