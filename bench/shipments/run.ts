/**
 * npm run bench:shipments — the shipment write path against raw INSERTs on the same database, the
 * projector lag, and search latency at 100 000 shipments. Env: BENCH_SEED_SHIPMENTS (default 100000),
 * BENCH_CREATES (requests per concurrency level, default 3000; 500 at one connection), BENCH_ROUNDS and
 * BENCH_ROUND_CREATES (the rounds at 16 connections against the peer, default 3 × 6000), BENCH_REACTORS=1
 * (run the booking/label/webhook reactors in the API process from the start; by default only the projectors,
 * and the reactors join for the booking phase), BENCH_SOAK_MINUTES (the booking phase's load, default 1),
 * BENCH_PROJECTORS (in-process as in npm start, the default; `process`: a projector process of their own;
 * `none`: no read model, the create path's ceiling). BENCH_SEED_SHIPMENTS=0 skips the seeding and the
 * searches (they look up seeded references); BENCH_SOAK_MINUTES=0 skips the booking phase.
 */
import { cpus } from 'node:os';
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import { openDatabase, type Database } from '@shipledger/database';
import { createEventStore } from '@shipledger/event-store';
import { readModelSchema } from '@shipledger/projections';
import { SHIPMENT_LIST_PROJECTOR } from '@shipledger/shipping';
import { startBaselineServer } from './baseline-server';
import { startApiProcess, type ApiProcess } from './bench-ipc';
import { createShipmentsRun, getRun, type ApiTarget } from './http-runs';
import { formatFigures, median, type RunFigures } from './latency-stats';
import { measureProjectorLag } from './projector-lag';
import { formatBooking, formatMemory, measureBookingUnderLoad } from './booking-run';
import { rawInsertRun } from './raw-inserts';
import { seedShipments } from './seed-shipments';

