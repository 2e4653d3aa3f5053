/**
 * npm run bench:soak — issue #10's closing check: a mixed shipment load (confirmed and draft creates,
 * PATCH, confirm, cancel, GET, list, bulk status) with the fuzz suite's mutations (test/fuzz, fast-check)
 * sent beside it to the same service, for SOAK_MINUTES (default 10). It prints every answer class and
 * fails (exit 1) on any 5xx, on parked events, or when the shipment list does not hold every shipment
 * stream once the worker has caught up. SOAK_LOAD_LOOPS (default 4) and SOAK_FUZZ_LOOPS (default 2) set
 * the concurrency. The API runs in its own process on a fresh Postgres database with its projectors;
 * BENCH_REACTORS=1 adds the reactors (booking, labels, tracking), whose backlog then has to drain before
 * the end check (booking throughput is issue #19's open problem, so that can take long).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import { openDatabase } from '@shipledger/database';
import { readModelSchema } from '@shipledger/projections';
import { SHIPMENT_LIST_PROJECTOR } from '@shipledger/shipping';
import { encode, mutationOf, type Mutation } from '../../test/fuzz/mutations';
import type { ValidRequest } from '../../test/fuzz/valid-requests';
import { startApiProcess } from '../shipments/bench-ipc';
import { confirmedShipmentBody } from '../shipments/http-runs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const LOAD_LOOPS = Number(process.env.SOAK_LOAD_LOOPS ?? 4);
const FUZZ_LOOPS = Number(process.env.SOAK_FUZZ_LOOPS ?? 2);
const dispatcher = new Agent({ connect: { rejectUnauthorized: false }, connections: LOAD_LOOPS + FUZZ_LOOPS });
const answers = new Map<string, number>();
const failures: string[] = [];

async function main(): Promise<void> {
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, carrierAccountName, databaseUrl } = api.ready;
  const call = async (source: string, method: string, path: string, body?: unknown, raw?: string) => {
    const answer = await request(`${baseUrl}${path}`, {
      method: method as 'GET', dispatcher,
      headers: { ...headers, ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await answer.body.text();
    const key = `${source} ${Math.floor(answer.statusCode / 100)}xx`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
    if (answer.statusCode >= 500) failures.push(`${method} ${path.slice(0, 120)} → ${answer.statusCode} ${text.slice(0, 200)}`);
    return { status: answer.statusCode, json: () => JSON.parse(text) as Record<string, any> };
  };
  const until = Date.now() + MINUTES * 60_000;
  const created: string[] = [];

  const load = async () => {
    while (Date.now() < until) {
      const reference = `SOAK-${randomUUID()}`;
      const roll = Math.random();
      if (roll < 0.45 || created.length === 0) {
        const answer = await call('load', 'POST', '/shipments', confirmedShipmentBody(reference, merchant, carrierAccountName));
        if (answer.status === 200) created.push(reference);
      } else if (roll < 0.6) {
        const draft = await call('load', 'POST', '/shipments?draft=true', confirmedShipmentBody(reference, merchant, carrierAccountName));
        if (draft.status !== 200) continue;
        created.push(reference);
        await call('load', 'PATCH', `/shipments/${reference}`, { language: 'de' });
        await call('load', 'POST', `/shipments/${reference}/confirm`, {});
      } else {
        const some = created[Math.floor(Math.random() * created.length)] as string;
        if (roll < 0.75) await call('load', 'GET', `/shipments/${some}`);
        else if (roll < 0.85) await call('load', 'GET', `/shipments?search_string=${encodeURIComponent(some.slice(0, 10))}&page_size=10`);
        else if (roll < 0.93) await call('load', 'GET', `/shipments/bulk/status?shipment_id=${some}`);
        else await call('load', 'POST', `/shipments/${some}/cancel`, { update_reason_code: 'SOAK' });
      }
    }
  };

  // The fuzz suite's hostile mutations of valid shipment requests, on the same service meanwhile.
  const targets: Array<{ method: string; path: (id: string) => string; valid: () => ValidRequest }> = [
    { method: 'POST', path: () => '/shipments', valid: () => ({ credentials: 'tenant', body: confirmedShipmentBody(`FUZZ-${randomUUID()}`, merchant, carrierAccountName) }) },
    { method: 'PATCH', path: (id) => `/shipments/${id}`, valid: () => ({ credentials: 'tenant', body: { language: 'fr', dropoff: confirmedShipmentBody('x', merchant).dropoff } }) },
    { method: 'POST', path: (id) => `/shipments/${id}/confirm`, valid: () => ({ credentials: 'tenant', body: {} }) },
    { method: 'POST', path: (id) => `/shipments/${id}/update-status`, valid: () => ({ credentials: 'tenant', body: { new_status: 'shipped' } }) },
    { method: 'GET', path: () => '/shipments', valid: () => ({ credentials: 'tenant', query: { page_size: '10', search_string: 'SOAK' } }) },
  ];
  const fuzz = async (seed: number) => {
    let round = 0;
    while (Date.now() < until) {
      const target = targets[round++ % targets.length]!;
      const valid = target.valid();
      const [mutation] = fc.sample(mutationOf(valid), { numRuns: 1, seed: seed + round }) as [Mutation];
      const id = created[round % Math.max(created.length, 1)] ?? 'unknown';
      const pathId = mutation.target === 'path' ? encode(mutation.value) : encodeURIComponent(id);
      let query = Object.entries(valid.query ?? {}).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
      if (mutation.target === 'query') query = [...query, `${Object.keys(valid.query ?? { extra: '' })[0]}=${encode(mutation.value)}`];
      const path = `${target.path(pathId)}${query.length ? `?${query.join('&')}` : ''}`;
      if (mutation.target === 'body') await call('fuzz', target.method, path, mutation.apply(valid.body), mutation.raw);
      else await call('fuzz', target.method, path, valid.body);
    }
  };

  console.log(`bench:soak — ${MINUTES} min, ${LOAD_LOOPS} load loops and ${FUZZ_LOOPS} fuzz loops against ${baseUrl} (Postgres, ${process.env.BENCH_REACTORS === '1' ? 'projectors and reactors' : 'projectors'})`);
  const ticker = setInterval(() => console.log(`${new Date().toISOString()}  ${[...answers].map(([k, v]) => `${k}: ${v}`).join('  ')}`), 60_000);
  await Promise.all([...Array.from({ length: LOAD_LOOPS }, load), ...Array.from({ length: FUZZ_LOOPS }, (_, i) => fuzz(20261124 + i * 100_000))]);
  clearInterval(ticker);

  const started = Date.now();
  await api.waitUntilCaughtUp(600_000);
  console.log(`worker caught up ${((Date.now() - started) / 1000).toFixed(1)} s after the load stopped`);
  const health = await call('check', 'GET', '/health');
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  const streams = await sql<{ n: string }>`select count(*) as n from event_store.streams
    where stream_id like 'shipment-%' and stream_id not like 'shipment-ref-%'`.execute(database.kysely);
  const listed = await sql<{ n: string }>`select count(*) as n from ${sql.table(`${readModelSchema(SHIPMENT_LIST_PROJECTOR)}.shipments`)}`.execute(database.kysely);
  await database.close();
  await api.close();

  const parked = Number(health.json().parked_events ?? 0);
  console.log(`answers: ${[...answers].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  console.log(`shipments acknowledged by the load: ${created.length}; shipment streams ${streams.rows[0]?.n}, rows in the shipment list ${listed.rows[0]?.n}; parked events ${parked}`);
  console.log(`5xx answers: ${failures.length}${failures.length ? `\n${failures.slice(0, 20).join('\n')}` : ''}`);
  const ok = failures.length === 0 && parked === 0 && streams.rows[0]?.n === listed.rows[0]?.n;
  console.log(ok ? 'soak: PASS' : 'soak: FAIL');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
