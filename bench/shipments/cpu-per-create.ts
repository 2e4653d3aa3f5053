/**
 * npm run bench:cpu — what one draft create costs the whole machine, for an A/B of two checkouts. Starts
 * the bench's API (HTTPS, Postgres, projectors in-process as in `npm start`) and the peer, warms both up,
 * then runs CPU_RUNS (default 3) rounds of CPU_CREATES (default 3 000) draft creates at 16 connections,
 * each after a peer run of as many, and prints per round: creates/s, p99, the peer's rate and the ratio,
 * the machine's CPU per create (every process, Postgres and the load generator included, from
 * /proc/stat, counted until the projectors have caught up), the API process's CPU and its statements per
 * create. Ratios swing with the box's neighbours; CPU per create holds better. For an A/B, run it
 * alternately in the two checkouts (`CPU_LABEL` tags the lines) and compare medians.
 */
import { readFileSync } from 'node:fs';
import { startBaselineServer } from './baseline-server';
import { startApiProcess } from './bench-ipc';
import { createShipmentsRun } from './http-runs';

const CREATES = Number(process.env.CPU_CREATES ?? 3000);
const RUNS = Number(process.env.CPU_RUNS ?? 3);
const LABEL = process.env.CPU_LABEL ?? 'this checkout';

/** Jiffies the machine spent busy (user, nice, system, irq, softirq, steal) since boot, all cores. */
function busyJiffies(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return user + nice + system + irq + softirq + steal;
}

/** Milliseconds per jiffy (USER_HZ, 100 on Linux). */
const JIFFY_MS = 10;

async function main(): Promise<void> {
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, carrierAccountName, databaseUrl } = api.ready;
  const target = { baseUrl, headers };
  const peer = await startBaselineServer('peer-server.ts', 'peer: NestJS CRUD (JWT + DTO + INSERT)', databaseUrl);
  try {
    await createShipmentsRun(target, merchant, carrierAccountName, 600, 16, true); // warm-up: JIT, pools, caches
    await peer.run(600, 16);
    await api.waitUntilCaughtUp(300_000);
    for (let round = 1; round <= RUNS; round++) {
      const conventional = await peer.run(CREATES, 16);
      const busyBefore = busyJiffies();
      const usageBefore = await api.usage();
      const drafts = await createShipmentsRun(target, merchant, carrierAccountName, CREATES, 16, true);
      await api.waitUntilCaughtUp(300_000);
      const busy = busyJiffies() - busyBefore;
      const usage = await api.usage();
      console.log(`${LABEL} round ${round}: draft ${drafts.perSecond.toFixed(0)}/s p99 ${drafts.p99Ms} ms, `
        + `peer ${conventional.perSecond.toFixed(0)}/s, draft/peer ${(drafts.perSecond / conventional.perSecond).toFixed(3)}, `
        + `machine CPU ${(busy * JIFFY_MS / CREATES).toFixed(3)} ms/create, `
        + `API CPU ${((usage.cpuMicros - usageBefore.cpuMicros) / 1000 / CREATES).toFixed(3)} ms/create, `
        + `API statements ${((usage.statements - usageBefore.statements) / CREATES).toFixed(2)}/create`);
    }
  } finally {
    await peer.close();
    await api.close();
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
