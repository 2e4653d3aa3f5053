/**
 * npm run bench:shipments — the shipment write path against raw INSERTs on the same database, the
 * projector lag, and search latency at 100 000 shipments. Env: BENCH_SEED_SHIPMENTS (default 100000),
 * BENCH_CREATES (requests per concurrency level, default 3000; 500 at one connection), BENCH_REACTORS=1
 * (run the booking/label/webhook reactors in the API process too; by default only the projectors).
 */
import { cpus } from 'node:os';
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import { openDatabase } from '@shipledger/database';
import { createEventStore } from '@shipledger/event-store';
import { readModelSchema } from '@shipledger/projections';
import { SHIPMENT_LIST_PROJECTOR } from '@shipledger/shipping';
import { startApiProcess } from './bench-ipc';
import { startFloorServer } from './floor-run';
import { createShipmentsRun, getRun } from './http-runs';
import { formatFigures, type RunFigures } from './latency-stats';
import { measureProjectorLag } from './projector-lag';
import { rawInsertRun } from './raw-inserts';
import { seedShipments } from './seed-shipments';

const SEED = Number(process.env.BENCH_SEED_SHIPMENTS ?? 100_000);
const CREATES = Number(process.env.BENCH_CREATES ?? 3000);
const LEVELS = [1, 16, 64];

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`bench:shipments — node ${process.version}, ${cpus().length} CPUs; starting the API (HTTPS, embedded worker, Postgres)`);
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, tenantId, databaseUrl, carrierAccountName, reactors } = api.ready;
  const target = { baseUrl, headers };
  console.log(`API at ${baseUrl}; carrier account: ${carrierAccountName ?? 'none (confirmed creates end in status error)'}; `
    + `worker: projectors${reactors ? ' and reactors' : ' only (BENCH_REACTORS=1 adds the reactors)'}`);
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  try {
    console.log('\n== create confirmed shipment over HTTPS vs raw single-row INSERTs (~1 KB) on the same database');
    console.log('   (floor: a bare Fastify HTTPS server doing one INSERT per request, in its own process — what HTTPS');
    console.log('    plus one round trip costs on this machine, with no framework, auth, validation or events)');
    const floor = await startFloorServer(databaseUrl);
    await createShipmentsRun(target, merchant, carrierAccountName, 300, 16); // warm-up: JIT, pools, caches
    await floor.run(300, 16);
    await api.waitUntilCaughtUp(900_000);
    const ratios: string[] = [];
    try {
      for (const connections of LEVELS) {
        const amount = connections === 1 ? Math.min(500, CREATES) : CREATES;
        const raw = await rawInsertRun(databaseUrl, amount, connections);
        const bare = await floor.run(amount, connections);
        const http = await createShipmentsRun(target, merchant, carrierAccountName, amount, connections);
        await api.waitUntilCaughtUp(900_000); // the next baseline runs on a quiet database
        const ratio = http.perSecond / raw.perSecond;
        console.log(formatFigures(http));
        console.log(formatFigures(bare));
        console.log(formatFigures(raw));
        console.log(`${'ratio HTTPS / raw'.padEnd(34)} c=${String(connections).padStart(2)}  ${ratio.toFixed(2)}${connections === 16 ? '  (goal ≥ 0.3)' : ''}`
          + `   floor / raw ${(bare.perSecond / raw.perSecond).toFixed(2)}   HTTPS / floor ${(http.perSecond / bare.perSecond).toFixed(2)}`);
        ratios.push(`c=${connections}: ${ratio.toFixed(2)} (floor ${(bare.perSecond / raw.perSecond).toFixed(2)})`);
      }
    } finally {
      await floor.close();
    }

    console.log('\n== projector lag: POST /shipments answered → visible in GET /shipments');
    await api.waitUntilCaughtUp(600_000);
    const lag = await measureProjectorLag(target, merchant, 200);
    console.log(`lag over ${lag.samples} shipments: p50 ${lag.p50Ms.toFixed(1)} ms, p99 ${lag.p99Ms.toFixed(1)} ms, max ${lag.maxMs.toFixed(1)} ms`);

    console.log(`\n== seeding ${SEED} shipments through the event store`);
    const eventStore = createEventStore({ database });
    const seed = await seedShipments(eventStore, tenantId, merchant, SEED);
    console.log(`appended ${SEED} shipments in ${seed.seconds.toFixed(1)} s`);
    const catchUp = await waitForProjector(database, tenantId, SEED, () => api.waitUntilCaughtUp(900_000));
    console.log(`projector caught up in ${catchUp.toFixed(1)} s (${(SEED / catchUp).toFixed(0)} events/s)`);
    const total = await countShipments(database, tenantId);
    // What autovacuum does after a bulk load anyway (visibility map for index-only scans, statistics).
    const schema = readModelSchema(SHIPMENT_LIST_PROJECTOR);
    await sql`vacuum analyze ${sql.table(`${schema}.shipments`)}, ${sql.table(`${schema}.search_terms`)}`.execute(database.kysely);

    console.log(`\n== GET /shipments?search_string=… at ${total} shipments of one tenant`);
    const pick = () => Math.floor(Math.random() * SEED);
    const searches: Array<[string, () => string]> = [
      ['search: whole reference', () => seed.references[pick()] as string],
      ['search: reference prefix (≤11 hits)', () => (seed.references[pick()] as string).slice(0, -1)],
      ['search: name prefix (~700 hits)', () => ['fatima ha', 'omar sm', 'aisha gar', 'john ch', 'maria kh'][pick() % 5] as string],
      ['search: e-mail prefix', () => `omar.smith.${pick()}`],
      ['search: one letter (dense: walk)', () => 'fjmoawlpnhye'[pick() % 12] as string],
    ];
    const searchFigures: RunFigures[] = [];
    for (const [label, text] of searches) {
      for (const connections of [1, 16]) {
        const figures = await getRun(target, label, () => `/shipments?search_string=${encodeURIComponent(text())}`, 1000, connections);
        console.log(formatFigures(figures));
        searchFigures.push(figures);
      }
    }
    console.log(`\nsummary: create/raw ratios ${ratios.join(', ')}; projector lag p50 ${lag.p50Ms.toFixed(1)} ms p99 ${lag.p99Ms.toFixed(1)} ms; `
      + `search p99 (c=1) ${searchFigures.filter((f) => f.connections === 1).map((f) => `${f.p99Ms} ms`).join(' / ')}; `
      + `total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
    await api.close();
  }
}

async function countShipments(database: Awaited<ReturnType<typeof openDatabase>>, tenantId: string): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(`${readModelSchema(SHIPMENT_LIST_PROJECTOR)}.shipments`)}
    where tenant_id = ${tenantId}`.execute(database.kysely);
  return Number(result.rows[0]?.n ?? 0);
}

/** Shows the read model filling up, then waits for the worker's own "caught up". Returns seconds. */
async function waitForProjector(
  database: Awaited<ReturnType<typeof openDatabase>>, tenantId: string, seeded: number, caughtUp: () => Promise<void>,
): Promise<number> {
  const started = Date.now();
  const before = await countShipments(database, tenantId);
  const bar = new SingleBar({ format: 'projecting [{bar}] {value}/{total} shipments  {eta}s left', etaBuffer: 20 }, Presets.shades_classic);
  bar.start(seeded, 0);
  let done = false;
  const finished = caughtUp().then(() => { done = true; });
  while (!done) {
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 1000))]);
    bar.update(Math.min(seeded, (await countShipments(database, tenantId)) - before));
  }
  bar.update(seeded);
  bar.stop();
  return (Date.now() - started) / 1000;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
