/**
 * Turns a V8 .cpuprofile of the API under create load into a per-stage breakdown. Each sample is charged
 * to one stage: the first application stage (in the order below) any frame of its stack belongs to;
 * if none, the deepest frame of the infrastructure stages (Nest, Fastify, pg, TLS), since those sit
 * under everything; else GC, native or other. Only rough shares are meant: inlined frames are charged
 * to their caller, and native work (TLS encryption, JSON) to the JS frame that called it.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

type Rule = [stage: string, matches: (url: string, fn: string) => boolean];
const inUrl = (...parts: string[]) => (url: string) => parts.some((part) => url.includes(part));

/** Application stages, most specific first: a sample with a logging frame anywhere is logging. */
const APPLICATION: Rule[] = [
  ['the profiler itself (inspector)', inUrl('node:inspector')],
  ['logging (pino)', inUrl('/pino', 'sonic-boom', 'thread-stream')],
  ['metrics (prom-client)', inUrl('/prom-client/', '/metrics/')],
  ['validation (class-validator/transformer)', inUrl('/class-validator/', '/class-transformer/', 'validation.pipe', '/validation/')],
  // Not the onSend hook's anonymous frame: for a response without a claim it only calls done(), and
  // Fastify then sends the reply (serialise, TLS, socket write) beneath it, which is not idempotency's.
  ['idempotency', (url, fn) => url.includes('idempoten') && !(url.includes('idempotency.hooks') && fn === '')],
  ['auth + tenant lookup', inUrl('/platform/src/auth', '/jose/', '/platform/src/tenants', 'rate-limit')],
  ['merchant + configuration checks', inUrl('merchant-access', 'configured-references', '/libs/configuration/')],
  ['carrier assignment + booking requirements', inUrl('carrier-assignment', '/libs/carriers/')],
  ['reference reservation', inUrl('shipment-references')],
  ['projectors (shipment list, reports; in-process)', inUrl('/libs/projections/', '/read-models/', '/libs/reporting/')],
  ['decide + evolve', inUrl('/domain/shipment/', '/libs/ddd/')],
  ['append (event store)', inUrl('/libs/event-store/')],
  ['response mapping', inUrl('shipment-response', 'fast-json-stringify', 'serializ')],
  ['request mapping (controller)', inUrl('/application/create-shipment/', 'shipment-request.mapper')],
  // A query's socket write not issued from a stage above (queued behind another query on its
  // connection). Under CPU contention most of a write's samples are the wake-up of Postgres.
  ['DB writes, not attributed (pg socket writes)', (url, fn) => url.includes('/pg/lib/query.js') && fn === 'submit'],
];

/** Infrastructure, charged by the deepest matching frame. */
const INFRASTRUCTURE: Rule[] = [
  ['pg driver + kysely (answers, pool)', inUrl('/node_modules/pg', '/kysely/')],
  ['Nest pipeline (router, guards, interceptors, rxjs, cqrs)', inUrl('/@nestjs/', '/rxjs/', '/apps/api/', '/libs/platform/')],
  ['Fastify + HTTP parse/write', inUrl('/fastify', 'find-my-way', 'avvio', 'node:_http', 'node:http', 'secure-json-parse', 'light-my-request')],
  ['TLS + sockets + streams', inUrl('node:_tls', 'node:tls', 'node:net', 'stream_base_commons', 'internal/streams', 'node:stream')],
];

export interface Breakdown {
  totalMs: number;
  stages: Array<{ stage: string; ms: number; share: number }>;
}

export function profileBreakdown(path: string): Breakdown {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = stageOf.get(id);
    if (known) return known;
    const stack: ProfileNode['callFrame'][] = []; // leaf first
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
    const leaf = stack[0]!.functionName;
    let stage: string | undefined = ['(idle)', '(garbage collector)', '(program)'].includes(leaf) ? leaf : undefined;
    for (const [name, matches] of stage ? [] : APPLICATION) if (stack.some((f) => matches(f.url, f.functionName))) { stage = name; break; }
    for (const frame of stage ? [] : stack) {
      stage = INFRASTRUCTURE.find(([, matches]) => matches(frame.url, frame.functionName))?.[0];
      if (stage) break;
    }
    stage ??= stack.some((f) => f.url.includes('/libs/shipping/')) ? 'shipping (other)' : `other (${leaf || 'anonymous'})`;
    stageOf.set(id, stage);
    return stage;
  };
  const ms = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const stage = classify(id);
    ms.set(stage, (ms.get(stage) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  ms.delete('(idle)');
  // Small "other (...)" buckets are merged so the table stays readable.
  const totalMs = [...ms.values()].reduce((sum, value) => sum + value, 0);
  let rest = 0;
  for (const [stage, value] of ms) if (stage.startsWith('other (') && value / totalMs < 0.01) { rest += value; ms.delete(stage); }
  if (rest > 0) ms.set('other (each < 1 %)', rest);
  const stages = [...ms].map(([stage, value]) => ({ stage, ms: value, share: value / totalMs })).sort((a, b) => b.ms - a.ms);
  return { totalMs, stages };
}

export function formatBreakdown(title: string, breakdown: Breakdown, creates: number): string {
  const lines = [`${title}: ${breakdown.totalMs.toFixed(0)} ms of CPU (idle excluded) for ${creates} creates = ${(breakdown.totalMs / creates).toFixed(2)} ms per create`];
  for (const { stage, ms, share } of breakdown.stages) {
    lines.push(`  ${(share * 100).toFixed(1).padStart(5)} %  ${(ms / creates * 1000).toFixed(0).padStart(5)} µs/create  ${stage}`);
  }
  return lines.join('\n');
}

if (require.main === module) {
  const [path, creates] = process.argv.slice(2);
  if (!path) throw new Error('usage: profile-breakdown.ts <file.cpuprofile> [creates]');
  console.log(formatBreakdown(path, profileBreakdown(path), Number(creates ?? 1)));
}
