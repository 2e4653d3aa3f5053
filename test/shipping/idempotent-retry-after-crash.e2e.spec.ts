import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import { createEventStore } from '@shipledger/event-store';
import { API_SCOPES, randomSecret, TenantAdmin, TenantRepository } from '@shipledger/platform';
import { createTestDatabase, type TestDatabase } from '@shipledger/testing';
import { shipmentRequest } from './support/shipment-requests';

const ROOT = resolve(__dirname, '../..');

/** An API process on the test database; `fault` names a crash point (SHIPLEDGER_FAULT_INJECTION). */
async function startApi(databaseUrl: string, dataDir: string, jwtSecret: string, fault?: string): Promise<{ process: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['-r', './tools/register.js', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      EVENTSTORE_URL: '', ADMIN_TOKEN: randomSecret(24), JWT_SECRET: jwtSecret, SHIPLEDGER_FAULT_INJECTION: fault ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += String(chunk); });
  child.stderr!.on('data', (chunk) => { output += String(chunk); });
  const baseUrl = await new Promise<string>((done, fail) => {
    const check = setInterval(() => {
      const listening = /Shipledger listening on (https:\/\/\S+)/.exec(output);
      if (listening) { clearInterval(check); done(listening[1]!); }
      if (child.exitCode !== null || child.signalCode !== null) { clearInterval(check); fail(new Error(`api exited: ${output}`)); }
    }, 100);
  });
  return { process: child, baseUrl };
}

const exited = (child: ChildProcess) => new Promise<NodeJS.Signals | number | null>((done) => {
  if (child.exitCode !== null || child.signalCode !== null) done(child.signalCode ?? child.exitCode);
  else child.once('exit', (code, signal) => done(signal ?? code));
});

/** Issue 11 item 7: the create committed, the process died before answering; the retry gets that shipment. */
describe('an idempotent create retried after the process died between its append and its answer', () => {
  const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
  let db: TestDatabase;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'shipledger-crash-'));
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
    }
    await dispatcher.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the original shipment, and the store holds exactly one', async () => {
    const jwtSecret = randomSecret(32);
    // Given an API process that dies right after a create's append, before its answer and idempotency record
    const first = await startApi(db.url, dataDir, jwtSecret, 'create-after-append');
    children.push(first.process);
    const admin = new TenantAdmin(new TenantRepository(db.database));
    const merchant = `M${randomUUID().slice(0, 8)}`;
    const tenant = await admin.createTenant({ name: 'crash', merchants: [{ merchantId: merchant, name: merchant }] });
    const client = await admin.createClient(tenant.tenant_id, { name: 'connector', scopes: [...API_SCOPES], merchants: [] });
    const token = await request(`${first.baseUrl}/oauth/token`, {
      method: 'POST', dispatcher, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: client.client_id, client_secret: client.client_secret }),
    });
    const { access_token: accessToken } = await token.body.json() as { access_token: string };
    const key = randomUUID();
    const body = shipmentRequest(merchant);
    const create = (baseUrl: string) => request(`${baseUrl}/shipments`, {
      method: 'POST', dispatcher,
      headers: {
        'content-type': 'application/json', 'tenant-id': tenant.tenant_id, 'x-api-key': tenant.api_key,
        authorization: `Bearer ${accessToken}`, 'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });

    // When the create is sent, the process dies without answering
    await expect(create(first.baseUrl)).rejects.toThrow();
    expect(await exited(first.process)).toBe('SIGKILL');
    const eventStore = createEventStore({ database: db.database });
    const createdEvents = async () => (await eventStore.readAll()).filter((event) => event.type === 'ShipmentCreated');
    const [committed] = await createdEvents();
    expect(committed).toBeDefined();
    const shipmentId = (committed!.data as { shipment_id: string }).shipment_id;

    // … and the client retries with the same key once the dead process's claim is abandoned (2 minutes)
    await sql`update platform.idempotency_keys set created_at = now() - interval '3 minutes' where idempotency_key = ${key}`.execute(db.database.kysely);
    const second = await startApi(db.url, dataDir, jwtSecret);
    children.push(second.process);
    const retried = await create(second.baseUrl);
    const answer = await retried.body.json() as Record<string, any>;

    // Then the answer is the shipment the first attempt wrote, not a duplicate-reference 400
    expect({ status: retried.statusCode, shipment_id: answer.shipment_id, reference: answer.references?.partner_shipment_reference })
      .toEqual({ status: 200, shipment_id: shipmentId, reference: body.references.partner_shipment_reference });
    expect(await createdEvents()).toHaveLength(1);

    // And a further retry replays the stored answer
    const replayed = await create(second.baseUrl);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect((await replayed.body.json() as { shipment_id: string }).shipment_id).toBe(shipmentId);
  }, 300_000);
});
