/**
 * The API under test, in a process of its own so the load generator does not share its event loop:
 * the whole app with an in-process worker on a fresh Postgres database (DATABASE_URL's server, or the
 * test-database helper's), one tenant without a rate limit, a SANDBOX carrier account when the
 * carriers module is mounted, and one location for the tenant's merchants (orders allocate their
 * fulfillment orders there). Talks to bench/shipments/run.ts and bench/orders/run.ts over IPC.
 */
import { writeFile } from 'node:fs/promises';
import { writeHeapSnapshot } from 'node:v8';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import pino from 'pino';
import { Client } from 'pg';
import { startWorker } from '@shipledger/projections';
import { databaseUrlOf, startTestApp } from '@shipledger/testing';
import { PREPARED_MARK } from '@shipledger/database';
import { ORDER_SHIPMENTS_REACTOR } from '@shipledger/ordering';
import { WEBHOOK_DELIVERIES_REACTOR } from '@shipledger/webhooks';
import '../../test/support/compose-test-app';
import { allProjectors, allReactors } from '../../apps/worker/src/registry';
import { forkBenchChild, type ApiMemory, type BenchMessage, type BenchReady } from './bench-ipc';

async function main(): Promise<void> {
  const statements = countStatements();
  // How long a due timer waited for the event loop, since the last usage figures: a request's p99 far
  // above this is queueing for the CPU, not a blocked loop. The histogram holds the interval between
  // ticks, so the resolution is taken off.
  const loopResolutionMs = 10;
  const loopDelay = monitorEventLoopDelay({ resolution: loopResolutionMs });
  loopDelay.enable();
  // BENCH_PGLITE_DIR: the API on PGlite in that folder (the embedded default of `npm start`), else Postgres.
  const pgliteDir = process.env.BENCH_PGLITE_DIR || undefined;
  const app = await startTestApp({ postgres: !pgliteDir, pgliteDir, worker: false, addressRequestsPerMinute: 1_000_000_000 });
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
  // BENCH_PROJECTORS: 'in-process' (default, as `npm start`), 'process' (a worker process of their own, as
  // `npm run start:worker` beside `start:api`), or 'none' (no read model at all: the create path's ceiling).
  const placement = process.env.BENCH_PROJECTORS ?? 'in-process';
  // BENCH_PROJECTOR_NAMES=a,b: only those projectors in-process, to charge the read models' cost to each.
  const known = allProjectors();
  const selected = process.env.BENCH_PROJECTOR_NAMES?.split(',').filter(Boolean) ?? [];
  const unknown = selected.filter((name) => !known.some((projector) => projector.name === name));
  if (unknown.length > 0) throw new Error(`BENCH_PROJECTOR_NAMES: no projector named ${unknown.join(', ')} (known: ${known.map((p) => p.name).join(', ')})`);
  const projectors = placement === 'in-process' ? known.filter((projector) => selected.length === 0 || selected.includes(projector.name)) : [];
  const worker = await startWorker({ database: app.database, eventStore: app.eventStore, logger, projectors, reactors });
  const projectorProcess = placement === 'process' ? await forkProjectorProcess(databaseUrlOf(app.database)) : undefined;
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
  const databaseUrl = pgliteDir ? '' : databaseUrlOf(app.database);
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
        try {
          await worker.waitUntilCaughtUp({ timeoutMs: message.timeoutMs });
          await projectorProcess?.waitUntilCaughtUp(message.timeoutMs);
          await reactorWorker?.waitUntilCaughtUp({ timeoutMs: message.timeoutMs });
          process.send?.({ type: 'caught-up' });
        } catch (error) {
          process.send?.({ type: 'caught-up', error: error instanceof Error ? error.message : String(error) });
        }
      } else if (message.type === 'profile-start') {
        await profiler.start();
        process.send?.({ type: 'profile-started' });
      } else if (message.type === 'profile-stop') {
        await profiler.stop(message.path);
        process.send?.({ type: 'profile-written' });
      } else if (message.type === 'rss') {
        process.send?.({ type: 'rss', rss: process.memoryUsage.rss() });
      } else if (message.type === 'memory') {
        process.send?.({ type: 'memory', ...memoryAfterGc() });
      } else if (message.type === 'heap-snapshot') {
        gcIfExposed();
        process.send?.({ type: 'heap-snapshot-written', path: writeHeapSnapshot(message.path) });
      } else if (message.type === 'usage') {
        const cpu = process.cpuUsage();
        printTally(`statements since the last usage figures (${statements.count} in all)`);
        process.send?.({
          type: 'usage', cpuMicros: cpu.user + cpu.system, statements: statements.count,
          loopDelayP99Ms: Math.max(0, loopDelay.percentile(99) / 1e6 - loopResolutionMs),
          loopDelayMaxMs: Math.max(0, loopDelay.max / 1e6 - loopResolutionMs),
        });
        loopDelay.reset();
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
        await projectorProcess?.close();
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

/** The projectors in a process of their own (bench/shipments/projector-process.ts), on the same database. */
async function forkProjectorProcess(databaseUrl: string): Promise<{ waitUntilCaughtUp(timeoutMs: number): Promise<void>; close(): Promise<void> }> {
  const child = forkBenchChild('projector-process.ts', { nodeArgs: ['--max-semi-space-size=32'], env: { ...process.env, DATABASE_URL: databaseUrl } });
  await child.next('ready');
  return {
    async waitUntilCaughtUp(timeoutMs) {
      const caughtUp = child.next('caught-up');
      child.send({ type: 'wait-caught-up', timeoutMs });
      await caughtUp;
    },
    close: () => child.close(),
  };
}

/** Counts every statement the process sends to Postgres (each pg.Client.query call: a pool's query ends there too). */
/**
 * BENCH_STATEMENT_TALLY=1: the 40 most frequent statements (first 110 characters; the event store's
 * reads, which all start with the same columns, by their FROM clause) are printed at each usage
 * figures a bench asks for (so per measured run) and when the process exits.
 */
const TALLY = process.env.BENCH_STATEMENT_TALLY === '1';
const tally = new Map<string, number>();
function printTally(heading: string): void {
  if (!TALLY) return;
  console.log(`--- ${heading}`);
  for (const [text, count] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(String(count).padStart(7), text);
  tally.clear();
}
process.on('exit', () => printTally('statements since the last usage figures'));
function tallyKey(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const unmarked = flat.startsWith(PREPARED_MARK) ? flat.slice(PREPARED_MARK.length) : flat;
  const from = unmarked.lastIndexOf(' FROM ');
  return unmarked.startsWith('SELECT lpad(e.transaction_id') && from >= 0 ? `SELECT <event columns>${unmarked.slice(from, from + 110)}` : flat.slice(0, 110);
}
function countStatements(): { readonly count: number } {
  const counter = { count: 0 };
  const query = Client.prototype.query as (...args: unknown[]) => unknown;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    counter.count++;
    if (TALLY) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text ?? '?';
      const key = tallyKey(text);
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  } as typeof Client.prototype.query;
  return counter;
}

/** A full garbage collection when the process runs with --expose-gc (the bench passes it); false otherwise. */
function gcIfExposed(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  // Twice: the first pass runs finalizers and frees what they held, the second collects that.
  gc();
  gc();
  return true;
}

/** RSS, and the V8 heap in use, external and array buffers after a forced GC (when exposed), in bytes. */
function memoryAfterGc(): ApiMemory {
  const collected = gcIfExposed();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external, arrayBuffers: usage.arrayBuffers, collected };
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
