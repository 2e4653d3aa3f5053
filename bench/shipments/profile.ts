/**
 * npm run bench:profile — where a create's CPU goes in the API process (issue #19 item 2). Starts the
 * bench's API (HTTPS, Postgres, projectors in-process), warms it up, then samples the V8 profiler over
 * PROFILE_CREATES (default 2000) draft creates and, separately, as many confirmed creates at
 * PROFILE_CONNECTIONS (default 16) connections, and prints each breakdown by stage
 * (bench/shipments/profile-breakdown.ts). The .cpuprofile files stay in PROFILE_DIR (default .tmp/profiles)
 * for a flame view (e.g. speedscope).
 * Before the profiles, an unprofiled run of as many creates of each kind prints the API process's CPU time
 * (process.cpuUsage) and statements sent to Postgres per create, projectors included.
 * Short on purpose: it is meant to run beside other work, and shares hold where absolute rates do not.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startApiProcess } from './bench-ipc';
import { createShipmentsRun } from './http-runs';
import { formatFigures } from './latency-stats';
import { formatBreakdown, profileBreakdown } from './profile-breakdown';

const CREATES = Number(process.env.PROFILE_CREATES ?? 2000);
const DIR = process.env.PROFILE_DIR ?? join('.tmp', 'profiles');
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 16);

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, carrierAccountName } = api.ready;
  const target = { baseUrl, headers };
  try {
    await createShipmentsRun(target, merchant, carrierAccountName, 300, 16, true); // warm-up: JIT, pools, caches
    await createShipmentsRun(target, merchant, carrierAccountName, 300, 16);
    await api.waitUntilCaughtUp(300_000);
    // Unprofiled first: the API process's own CPU time and statements per create, projectors' share
    // included (waiting for them to catch up). CPU time, unlike a rate, hardly moves with the machine's load.
    for (const draft of [true, false]) {
      const before = await api.usage();
      const figures = await createShipmentsRun(target, merchant, carrierAccountName, CREATES, CONNECTIONS, draft);
      await api.waitUntilCaughtUp(300_000);
      const after = await api.usage();
      console.log(`${draft ? 'draft' : 'confirmed'} creates, unprofiled: ${figures.perSecond.toFixed(0)} req/s; API process `
        + `${((after.cpuMicros - before.cpuMicros) / 1000 / figures.requests).toFixed(2)} ms CPU and `
        + `${((after.statements - before.statements) / figures.requests).toFixed(2)} statements per create`);
    }
    for (const draft of [true, false]) {
      const kind = draft ? 'draft' : 'confirmed';
      const path = join(DIR, `create-${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
      await api.startProfile();
      const figures = await createShipmentsRun(target, merchant, carrierAccountName, CREATES, CONNECTIONS, draft);
      await api.waitUntilCaughtUp(300_000); // the projector's share of these creates is part of their cost
      await api.stopProfile(path);
      console.log(formatFigures(figures));
      console.log(formatBreakdown(`${kind} create profile (${path})`, profileBreakdown(path), figures.requests));
    }
  } finally {
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