const SEED = Number(process.env.BENCH_SEED_SHIPMENTS ?? 100_000);
const CREATES = Number(process.env.BENCH_CREATES ?? 3000);
const LEVELS = [1, 16, 64];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_CREATES = Number(process.env.BENCH_ROUND_CREATES ?? 6000);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 1);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  // The booking phase runs at half the rounds' median confirmed rate: it needs at least one round.
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`BENCH_ROUNDS: a whole number of at least 1, not ${process.env.BENCH_ROUNDS}`);
  if (!Number.isInteger(SEED) || SEED < 0) throw new Error(`BENCH_SEED_SHIPMENTS: a whole number, 0 or more, not ${process.env.BENCH_SEED_SHIPMENTS}`);
  if (!Number.isFinite(SOAK_MINUTES) || SOAK_MINUTES < 0) throw new Error(`BENCH_SOAK_MINUTES: 0 or more, not ${process.env.BENCH_SOAK_MINUTES}`);
  const started = Date.now();
  console.log(`bench:shipments — node ${process.version}, ${cpus().length} CPUs; starting the API (HTTPS, embedded worker, Postgres)`);
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, tenantId, databaseUrl, carrierAccountName, reactors } = api.ready;
  const target = { baseUrl, headers };
  console.log(`API at ${baseUrl}; carrier account: ${carrierAccountName ?? 'none (confirmed creates end in status error)'}; `
    + `worker: projectors${reactors ? ' and reactors' : ' only (BENCH_REACTORS=1 adds the reactors)'}`);
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  const atStart = await api.memory();
  let confirmedRate = 0;
  try {
    console.log('\n== create over HTTPS vs raw single-row INSERTs (~1 KB), the floor and the peer, on the same database');
    console.log('   floor: a bare Fastify HTTPS server doing one INSERT per request — what HTTPS plus one round trip costs here');
    console.log('   peer:  the conventional NestJS service (Nest on Fastify over HTTPS, a jose JWT guard, the global');
    console.log('          ValidationPipe over the same shipment DTO, one INSERT of the body, the same pool size)');
    const floor = await startBaselineServer('floor-server.ts', 'floor: bare Fastify HTTPS + INSERT', databaseUrl);
    const peer = await startBaselineServer('peer-server.ts', 'peer: NestJS CRUD (JWT + DTO + INSERT)', databaseUrl);
    await createShipmentsRun(target, merchant, carrierAccountName, 300, 16); // warm-up: JIT, pools, caches
    await createShipmentsRun(target, merchant, carrierAccountName, 300, 16, true);
    await floor.run(300, 16);
    await peer.run(300, 16);
    await api.waitUntilCaughtUp(900_000);
    const warm = await api.memory();
    const ratios: string[] = [];
    try {
      for (const connections of LEVELS) {
        const amount = connections === 1 ? Math.min(500, CREATES) : CREATES;
        const raw = await rawInsertRun(databaseUrl, amount, connections);
        const bare = await floor.run(amount, connections);
        const conventional = await peer.run(amount, connections);
        const http = await createShipmentsRun(target, merchant, carrierAccountName, amount, connections);
        await api.waitUntilCaughtUp(900_000); // the next baseline runs on a quiet database
        for (const figures of [http, conventional, bare, raw]) console.log(formatFigures(figures));
        console.log(`${'confirmed / raw, / peer'.padEnd(34)} c=${String(connections).padStart(2)}  ${(http.perSecond / raw.perSecond).toFixed(2)}, `
          + `${(http.perSecond / conventional.perSecond).toFixed(2)}   peer / raw ${(conventional.perSecond / raw.perSecond).toFixed(2)}   floor / raw ${(bare.perSecond / raw.perSecond).toFixed(2)}`);
        ratios.push(`c=${connections}: confirmed/peer ${(http.perSecond / conventional.perSecond).toFixed(2)}`);
      }

      console.log(`\n== rounds at 16 connections (${ROUNDS} rounds of ${ROUND_CREATES}): goals draft/peer ≥ 0.8, confirmed/peer ≥ 0.7, p99 < 50 ms`);
      const rounds: Array<{ draft: number; confirmed: number; peerRate: number; rawRate: number; draftP99: number; confirmedP99: number }> = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const raw = await rawInsertRun(databaseUrl, ROUND_CREATES, 16);
        const conventional = await peer.run(ROUND_CREATES, 16);
        const drafts = await createShipmentsRun(target, merchant, carrierAccountName, ROUND_CREATES, 16, true);
        await api.waitUntilCaughtUp(900_000);
        const confirmed = await createShipmentsRun(target, merchant, carrierAccountName, ROUND_CREATES, 16);
        await api.waitUntilCaughtUp(900_000);
        for (const figures of [drafts, confirmed, conventional, raw]) console.log(`round ${round}  ${formatFigures(figures)}`);
        rounds.push({ draft: drafts.perSecond, confirmed: confirmed.perSecond, peerRate: conventional.perSecond, rawRate: raw.perSecond,
          draftP99: drafts.p99Ms, confirmedP99: confirmed.p99Ms });
      }
      const draftPeer = median(rounds.map((r) => r.draft / r.peerRate));
      const confirmedPeer = median(rounds.map((r) => r.confirmed / r.peerRate));
      console.log(`median of ${ROUNDS}: draft/peer ${draftPeer.toFixed(2)} (goal ≥ 0.8), confirmed/peer ${confirmedPeer.toFixed(2)} (goal ≥ 0.7), `
        + `draft/raw ${median(rounds.map((r) => r.draft / r.rawRate)).toFixed(2)}, confirmed/raw ${median(rounds.map((r) => r.confirmed / r.rawRate)).toFixed(2)}, `
        + `p99 draft ${median(rounds.map((r) => r.draftP99))} ms, confirmed ${median(rounds.map((r) => r.confirmedP99))} ms (goal < 50 ms)`);
      ratios.push(`16-connection medians: draft/peer ${draftPeer.toFixed(2)}, confirmed/peer ${confirmedPeer.toFixed(2)}`);
      confirmedRate = median(rounds.map((r) => r.confirmed));
    } finally {
      await floor.close();
      await peer.close();
    }

    // Items 4 and 6 of issue #19: booking keeps up with half the confirmed create rate, and RSS stays flat.
    let bookingSummary = carrierAccountName ? 'booking: skipped (BENCH_SOAK_MINUTES=0)' : 'booking: no SANDBOX account';
    if (carrierAccountName && SOAK_MINUTES > 0) {
      await api.startReactors();
      console.log(`\n== booking under confirmed creates at half the median rate (${(confirmedRate / 2).toFixed(0)}/s) for ${SOAK_MINUTES} min `
        + '(BENCH_SOAK_MINUTES; SANDBOX carrier, reactors in the API process as in npm start)');
      const booking = await measureBookingUnderLoad(api, database, target, merchant, carrierAccountName, confirmedRate / 2, Math.round(SOAK_MINUTES * 60));
      console.log(formatBooking(booking));
      bookingSummary = `bookings ${booking.bookedPerSecondSustained.toFixed(0)}/s sustained vs creates ${booking.load.perSecond.toFixed(0)}/s (${booking.askedPerSecond.toFixed(0)}/s asked), lag p99 ${(booking.lagP99Ms / 1000).toFixed(2)} s`;
    }
    // Heap used is read after a forced GC (the API process runs with --expose-gc): what is live, beside RSS.
    const afterLoad = await api.memory();
    console.log(`API memory: ${formatMemory(atStart)} at start; ${formatMemory(warm)} after warm-up; `
      + `${formatMemory(afterLoad)} after the rounds and ${SOAK_MINUTES} min of booking load`);
    ratios.push(bookingSummary, `RSS ${mb(warm.rss)} → ${mb(afterLoad.rss)}, heap used after GC ${mb(warm.heapUsed)} → ${mb(afterLoad.heapUsed)}`);

    console.log('\n== projector lag: POST /shipments answered → visible in GET /shipments');
    await api.waitUntilCaughtUp(600_000);
    const lag = await measureProjectorLag(target, merchant, 200);
    console.log(`lag over ${lag.samples} shipments: p50 ${lag.p50Ms.toFixed(1)} ms, p99 ${lag.p99Ms.toFixed(1)} ms, max ${lag.maxMs.toFixed(1)} ms`);

    const searchFigures = await seedAndSearch(database, api, target, tenantId, merchant);
    console.log(`\nsummary: ${ratios.join(', ')}; projector lag p50 ${lag.p50Ms.toFixed(1)} ms p99 ${lag.p99Ms.toFixed(1)} ms; `
      + `search p99 (c=1) ${searchFigures.filter((f) => f.connections === 1).map((f) => `${f.p99Ms} ms`).join(' / ') || 'not run'}; `
      + `total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
    await api.close();
  }
}

/** Appends SEED shipments through the event store, waits for the list, then times five kinds of search. */
async function seedAndSearch(database: Database, api: ApiProcess, target: ApiTarget, tenantId: string, merchant: string): Promise<RunFigures[]> {
  if (SEED === 0) {
    console.log('\n== seeding and search: skipped (BENCH_SEED_SHIPMENTS=0; the searches look up seeded references)');
    return [];
  }
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
  return searchFigures;
}

async function countShipments(database: Database, tenantId: string): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(`${readModelSchema(SHIPMENT_LIST_PROJECTOR)}.shipments`)}
    where tenant_id = ${tenantId}`.execute(database.kysely);
  return Number(result.rows[0]?.n ?? 0);
}

/** Shows the read model filling up, then waits for the worker's own "caught up". Returns seconds. */
async function waitForProjector(
  database: Database, tenantId: string, seeded: number, caughtUp: () => Promise<void>,
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
