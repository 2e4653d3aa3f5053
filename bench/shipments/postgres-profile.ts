/**
 * npm run bench:pg-profile — where a draft create's CPU goes on the whole machine, and inside Postgres
 * (issue #19 item 2; `npm run bench:profile` samples the API process alone). Starts the bench's API
 * (HTTPS, Postgres, projectors in-process, as `npm start` runs them), warms it up, then samples every core
 * with Linux perf (`perf record -a -g`, PG_PROFILE_FREQUENCY Hz, default 499) over PG_PROFILE_CREATES
 * (default 6 000) draft creates at PG_PROFILE_CONNECTIONS (default 16), until the projectors have caught
 * up, and prints the CPU per create by process and the bench's Postgres backends by phase
 * (bench/shipments/postgres-profile-breakdown.ts). The backends are those pg_stat_activity shows on the
 * bench's database while it runs. Needs root (or perf_event_paranoid ≤ -1) and perf: `apt-get install
 * linux-perf`. The perf.data stays in PG_PROFILE_DIR (default .tmp/profiles) for `perf report`.
 * Where the server preloads pg_stat_statements (`shared_preload_libraries`, a restart; with
 * `pg_stat_statements.track_planning = on` for the planning column), it also prints the bench database's
 * statements over the same creates, by server time per create.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { startApiProcess } from './bench-ipc';
import { createShipmentsRun } from './http-runs';
import { formatFigures } from './latency-stats';
import { formatPostgresProfile, parsePerfScript, postgresProfile } from './postgres-profile-breakdown';

const CREATES = Number(process.env.PG_PROFILE_CREATES ?? 6000);
const CONNECTIONS = Number(process.env.PG_PROFILE_CONNECTIONS ?? 16);
const FREQUENCY = Number(process.env.PG_PROFILE_FREQUENCY ?? 499);
const DIR = process.env.PG_PROFILE_DIR ?? join('.tmp', 'profiles');

async function main(): Promise<void> {
  if (spawnSync('perf', ['--version']).status !== 0) throw new Error('perf not found: apt-get install linux-perf');
  mkdirSync(DIR, { recursive: true });
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, carrierAccountName, databaseUrl } = api.ready;
  if (!databaseUrl) throw new Error('bench:pg-profile profiles Postgres: run it without BENCH_PGLITE_DIR');
  const target = { baseUrl, headers };
  const stats = new Client({ connectionString: databaseUrl });
  await stats.connect();
  const backends = new Set<number>();
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const { rows } = await stats.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      for (const { pid } of rows) backends.add(pid);
      await sleep(250);
    }
  })().catch((error: unknown) => console.error('the backends\' poll stopped:', error));
  try {
    await createShipmentsRun(target, merchant, carrierAccountName, 600, CONNECTIONS, true); // warm-up: JIT, pools, caches
    await api.waitUntilCaughtUp(300_000);
    const data = join(DIR, `postgres-${new Date().toISOString().replace(/[:.]/g, '-')}.perf.data`);
    const perf = spawn('perf', ['record', '-a', '-g', '-F', String(FREQUENCY), '-o', data], { stdio: ['ignore', 'ignore', 'inherit'] });
    let exited = false;
    const recorded = new Promise((resolve) => perf.once('exit', (code) => { exited = true; resolve(code); }));
    while (!existsSync(data)) {
      if (exited) throw new Error('perf record exited before it sampled (root, or kernel.perf_event_paranoid ≤ -1, is needed)');
      await sleep(50);
    }
    await sleep(500); // perf has opened its events on every core
    const statements = await statementsReset(stats);
    const figures = await createShipmentsRun(target, merchant, carrierAccountName, CREATES, CONNECTIONS, true);
    await api.waitUntilCaughtUp(300_000); // the projectors' share of these creates is part of their cost
    perf.kill('SIGINT');
    await recorded;
    console.log(formatFigures(figures));
    const script = spawnSync('perf', ['script', '-i', data, '-F', 'comm,pid,ip,sym'], { encoding: 'utf8', maxBuffer: 2 ** 30 });
    if (script.status !== 0) throw new Error(`perf script failed: ${script.stderr}`);
    const tables = postgresProfile(parsePerfScript(script.stdout), {
      frequency: FREQUENCY, creates: figures.requests, backendPids: backends, loadGeneratorPid: process.pid,
    });
    console.log(formatPostgresProfile(`draft create profile (${data})`, tables));
    if (statements) console.log(await statementsPerCreate(stats, figures.requests));
  } finally {
    polling = false;
    await poll;
    await stats.end();
    await api.close();
  }
}

/** Whether pg_stat_statements is there to read (preloaded by the server); if so, its counts start now. */
async function statementsReset(stats: Client): Promise<boolean> {
  try {
    await stats.query('create extension if not exists pg_stat_statements');
    await stats.query('select pg_stat_statements_reset()');
    return true;
  } catch {
    return false; // not preloaded: the perf tables alone
  }
}

/** The bench database's statements since the reset, by server time (planning + execution) per create. */
async function statementsPerCreate(stats: Client, creates: number): Promise<string> {
  const { rows } = await stats.query<{ calls: string; plans: string; plan_ms: number; exec_ms: number; query: string }>(`
    select calls, plans, total_plan_time as plan_ms, total_exec_time as exec_ms, regexp_replace(query, '\\s+', ' ', 'g') as query
      from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database())
       and query not like '%pg_stat_activity%' and query not like '%pg_stat_statements%'
     order by total_plan_time + total_exec_time desc limit 15`);
  const per = (ms: number) => ((ms * 1000) / creates).toFixed(1).padStart(6);
  return [
    'statements by server time per create (pg_stat_statements; wall time inside Postgres, lock waits included): calls, plans, plan µs, execute µs',
    ...rows.map((row) => `  ${(Number(row.calls) / creates).toFixed(3).padStart(7)} ${(Number(row.plans) / creates).toFixed(3).padStart(7)}`
      + ` ${per(row.plan_ms)} ${per(row.exec_ms)}  ${row.query.slice(0, 110)}`),
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
