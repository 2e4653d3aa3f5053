import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { orderClient } from '../ordering/order-requests';
import { inventoryClient, sku, stockOrder, twoLocations } from './inventory-requests';

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

describe('cli inventory:import and inventory:check', () => {
  jest.setTimeout(120_000);
  let app: TestApp;
  let tenant: TestTenant;
  let databaseUrl: string;
  let folder: string;

  beforeAll(async () => {
    app = await startTestApp({ postgres: true });
    tenant = await app.createTenant();
    databaseUrl = (app.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    folder = mkdtempSync(join(tmpdir(), 'inventory-cli-'));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await app?.close();
  });

  it('imports a CSV by location code or id, reports bad rows by line; the check agrees, then finds a reservation no order holds', async () => {
    const { a, codeB } = await twoLocations(app, tenant);
    const [x, y] = [sku('X'), sku('Y')];
    const file = join(folder, 'stock.csv');
    writeFileSync(file, ['location_id,sku,on_hand', `${a},${x},7`, `${codeB},${y},3`, `NOPE,${x},1`, `${a},${y},-2`].join('\n'));
    const run = await cli(databaseUrl, 'inventory:import', file, '--tenant', tenant.tenantId);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('row 5: on_hand must be an integer');
    expect(run.stdout).toContain('row 4: no location found with the partner location id or location code: NOPE');
    expect(run.stdout).toContain('2 level(s) set, 2 problem(s)');
    const inventory = inventoryClient(app, tenant);
    expect(await inventory.level(a, x)).toMatchObject({ on_hand: 7, reserved: 0 });
    expect(await inventory.level(codeB, y)).toMatchObject({ on_hand: 3 });

    await inventory.settings(tenant.merchants[0]!, { enabled: true });
    expect((await orderClient(app, tenant).create(stockOrder(tenant.merchants[0]!, [{ id: 'L1', sku: x, quantity: 2 }]))).status).toBe(201);
    await app.waitUntilCaughtUp();
    const green = await cli(databaseUrl, 'inventory:check', '--tenant', tenant.tenantId);
    expect(green.stdout).toContain('ledger, levels and orders agree');
    expect(green.code).toBe(0);

    // A reservation whose order append never happened (a crash between the two): the check reports it.
    const { InventoryLedger } = await import('@shipledger/inventory');
    await new InventoryLedger(app.eventStore).apply([{
      type: 'MoveStock', tenant_id: tenant.tenantId, location_id: a, sku: x, on_hand_delta: 0, reserved_delta: 1, allow_oversell: false,
      cause: { kind: 'order', order_id: 'lost-order', fulfillment_order_ids: ['fo-x'], operation: 'create' }, at: new Date().toISOString(), actor: 'test',
    }], { requestId: 'r', correlationId: 'c' });
    await app.waitUntilCaughtUp();
    const red = await cli(databaseUrl, 'inventory:check', '--tenant', tenant.tenantId);
    expect(red.code).toBe(1);
    expect(red.stdout).toMatch(/order .*lost-order/);
  });
});
