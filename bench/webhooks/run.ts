/**
 * npm run bench:webhooks — webhook deliveries from the event log to a local HTTPS receiver while the
 * API takes creates: deliveries per second at the sender's 16 concurrent deliveries, the delay from
 * the event's append (event_store.events.recorded_at) to its arrival at the receiver, and lost and
 * duplicated deliveries counted by event-id at the receiver. Goal: p99 < 1 s at 200 deliveries/s, none
 * lost or duplicated, measured warm: the first BENCH_WEBHOOK_WARM_UP_SECONDS (default 15) of the same load,
 * right after the API started, are the cold start and are reported on their own. The ratio is against
 * plain HTTPS POSTs to the same receiver in the same run.
 * Env (or --name=value): BENCH_WEBHOOK_RATE (draft creates = deliveries per second, default 200),
 * BENCH_WEBHOOK_SECONDS (default 60), BENCH_WEBHOOK_PLAIN (comparison POSTs, default 3000),
 * BENCH_WEBHOOK_DRAIN_SECONDS (wait for the tail, default 120), BENCH_WEBHOOK_WARM_UP_SECONDS.
 */
import { cpus } from 'node:os';
import { openDatabase } from '@shipledger/database';
import { startApiProcess } from '../shipments/bench-ipc';
import { confirmedShipmentBody } from '../shipments/http-runs';
import { formatFigures, percentile, type RunFigures } from '../shipments/latency-stats';
import { expectedDeliveries } from './delivery-delays';
import { draftLoad } from './draft-load';
import { plainPosts } from './plain-posts';
import { startReceiver } from './receiver-ipc';

const setting = (name: string, fallback: number): number => {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name.toLowerCase().replace(/^bench_webhook_/, '').replace(/_/g, '-')}=`));
  const value = Number(flag?.split('=')[1] ?? process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: not a positive number`);
  return value;
};
const RATE = setting('BENCH_WEBHOOK_RATE', 200);
const SECONDS = setting('BENCH_WEBHOOK_SECONDS', 60);
const PLAIN = setting('BENCH_WEBHOOK_PLAIN', 3000);
const DRAIN_SECONDS = setting('BENCH_WEBHOOK_DRAIN_SECONDS', 120);
const WARM_UP_SECONDS = setting('BENCH_WEBHOOK_WARM_UP_SECONDS', 15);
const CONCURRENCY = 16; // the sender's default (WebhookSenderOptions.concurrency)

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`bench:webhooks — node ${process.version}, ${cpus().length} CPUs; ${RATE} creates/s for ${SECONDS} s, ${PLAIN} plain POSTs`);
  const receiver = await startReceiver();
  // The API trusts the receiver's certificate and may call 127.0.0.1 (docs/outbound.md, operator allowlist).
  Object.assign(process.env, { BENCH_WEBHOOKS: '1', WEBHOOKS_CA_FILE: receiver.caFile, OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32' });
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, databaseUrl } = api.ready;
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const body = JSON.stringify(confirmedShipmentBody('PLAIN-1', merchant));
    console.log(`\n== the comparison: plain HTTPS POSTs of a ${body.length}-byte body to the receiver, ${CONCURRENCY} at a time (no API load)`);
    await plainPosts(receiver.url, receiver.caFile, body, Math.min(200, PLAIN), CONCURRENCY, 'outbound'); // warm-up
    const plainOutbound = await plainPosts(receiver.url, receiver.caFile, body, PLAIN, CONCURRENCY, 'outbound');
    const plainPooled = await plainPosts(receiver.url, receiver.caFile, body, PLAIN, CONCURRENCY, 'keep-alive');
    for (const figures of [plainOutbound, plainPooled]) console.log(formatFigures(figures));

    const configured = await fetchJson(baseUrl, headers, { config_name: 'bench', url: `${receiver.url}/hooks`, notify_status: ['draft'] });
    // The cold start, reported on its own: the API, the reactor and the sender go from idle to RATE with
    // nothing compiled or pooled yet (the JIT, connections, caches), as after a deploy or a quiet night.
    console.log(`\n== cold start: ${RATE} draft creates/s for ${WARM_UP_SECONDS} s through the API right after it started `
      + `(each raises one 'draft' webhook to configuration ${configured.config_id}; BENCH_WEBHOOK_WARM_UP_SECONDS)`);
    const coldLoad = await draftLoad({ baseUrl, headers }, merchant, RATE, WARM_UP_SECONDS);
    const cold = await deliveriesOf(new Set());
    printDeliveries(coldLoad, cold);

    console.log(`\n== ${RATE} draft creates/s for ${SECONDS} s through the API, warm (each raises one 'draft' webhook to configuration ${configured.config_id})`);
    const load = await draftLoad({ baseUrl, headers }, merchant, RATE, SECONDS);
    const warm = await deliveriesOf(new Set(cold.expected.map((d) => d.eventId)));
    console.log(`\n== deliveries at the receiver`);
    printDeliveries(load, warm);
    console.log(`deliveries/s ÷ plain POST/s: ${(warm.perSecond / plainOutbound.perSecond).toFixed(2)} (OutboundClient, pooled), `
      + `${(warm.perSecond / plainPooled.perSecond).toFixed(2)} (keep-alive pool)`);
    const p99 = percentile(warm.delays, 99);
    const met = p99 < 1000 && warm.perSecond >= 0.95 * RATE && warm.lost === 0 && warm.duplicated === 0 && warm.expected.length === load.requests;
    console.log(`\nsummary: ${warm.perSecond.toFixed(0)} deliveries/s at ${RATE}/s offered, p99 ${p99.toFixed(0)} ms, lost ${warm.lost}, duplicated ${warm.duplicated} — `
      + `goal (p99 < 1 s at 200/s, none lost or duplicated) ${RATE >= 200 && met ? 'met' : met ? `met at ${RATE}/s only` : 'NOT met'}; `
      + `cold start p99 ${percentile(cold.delays, 99).toFixed(0)} ms; total ${((Date.now() - started) / 1000).toFixed(0)} s`);

    /** Waits for the load's deliveries (all but `earlier`'s) to arrive or DRAIN_SECONDS to pass, and counts them. */
    async function deliveriesOf(earlier: ReadonlySet<string>): Promise<Deliveries> {
      await api.waitUntilCaughtUp(DRAIN_SECONDS * 1000);
      const current = async () => (await expectedDeliveries(database, configured.config_id)).filter((d) => !earlier.has(d.eventId));
      let expected = await current();
      let stats = await receiver.stats();
      const deadline = Date.now() + DRAIN_SECONDS * 1000;
      while (expected.some((d) => !stats.arrivals.has(d.eventId)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        [expected, stats] = [await current(), await receiver.stats()];
      }
      const ids = new Set(expected.map((d) => d.eventId));
      const arrivals = [...stats.arrivals].filter(([id]) => !earlier.has(id));
      const delays = expected.filter((d) => stats.arrivals.has(d.eventId)).map((d) => stats.arrivals.get(d.eventId)![0]! - d.appendedAtMs).sort((a, b) => a - b);
      const firsts = arrivals.map(([, copies]) => copies[0]!).sort((a, b) => a - b);
      const window = firsts.length > 1 ? (firsts[firsts.length - 1]! - firsts[0]!) / 1000 : Number.NaN;
      return {
        expected, delays, window, perSecond: firsts.length / window, received: arrivals.length,
        lost: expected.filter((d) => !stats.arrivals.has(d.eventId)).length,
        duplicated: arrivals.filter(([, copies]) => copies.length > 1).length,
        unexpected: arrivals.filter(([id]) => !ids.has(id)).length,
        retried: expected.filter((d) => d.attempts > 1).length,
      };
    }
  } finally {
    await database.close();
    await api.close();
    await receiver.close();
  }
}

