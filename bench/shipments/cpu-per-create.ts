/**
 * npm run bench:cpu — what one draft create costs the whole machine, for an A/B of two checkouts. Starts
 * the bench's API (HTTPS, Postgres, projectors in-process as in `npm start`) and the peer, warms both up,
 * then runs CPU_RUNS (default 3) rounds of CPU_CREATES (default 3 000) draft creates at CPU_CONNECTIONS
 * connections (default 16; a list such as `16,64` alternates them within each round), each after a peer run
 * of as many at as many connections, and prints per round: creates/s, p99, the peer's rate and the ratio,
 * the machine's CPU per create (every process, Postgres and the load generator included, from
 * /proc/stat, counted until the projectors have caught up), the API process's CPU and its statements per
 * create, Postgres's CPU per create (its processes'), each beside the peer's (its run alone: on a CPU-bound
 * box the ratio of the two machine figures bounds draft/peer), and the API's event loop delay during the
 * drafts (p99 and max: a request p99 far above it is queueing for a core, not a blocked loop). Ratios
 * swing with the box's neighbours; CPU per create holds better. For an A/B, run it alternately in the two
 * checkouts (`CPU_LABEL` tags the lines) and compare medians. Each line ends with the WAL the server wrote
 * per create (pg_stat_wal: records, full-page images, bytes), the API's and the peer's: where Postgres's
 * CPU per create goes is mostly rows, index entries and their WAL.
 */
import { Client } from 'pg';
import { startBaselineServer } from './baseline-server';
import { startApiProcess } from './bench-ipc';
import { createShipmentsRun } from './http-runs';
import { readCounters, spentPer } from './machine-counters';

const CREATES = Number(process.env.CPU_CREATES ?? 3000);
const RUNS = Number(process.env.CPU_RUNS ?? 3);
const LABEL = process.env.CPU_LABEL ?? 'this checkout';
/** Connection counts; several (`16,64`) alternate within each round, on the same API and peer. */
const CONNECTION_COUNTS = (process.env.CPU_CONNECTIONS ?? '16').split(',').map(Number);

async function main(): Promise<void> {
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, carrierAccountName, databaseUrl } = api.ready;
  const target = { baseUrl, headers };
  const peer = await startBaselineServer('peer-server.ts', 'peer: NestJS CRUD (JWT + DTO + INSERT)', databaseUrl);
  const stats = new Client({ connectionString: databaseUrl });
  await stats.connect();
  try {
    await createShipmentsRun(target, merchant, carrierAccountName, 600, 16, true); // warm-up: JIT, pools, caches
    await peer.run(600, 16);
    await api.waitUntilCaughtUp(300_000);
    for (let round = 1; round <= RUNS; round++) for (const connections of CONNECTION_COUNTS) {
      const peerBefore = await readCounters(stats);
      const conventional = await peer.run(CREATES, connections);
      const peerSpent = spentPer(CREATES, peerBefore, await readCounters(stats));
      const before = await readCounters(stats);
      const usageBefore = await api.usage();
      const drafts = await createShipmentsRun(target, merchant, carrierAccountName, CREATES, connections, true);
      await api.waitUntilCaughtUp(300_000);
      const spent = spentPer(CREATES, before, await readCounters(stats));
      const usage = await api.usage();
      console.log(`${LABEL} round ${round} (c=${connections}): draft ${drafts.perSecond.toFixed(0)}/s p99 ${drafts.p99Ms} ms, `
        + `peer ${conventional.perSecond.toFixed(0)}/s, draft/peer ${(drafts.perSecond / conventional.perSecond).toFixed(3)}, `
        + `machine CPU ${spent.machine} ms/create (peer's ${peerSpent.machine}), `
        + `Postgres CPU ${spent.postgres} ms/create (peer's ${peerSpent.postgres}), `
        + `API CPU ${((usage.cpuMicros - usageBefore.cpuMicros) / 1000 / CREATES).toFixed(3)} ms/create, `
        + `API statements ${((usage.statements - usageBefore.statements) / CREATES).toFixed(2)}/create, `
        + `API event loop delay p99 ${usage.loopDelayP99Ms.toFixed(1)} ms, max ${usage.loopDelayMaxMs.toFixed(1)} ms, `
        + `WAL ${spent.wal} per create (peer's ${peerSpent.wal})`);
    }
  } finally {
    await stats.end();
    await peer.close();
    await api.close();
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
