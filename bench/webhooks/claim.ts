/**
 * npm run bench:webhook-claim — what one claim of the webhook sender costs as the number of tenants with
 * pending deliveries grows (tenants whose receivers fail keep deliveries pending for their retries).
 * For 1, 101, 1,101 and 5,101 such tenants (one busy tenant with 20,000 due deliveries, the others with one
 * due and one waiting for its retry each, all in a fresh database on the local Postgres), it times claims of
 * 32 slots, 16 per tenant, end to end through DeliveryRepository.claimDue: the sender's window of
 * DELIVERY_LIMITS.claimWindow tenants against a window wider than them all (every tenant looked at, as
 * before the window), and, as the floor, a bare `SELECT 1` round trip on the same pool, the three taking
 * turns round after round. Claims are let go after each one, so every claim does the same work.
 * Env (or --name=value): BENCH_CLAIMS (claims per figure, default 60).
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createPostgresEventStore } from '@shipledger/event-store';
import { createTestDatabase } from '@shipledger/testing';
import { DELIVERY_LIMITS, webhooksContextFor } from '@shipledger/webhooks';
import { percentile } from '../shipments/latency-stats';

const flag = process.argv.find((arg) => arg.startsWith('--claims='));
const CLAIMS = Number(flag?.split('=')[1] ?? process.env.BENCH_CLAIMS ?? 60);
if (!Number.isInteger(CLAIMS) || CLAIMS < 1) throw new Error('BENCH_CLAIMS: a positive whole number');
const TENANT_STEPS = [1, 101, 1_101, 5_101];

async function main(): Promise<void> {
  console.log(`bench:webhook-claim — node ${process.version}, ${cpus().length} CPUs; ${CLAIMS} claims per figure, 32 slots, 16 per tenant`);
  const fresh = await createTestDatabase({ poolSize: 2 });
  try {
    const context = webhooksContextFor({ database: fresh.database, eventStore: createPostgresEventStore(fresh.database) });
    const deliveries = context.deliveries;
    const db = await deliveries.db();
    const now = new Date();
    // One busy tenant with 20,000 due deliveries, each of its own aggregate
    await insertPending(fresh.database.kysely, ['busy'], 20_000, now);
    let tenants = 1;
    console.log('\n| tenants with pending deliveries | floor (SELECT 1) p50 | window of 256: p50 / p99 | every tenant: p50 / p99 | every tenant / window |');
    console.log('|---|---|---|---|---|');
    for (const step of TENANT_STEPS) {
      // The others: one due delivery each (so every claim, windowed or not, fills its 32 slots and does the
      // same writes), and one failing delivery each, waiting for its retry in an hour
      const more = Array.from({ length: step - tenants }, () => `T${randomUUID().replace(/-/g, '').slice(0, 16)}`);
      await insertPending(fresh.database.kysely, more, 1, now);
      await insertPending(fresh.database.kysely, more, 1, new Date(now.getTime() + 3_600_000));
      tenants = step;
      await sql`ANALYZE webhooks.deliveries`.execute(fresh.database.kysely);
      let after = '';
      const [floor, windowed, everyone] = await timedSideBySide([
        async () => { await sql`SELECT 1`.execute(db); },
        async () => {
          const claim = await deliveries.claimDue(now, 32, 60_000, 16, { after, size: DELIVERY_LIMITS.claimWindow });
          after = claim.nextAfter;
          await letGo(db, claim.deliveries.map((delivery) => delivery.delivery_id));
        },
        async () => {
          const claim = await deliveries.claimDue(now, 32, 60_000, 16, { after: '', size: 1_000_000 });
          await letGo(db, claim.deliveries.map((delivery) => delivery.delivery_id));
        },
      ]) as [Figures, Figures, Figures];
      console.log(`| ${step.toLocaleString('en')} | ${ms(floor.p50)} | ${ms(windowed.p50)} / ${ms(windowed.p99)} | ${ms(everyone.p50)} / ${ms(everyone.p99)} | ${(everyone.p50 / windowed.p50).toFixed(2)} |`);
    }
    console.log('\n(each claim also lets its rows go again: one UPDATE, in both columns alike)');
  } finally {
    await fresh.drop();
  }
}

/** Bulk rows straight into the table (the repository's enqueue takes one batch of messages, not this many). */
async function insertPending(db: Kysely<any>, tenants: readonly string[], perTenant: number, due: Date): Promise<void> {
  for (const tenant of tenants) {
    for (let start = 0; start < perTenant; start += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, perTenant - start) }, () => {
        const id = randomUUID();
        return {
          delivery_id: id, tenant_id: tenant, config_id: `cfg-${tenant}`, event_id: id, replay_id: '', source_event_id: id, source_position: '1',
          trigger: 'booked', aggregate_type: 'shipment', aggregate_id: `S-${id}`, aggregate_version: 1, body: '{}', occurred_at: due,
          status: 'pending', attempts: 0, next_attempt_at: due, created_at: due,
        };
      });
      await db.insertInto('webhooks.deliveries').values(rows).execute();
    }
  }
}

async function letGo(db: Kysely<any>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('deliveries').set({ claim_token: null, claimed_until: null }).where('delivery_id', 'in', [...ids]).execute();
}

interface Figures { p50: number; p99: number }

/** Each kind of work in turn, round after round (so a drift of the machine falls on all alike): its p50 and p99. */
async function timedSideBySide(kinds: ReadonlyArray<() => Promise<void>>): Promise<Figures[]> {
  for (let warm = 0; warm < 5; warm += 1) for (const work of kinds) await work();
  const samples = kinds.map(() => [] as number[]);
  for (let index = 0; index < CLAIMS; index += 1) {
    for (const [kind, work] of kinds.entries()) {
      const started = performance.now();
      await work();
      samples[kind]!.push(performance.now() - started);
    }
  }
  return samples.map((times) => {
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  });
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
