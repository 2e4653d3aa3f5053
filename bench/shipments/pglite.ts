/**
 * npm run bench:shipments:pglite — issue #19 item 3's ratios with the API on PGlite, its embedded default
 * (`npm start` without DATABASE_URL: PGlite on disk, the worker in-process). The API runs in a process of
 * its own on PGlite in a fresh folder under .tmp; the peer (the conventional NestJS CRUD service,
 * bench/shipments/peer-server.ts) runs on a fresh Postgres database, as such a service would. Then
 * BENCH_ROUNDS (default 3) rounds at 16 connections of BENCH_ROUND_CREATES (default 3000) draft creates,
 * confirmed creates and peer creates, each waiting for the projectors, and the medians of draft/peer and
 * confirmed/peer with p99.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@shipledger/testing';
import { startBaselineServer } from './baseline-server';
import { startApiProcess } from './bench-ipc';
import { createShipmentsRun } from './http-runs';
import { formatFigures, median } from './latency-stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_CREATES = Number(process.env.BENCH_ROUND_CREATES ?? 3000);

async function main(): Promise<void> {
  const dataDir = join(process.cwd(), '.tmp', `bench-pglite-${randomUUID().slice(0, 8)}`);
  mkdirSync(dataDir, { recursive: true });
  console.log(`bench:shipments:pglite — node ${process.version}, ${cpus().length} CPUs; the API on PGlite in ${dataDir}, the peer on Postgres`);
  const peerDatabase = await createTestDatabase({ poolSize: 1 });
  const api = await startApiProcess({ pgliteDir: dataDir });
  const { baseUrl, headers, merchant, carrierAccountName } = api.ready;
  const target = { baseUrl, headers };
  const peer = await startBaselineServer('peer-server.ts', 'peer: NestJS CRUD (JWT + DTO + INSERT)', peerDatabase.url);
  try {
    await createShipmentsRun(target, merchant, carrierAccountName, 300, 16); // warm-up: JIT, caches
    await createShipmentsRun(target, merchant, carrierAccountName, 300, 16, true);
    await peer.run(300, 16);
    await api.waitUntilCaughtUp(900_000);
    console.log(`\n== rounds at 16 connections (${ROUNDS} rounds of ${ROUND_CREATES}): goals draft/peer ≥ 0.8, confirmed/peer ≥ 0.7, p99 < 50 ms`);
    const rounds: Array<{ draft: number; confirmed: number; draftP99: number; confirmedP99: number }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const conventional = await peer.run(ROUND_CREATES, 16);
      const drafts = await createShipmentsRun(target, merchant, carrierAccountName, ROUND_CREATES, 16, true);
      await api.waitUntilCaughtUp(900_000);
      const confirmed = await createShipmentsRun(target, merchant, carrierAccountName, ROUND_CREATES, 16);
      await api.waitUntilCaughtUp(900_000);
      for (const figures of [drafts, confirmed, conventional]) console.log(`round ${round}  ${formatFigures(figures)}`);
      rounds.push({ draft: drafts.perSecond / conventional.perSecond, confirmed: confirmed.perSecond / conventional.perSecond,
        draftP99: drafts.p99Ms, confirmedP99: confirmed.p99Ms });
    }
    console.log(`median of ${ROUNDS} on PGlite: draft/peer ${median(rounds.map((r) => r.draft)).toFixed(2)} (goal ≥ 0.8), `
      + `confirmed/peer ${median(rounds.map((r) => r.confirmed)).toFixed(2)} (goal ≥ 0.7), `
      + `p99 draft ${median(rounds.map((r) => r.draftP99))} ms, confirmed ${median(rounds.map((r) => r.confirmedP99))} ms (goal < 50 ms)`);
  } finally {
    await peer.close();
    await api.close();
    await peerDatabase.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