/** One load's deliveries at the receiver: its source events' delays (sorted, ms) and what arrived. */
interface Deliveries {
  expected: Array<{ eventId: string }>;
  delays: number[];
  window: number;
  perSecond: number;
  received: number;
  lost: number;
  duplicated: number;
  unexpected: number;
  retried: number;
}

function printDeliveries(load: RunFigures, d: Deliveries): void {
  console.log(`created ${load.requests} drafts in ${load.seconds.toFixed(1)} s (${load.perSecond.toFixed(0)}/s), ${load.errors} errors`);
  console.log(`enqueued ${d.expected.length} for ${load.requests} drafts; received ${d.received} event-ids in ${d.window.toFixed(1)} s = ${d.perSecond.toFixed(0)} deliveries/s; `
    + `lost ${d.lost}, duplicated ${d.duplicated}, unexpected ${d.unexpected}, retried ${d.retried}`);
  console.log(`append → arrival: p50 ${percentile(d.delays, 50).toFixed(0)} ms, p99 ${percentile(d.delays, 99).toFixed(0)} ms, max ${(d.delays[d.delays.length - 1] ?? Number.NaN).toFixed(0)} ms`);
}

async function fetchJson(baseUrl: string, headers: Record<string, string>, body: unknown): Promise<{ config_id: string }> {
  const { Agent, request } = await import('undici');
  const agent = new Agent({ connect: { rejectUnauthorized: false } });
  const answer = await request(`${baseUrl}/webhooks`, { method: 'POST', dispatcher: agent, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await answer.body.text();
  await agent.close();
  if (answer.statusCode !== 201) throw new Error(`POST /webhooks answered ${answer.statusCode}: ${text}`);
  return JSON.parse(text) as { config_id: string };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
