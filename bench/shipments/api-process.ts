/**
 * The API under test, in a process of its own so the load generator does not share its event loop:
 * the whole app with an in-process worker on a fresh Postgres database (DATABASE_URL's server, or the
 * test-database helper's), one tenant without a rate limit, a SANDBOX carrier account when the
 * carriers module is mounted, and one location for the tenant's merchants (orders allocate their
 * fulfillment orders there). Talks to bench/shipments/run.ts and bench/orders/run.ts over IPC.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import pino from 'pino';
import { startWorker } from '@shipledger/projections';
import { startTestApp } from '@shipledger/testing';
import { ORDER_SHIPMENTS_REACTOR } from '@shipledger/ordering';
import { WEBHOOK_DELIVERIES_REACTOR } from '@shipledger/webhooks';
import '../../test/support/compose-test-app';
import { allProjectors, allReactors } from '../../apps/worker/src/registry';
import type { BenchMessage, BenchReady } from './bench-ipc';

async function main(): Promise<void> {
  const app = await startTestApp({ postgres: true, worker: false, addressRequestsPerMinute: 1_000_000_000 });
  // The projectors always; the reactors (booking, labels, webhooks) only with BENCH_REACTORS=1: their
  // asynchronous work is not part of the request path being measured and would take the CPU from it.
  // BENCH_ORDER_SHIPMENTS=1 (set by bench:orders) adds the order-shipments process manager alone, which
  // turns a fulfilled FO into its shipment. BENCH_WEBHOOKS=1 (set by bench:webhooks) adds the webhook
  // deliveries reactor alone, with its sender beside it.
  const logger = pino({ level: 'silent' });
  const withReactors = process.env.BENCH_REACTORS === '1';
  const reactors = allReactors({ database: app.database, eventStore: app.eventStore, logger })
    .filter((reactor) => withReactors || (process.env.BENCH_ORDER_SHIPMENTS === '1' && reactor.name === ORDER_SHIPMENTS_REACTOR)
      || (process.env.BENCH_WEBHOOKS === '1' && reactor.name === WEBHOOK_DELIVERIES_REACTOR));
  const worker = await startWorker({ database: app.database, eventStore: app.eventStore, logger, projectors: allProjectors(), reactors });
  const tenant = await app.createTenant({ rateLimitPerMinute: 1_000_000_000 });
  const carrierAccountName = `Bench Sandbox`;
  const account = await app.http.request('POST', '/carrier-accounts', {
    headers: tenant.headers,
    body: { carrier_account_name: carrierAccountName, carrier: 'SANDBOX', status: 'active', label: { default_label: 'carrier_pdf' } },
  });
  const locationCode = 'BENCH-WH';
  const location = await app.http.request('POST', '/locations', {
    headers: tenant.headers,
    body: { location_name: 'Bench Warehouse', location_code: locationCode, address1: 'Warehouse 7, Al Quoz', city: 'Dubai', country: 'AE',
      contact_name: 'Bench Warehouse', contact_phone: '+971 4 000 0000' },
  });
  const databaseUrl = (app.database.pool as unknown as { options?: { connectionString?: string } } | undefined)?.options?.connectionString;
  if (!databaseUrl) throw new Error('the bench needs the API on Postgres');
  const ready: BenchReady = {
    type: 'ready',
    baseUrl: app.baseUrl,
    headers: tenant.headers,
    tenantId: tenant.tenantId,
    merchant: tenant.merchants[0] as string,
    databaseUrl,
    carrierAccountName: account.status < 300 ? carrierAccountName : undefined,
    locationCode: location.status === 201 ? locationCode : undefined,
    reactors: withReactors,
  };
  const profiler = cpuProfiler();
  let reactorWorker: Awaited<ReturnType<typeof startWorker>> | undefined;
  process.on('message', (message: BenchMessage) => {
    void (async () => {
      if (message.type === 'wait-caught-up') {
        await worker.waitUntilCaughtUp({ timeoutMs: message.timeoutMs });
        await reactorWorker?.waitUntilCaughtUp({ timeoutMs: message.timeoutMs });
        process.send?.({ type: 'caught-up' });
      } else if (message.type === 'profile-start') {
        await profiler.start();
        process.send?.({ type: 'profile-started' });
      } else if (message.type === 'profile-stop') {
        await profiler.stop(message.path);
        process.send?.({ type: 'profile-written' });
      } else if (message.type === 'rss') {
        process.send?.({ type: 'rss', rss: process.memoryUsage.rss() });
      } else if (message.type === 'start-reactors') {
        // The booking phase: the reactors join the projectors, as in `npm start` (one process).
        if (!withReactors && !reactorWorker) {
          const more = allReactors({ database: app.database, eventStore: app.eventStore, logger })
            .filter((reactor) => !reactors.some((running) => running.name === reactor.name));
          // They start at the head: the earlier phases' shipments stay pending rather than make a backlog
          // that the measured load would queue behind.
          const head = await app.eventStore.headPosition();
          if (head) {
            for (const reactor of more) {
              await sql`insert into projections.reactor_checkpoints (name, position) values (${reactor.name}, ${head})
                on conflict (name) do update set position = excluded.position`.execute(app.database.kysely);
            }
          }
          reactorWorker = await startWorker({ database: app.database, eventStore: app.eventStore, logger, projectors: [], reactors: more });
        }
        process.send?.({ type: 'reactors-started' });
      } else if (message.type === 'close') {
        await reactorWorker?.close();
        await worker.close();
        await app.close();
        process.exit(0);
      }
    })().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  process.send?.(ready);
}

/** The V8 sampling profiler over the inspector protocol: only the load being studied is sampled, not start-up. */
function cpuProfiler(): { start(): Promise<void>; stop(path: string): Promise<void> } {
  const session = new Session();
  session.connect();
  return {
    async start() {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
    },
    async stop(path) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(path, JSON.stringify(profile));
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
