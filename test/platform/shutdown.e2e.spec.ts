import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@shipledger/testing';

const ROOT = resolve(__dirname, '../..');
const ADMIN_TOKEN = `admin-${randomUUID()}`;
const DRAIN_MS = 10_000;

interface Running {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** `npm start` as a child process (the API with its embedded worker), ready when it prints its banner. */
async function startService(dataDir: string, databaseUrl: string): Promise<Running> {
  const child = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts', '--embedded-worker'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl,
      EVENTSTORE_URL: '', ADMIN_TOKEN, JWT_SECRET: 'shutdown-test-secret', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += String(chunk); });
  child.stderr!.on('data', (chunk) => { output += String(chunk); });
  await new Promise<void>((done, fail) => {
    const check = setInterval(() => {
      if (output.includes('API docs:')) { clearInterval(check); done(); }
      if (child.exitCode !== null) { clearInterval(check); fail(new Error(`service exited: ${output}`)); }
    }, 50);
  });
  const baseUrl = /Shipledger listening on (https:\/\/\S+)/.exec(output)?.[1];
  if (!baseUrl) throw new Error(`no address in: ${output}`);
  return { child, baseUrl, output: () => output };
}

/** Sends SIGTERM and resolves with the milliseconds until the process exited, and its exit code. */
async function terminate(running: Running): Promise<{ ms: number; code: number | null }> {
  const started = Date.now();
  const exited = new Promise<number | null>((done) => running.child.once('exit', (code) => done(code)));
  running.child.kill('SIGTERM');
  const code = await exited;
  return { ms: Date.now() - started, code };
}

function client(dataDir: string, baseUrl: string) {
  const agent = new Agent({ keepAlive: true, ca: readFileSync(join(dataDir, 'tls', 'cert.pem')), maxSockets: 16 });
  return (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<{ status: number; json: any }>((done, fail) => {
      const call = request(`${baseUrl}${path}`, { method, agent, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (response) => {
        let text = '';
        response.on('data', (chunk) => { text += String(chunk); });
        response.on('end', () => done({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }));
      });
      call.on('error', fail);
      call.end(body ? JSON.stringify(body) : undefined);
    });
}

type Call = ReturnType<typeof client>;

/** The demo tenant on PGlite; on Postgres a tenant, client and SANDBOX account made through the admin API. */
async function credentials(call: Call, dataDir: string, embedded: boolean): Promise<{ headers: Record<string, string>; merchant: string }> {
  let tenantId: string; let apiKey: string; let clientId: string; let clientSecret: string; let merchant: string;
  if (embedded) {
    const demo = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
    ({ tenant_id: tenantId, api_key: apiKey, client_id: clientId, client_secret: clientSecret, merchant } = demo);
  } else {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    tenantId = `SHUT${randomUUID().slice(0, 8).toUpperCase()}`;
    merchant = 'SHOP1';
    const tenant = await call('POST', '/admin/tenants', admin, { tenant_id: tenantId, name: 'Shutdown', merchants: [{ merchant_id: merchant }] });
    apiKey = tenant.json.api_key;
    const created = await call('POST', `/admin/tenants/${tenantId}/clients`, admin, { name: 'app',
      scopes: ['read:shipments', 'create:shipments', 'update:shipments', 'read:configuration', 'create:configuration'] });
    ({ client_id: clientId, client_secret: clientSecret } = created.json);
  }
  const token = await call('POST', '/oauth/token', {}, { client_id: clientId, client_secret: clientSecret });
  const headers = { 'tenant-id': tenantId, 'x-api-key': apiKey, authorization: `Bearer ${token.json.access_token}` };
  if (!embedded) {
    const account = await call('POST', '/carrier-accounts', headers, { carrier_account_name: 'Sandbox', carrier: 'SANDBOX', status: 'active' });
    expect(account.status).toBe(201);
  }
  return { headers, merchant };
}

function shipment(merchant: string, reference: string) {
  return {
    merchant, references: { partner_shipment_reference: reference },
    pickup: { contact_name: 'WH', contact_phone: '+971500000000', address1: '1 Road', city: 'Dubai', country: 'AE' },
    dropoff: { contact_name: 'Ann', contact_phone: '+971500000001', contact_email: 'ann@example.com', address1: '2 Street', city: 'Dubai', country: 'AE' },
    parcels: [{ weight: { value: 1.5, unit: 'kg' }, dimension: { width: 10, height: 10, depth: 10, unit: 'cm' } }],
  };
}

describe.each([
  ['PGlite (embedded)', false],
  ['Postgres', true],
])('SIGTERM on %s', (name, onPostgres) => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let running: Running | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipledger-shutdown-'));
    if (onPostgres) database = await createTestDatabase({ poolSize: 1 });
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits within 5 s when idle, and within the drain deadline under load without losing an acknowledged create', async () => {
    // Given a service that has done some work and sits idle with a keep-alive client connected
    running = await startService(dataDir, database?.url ?? '');
    let call = client(dataDir, running.baseUrl);
    const { headers, merchant } = await credentials(call, dataDir, !onPostgres);
    expect((await call('POST', '/shipments', headers, shipment(merchant, `idle-${randomUUID()}`))).status).toBe(200);
    await new Promise((resolveLater) => setTimeout(resolveLater, 1500));

    // When it gets SIGTERM, then it exits cleanly within 5 s
    const idle = await terminate(running);
    console.log(`${name}: idle SIGTERM → exit in ${idle.ms} ms`);
    expect(idle.code).toBe(0);
    expect(idle.ms).toBeLessThan(5_000);

    // Given the service again, under a confirmed-create load on 8 connections
    running = await startService(dataDir, database?.url ?? '');
    call = client(dataDir, running.baseUrl);
    const acknowledged: string[] = [];
    let stopLoad = false;
    const loops = Array.from({ length: 8 }, async () => {
      while (!stopLoad) {
        const reference = `load-${randomUUID()}`;
        try {
          const answer = await call('POST', '/shipments', headers, shipment(merchant, reference));
          if (answer.status === 200) acknowledged.push(reference);
          else if (answer.status >= 500 && answer.status !== 503) throw new Error(`unexpected ${answer.status}`);
        } catch (error) {
          if ((error as Error).message.startsWith('unexpected')) throw error;
          return; // connection refused or reset: the service stopped accepting
        }
      }
    });
    // Under load means: creates are being answered and more are in flight (however slow this machine is).
    const loadStarted = Date.now();
    while (acknowledged.length < 5 && Date.now() - loadStarted < 120_000) await new Promise((resolveLater) => setTimeout(resolveLater, 50));

    // When it gets SIGTERM mid-load
    const loaded = await terminate(running);
    stopLoad = true;
    await Promise.all(loops);
    console.log(`${name}: SIGTERM under load → exit in ${loaded.ms} ms after ${acknowledged.length} acknowledged creates`);

    // Then it exits within the drain deadline, and every acknowledged create is there after a restart
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(loaded.ms).toBeLessThan(DRAIN_MS + 2_000);
    running = await startService(dataDir, database?.url ?? '');
    call = client(dataDir, running.baseUrl);
    for (const reference of acknowledged) {
      expect((await call('GET', `/shipments/${reference}`, headers)).status).toBe(200); // same JWT_SECRET: the token still holds
    }
    const last = await terminate(running);
    expect(last.code).toBe(0);
  }, 300_000);
});
