/**
 * npm run bench:webhooks — webhook deliveries from the event log to a local HTTPS receiver while the
 * API takes creates: deliveries per second at the sender's 16 concurrent deliveries, the delay from
 * the event's append (event_store.events.recorded_at) to its arrival at the receiver, and lost and
 * duplicated deliveries counted by event-id at the receiver. Goal: p99 < 1 s at 200 deliveries/s, none
 * lost or duplicated. The ratio is against plain HTTPS POSTs to the same receiver in the same run.
 * Env (or --name=value): BENCH_WEBHOOK_RATE (draft creates = deliveries per second, default 200),
 * BENCH_WEBHOOK_SECONDS (default 60), BENCH_WEBHOOK_PLAIN (comparison POSTs, default 3000),
 * BENCH_WEBHOOK_DRAIN_SECONDS (wait for the tail, default 120).
 */
import { cpus } from 'node:os';
import { openDatabase } from '@shipledger/database';
import { startApiProcess } from '../shipments/bench-ipc';
import { confirmedShipmentBody } from '../shipments/http-runs';
import { formatFigures, percentile } from '../shipments/latency-stats';
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
    console.log(`\n== ${RATE} draft creates/s for ${SECONDS} s through the API (each raises one 'draft' webhook to configuration ${configured.config_id})`);
    const load = await draftLoad({ baseUrl, headers }, merchant, RATE, SECONDS);
    console.log(`created ${load.created} drafts in ${load.seconds.toFixed(1)} s (${(load.created / load.seconds).toFixed(0)}/s), ${load.errors} errors`);
    await api.waitUntilCaughtUp(DRAIN_SECONDS * 1000);

    let expected = await expectedDeliveries(database, configured.config_id);
    let stats = await receiver.stats();
    const deadline = Date.now() + DRAIN_SECONDS * 1000;
    while (expected.some((d) => !stats.arrivals.has(d.eventId)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      [expected, stats] = [await expectedDeliveries(database, configured.config_id), await receiver.stats()];
    }

    const delays = expected.filter((d) => stats.arrivals.has(d.eventId)).map((d) => stats.arrivals.get(d.eventId)![0]! - d.appendedAtMs).sort((a, b) => a - b);
    const lost = expected.filter((d) => !stats.arrivals.has(d.eventId)).length;
    const duplicated = [...stats.arrivals.values()].filter((copies) => copies.length > 1).length;
    const unexpected = [...stats.arrivals.keys()].filter((id) => !expected.some((d) => d.eventId === id)).length;
    const firsts = [...stats.arrivals.values()].map((copies) => copies[0]!).sort((a, b) => a - b);
    const window = firsts.length > 1 ? (firsts[firsts.length - 1]! - firsts[0]!) / 1000 : Number.NaN;
    const perSecond = firsts.length / window;
    console.log(`\n== deliveries at the receiver`);
    console.log(`enqueued ${expected.length} for ${load.created} drafts; received ${stats.arrivals.size} event-ids in ${window.toFixed(1)} s = ${perSecond.toFixed(0)} deliveries/s; `
      + `lost ${lost}, duplicated ${duplicated}, unexpected ${unexpected}, retried ${expected.filter((d) => d.attempts > 1).length}`);
    console.log(`append → arrival: p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, max ${(delays[delays.length - 1] ?? Number.NaN).toFixed(0)} ms`);
    console.log(`deliveries/s ÷ plain POST/s: ${(perSecond / plainOutbound.perSecond).toFixed(2)} (OutboundClient, pooled), `
      + `${(perSecond / plainPooled.perSecond).toFixed(2)} (keep-alive pool)`);
    const met = percentile(delays, 99) < 1000 && perSecond >= 0.95 * RATE && lost === 0 && duplicated === 0 && expected.length === load.created;
    console.log(`\nsummary: ${perSecond.toFixed(0)} deliveries/s at ${RATE}/s offered, p99 ${percentile(delays, 99).toFixed(0)} ms, lost ${lost}, duplicated ${duplicated} — `
      + `goal (p99 < 1 s at 200/s, none lost or duplicated) ${RATE >= 200 && met ? 'met' : met ? `met at ${RATE}/s only` : 'NOT met'}; total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
    await api.close();
    await receiver.close();
  }
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
