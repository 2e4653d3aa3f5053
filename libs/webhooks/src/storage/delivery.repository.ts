import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PREPARED_MARK, type Database } from '@shipledger/database';
import { DELIVERY_LIMITS, type AggregateType, type AttemptOutcome, type DeliveryStatus } from '../domain';
import { webhooksTables } from './webhooks-schema';
import type { WebhooksTables } from './webhooks-database';

/** The claim runs several times a second per worker: prepared once per Postgres connection (libs/database). */
const PREPARED = sql.raw(PREPARED_MARK);

/** A message to enqueue: one trigger of one event for one configuration. */
export interface NewDelivery {
  tenant_id: string;
  config_id: string;
  event_id: string;
  /** '' for the reactor's own delivery; a replay's id for a replayed copy. */
  replay_id: string;
  source_event_id: string;
  source_position: string;
  trigger: string;
  aggregate_type: AggregateType;
  aggregate_id: string;
  aggregate_version: number;
  body: string;
  occurred_at: string;
}

export interface ClaimedDelivery extends NewDelivery {
  delivery_id: string;
  attempts: number;
  claim_token: string;
}

export interface FinishedAttempt {
  delivery: ClaimedDelivery;
  startedAt: Date;
  durationMs: number;
  url: string;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  outcome: AttemptOutcome;
  nextRetryAt: Date | null;
  finishedAt: Date;
}

export interface AttemptFilter {
  tenantId: string;
  /** Only these configurations (the ones the caller may see). */
  configIds: readonly string[];
  outcome?: string;
  trigger?: string;
  aggregateType?: 'shipment' | 'order';
  aggregateId?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export interface AttemptRow {
  attempt_id: string;
  delivery_id: string;
  config_id: string;
  attempted_at: string;
  attempt: number;
  trigger: string;
  event_id: string;
  aggregate_type: string;
  aggregate_id: string;
  aggregate_version: number;
  replay_id: string | null;
  url: string;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
  outcome: string;
  next_retry_at: string | null;
}

/** Which tenants one claim looks at: at most `size`, starting just after `after` ('' = the first one). */
export interface ClaimWindow {
  after: string;
  size: number;
}

export const FIRST_WINDOW: ClaimWindow = { after: '', size: DELIVERY_LIMITS.claimWindow };

/** What a claim took, and where the next claim's window starts. */
export interface Claim {
  deliveries: ClaimedDelivery[];
  nextAfter: string;
}

/** webhooks.deliveries (the outbox) and webhooks.delivery_attempts (the log). */
export class DeliveryRepository {
  constructor(private readonly database: Database) {}

  db(): Promise<Kysely<WebhooksTables>> {
    return webhooksTables(this.database);
  }

  /**
   * Inserts the messages due at `at`; a message already there (same configuration, event id and replay
   * id) is left alone, so a reactor that handles an event twice enqueues it once. Answers how many rows
   * are new.
   */
  async enqueue(deliveries: readonly NewDelivery[], at: Date): Promise<number> {
    if (deliveries.length === 0) return 0;
    const db = await this.db();
    const result = await db.insertInto('deliveries')
      .values(deliveries.map((d) => ({
        ...d, delivery_id: randomUUID(), status: 'pending', attempts: 0, next_attempt_at: at, created_at: at,
      })))
      .onConflict((conflict) => conflict.columns(['config_id', 'event_id', 'replay_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * Claims up to `limit` deliveries due at `now` for `leaseMs`, at most `perTenant` of any one tenant in
   * flight, looking at the tenants of one window only.
   * Invariants: (1) a delivery is sent by one sender at a time — the row lock (FOR UPDATE SKIP LOCKED)
   * makes concurrent claims pick disjoint rows, and a claimed row carries `claimed_until` in the future,
   * which later claims skip until the lease runs out (a crashed sender's claim expires; the next sender
   * re-sends that one attempt with the same event id). (2) deliveries of one aggregate to one
   * configuration go out in order — a row is claimable only while no earlier row (lower seq) of the same
   * (configuration, aggregate) is still pending, whether it waits for a retry or is being sent.
   * (3) one tenant cannot take every slot — a tenant with `perTenant` deliveries claimed and unfinished
   * gets no more until one finishes, so a receiver that hangs, or a replay of thousands, holds at most
   * that many; the other slots go to the other tenants, oldest due first. Exactly, across workers: claims
   * take one transaction lock in turn, so each counts the claims of the one before it, committed.
   * (4) bounded work — the tenants with pending deliveries are walked by a loose index scan (one probe
   * each on deliveries_pending_by_tenant) from just after `window.after`, wrapping round once, and at most
   * `window.size` of them are looked at; each one's oldest claimable delivery costs one more probe, and
   * only the `limit` tenants whose oldest is oldest are read further, at most their room each. The answer
   * says where the next window starts, so successive claims rotate through any number of tenants.
   */
  async claimDue(now: Date, limit: number, leaseMs: number, perTenant: number, window: ClaimWindow = FIRST_WINDOW): Promise<Claim> {
    const db = await this.db();
    return db.transaction().execute(async (trx) => {
      await sql`${PREPARED} SELECT pg_advisory_xact_lock(hashtextextended('webhooks.deliveries:claim', 0))`.execute(trx);
      const tenants = await this.tenantWindow(trx, window);
      if (tenants.length === 0) return { deliveries: [], nextAfter: '' };
      const nextAfter = tenants.length < window.size ? '' : tenants[tenants.length - 1]!;
      const token = randomUUID();
      const until = new Date(now.getTime() + leaseMs);
      // A delivery is claimable when due, not under a live claim, and first in its (configuration, aggregate) queue.
      const claimable = (alias: string) => sql`
        ${sql.ref(`${alias}.status`)} = 'pending' AND ${sql.ref(`${alias}.next_attempt_at`)} <= ${now}
        AND (${sql.ref(`${alias}.claimed_until`)} IS NULL OR ${sql.ref(`${alias}.claimed_until`)} <= ${now})
        AND NOT EXISTS (
          SELECT 1 FROM webhooks.deliveries e
          WHERE e.config_id = ${sql.ref(`${alias}.config_id`)} AND e.aggregate_id = ${sql.ref(`${alias}.aggregate_id`)}
            AND e.status = 'pending' AND e.seq < ${sql.ref(`${alias}.seq`)})`;
      const result = await sql<ClaimedDelivery>`${PREPARED}
        WITH heads AS (
          SELECT t.tenant_id, head.next_attempt_at, head.seq, ${perTenant}::int - busy.n AS room
          FROM unnest(${tenants}::text[]) AS t(tenant_id)
          CROSS JOIN LATERAL (
            SELECT count(*)::int AS n FROM webhooks.deliveries b
            WHERE b.tenant_id = t.tenant_id AND b.status = 'pending' AND b.claim_token IS NOT NULL AND b.claimed_until > ${now}) busy
          CROSS JOIN LATERAL (
            SELECT h.seq, h.next_attempt_at FROM webhooks.deliveries h
            WHERE h.tenant_id = t.tenant_id AND ${claimable('h')}
            ORDER BY h.next_attempt_at, h.seq LIMIT 1) head
          WHERE busy.n < ${perTenant}::int
        ), chosen AS (
          SELECT tenant_id, room FROM heads ORDER BY next_attempt_at, seq LIMIT ${limit}
        ), picked AS (
          SELECT c.seq, c.next_attempt_at FROM chosen
          CROSS JOIN LATERAL (
            SELECT d.seq, d.next_attempt_at FROM webhooks.deliveries d
            WHERE d.tenant_id = chosen.tenant_id AND ${claimable('d')}
            ORDER BY d.next_attempt_at, d.seq LIMIT chosen.room
            FOR UPDATE SKIP LOCKED) c
        )
        UPDATE webhooks.deliveries SET claim_token = ${token}, claimed_until = ${until}
        WHERE seq IN (SELECT seq FROM picked ORDER BY next_attempt_at, seq LIMIT ${limit})
        RETURNING delivery_id, tenant_id, config_id, event_id, replay_id, source_event_id, source_position, trigger,
          aggregate_type, aggregate_id, aggregate_version, body, occurred_at, attempts, claim_token`.execute(trx);
      const deliveries = result.rows.map((row) => ({ ...row, occurred_at: new Date(row.occurred_at).toISOString(), attempts: Number(row.attempts) }));
      return { deliveries, nextAfter };
    });
  }

  /**
   * Up to `window.size` tenants with pending deliveries, in the order a claim looks at them: those after
   * `window.after`, then from the first one round to `window.after` itself. One index probe per tenant.
   */
  private async tenantWindow(trx: Kysely<WebhooksTables>, window: ClaimWindow): Promise<string[]> {
    const { rows } = await sql<{ tenant_id: string; n: number }>`${PREPARED}
      WITH RECURSIVE onward(tenant_id, n) AS (
        SELECT (SELECT min(tenant_id) FROM webhooks.deliveries WHERE status = 'pending' AND tenant_id > ${window.after}), 1
        UNION ALL
        SELECT (SELECT min(p.tenant_id) FROM webhooks.deliveries p WHERE p.status = 'pending' AND p.tenant_id > o.tenant_id), o.n + 1
        FROM onward o WHERE o.tenant_id IS NOT NULL AND o.n < ${window.size}::int
      ), found AS (
        SELECT count(tenant_id)::int AS n FROM onward
      ), round(tenant_id, n) AS (
        SELECT (SELECT min(tenant_id) FROM webhooks.deliveries WHERE status = 'pending'), found.n + 1 FROM found
        WHERE found.n < ${window.size}::int AND ${window.after} <> ''
        UNION ALL
        SELECT (SELECT min(p.tenant_id) FROM webhooks.deliveries p WHERE p.status = 'pending' AND p.tenant_id > r.tenant_id), r.n + 1
        FROM round r WHERE r.tenant_id IS NOT NULL AND r.tenant_id < ${window.after} AND r.n < ${window.size}::int
      )
      SELECT tenant_id, n FROM onward WHERE tenant_id IS NOT NULL
      UNION ALL
      SELECT tenant_id, n FROM round WHERE tenant_id IS NOT NULL AND tenant_id <= ${window.after}
      ORDER BY n`.execute(trx);
    return rows.map((row) => row.tenant_id);
  }

  /**
   * Records the attempt and moves the delivery on — only if this sender still holds the claim (its token):
   * a sender whose lease ran out (another one took the delivery over) logs its attempt but changes nothing.
   */
  async finish(attempt: FinishedAttempt): Promise<boolean> {
    const db = await this.db();
    const { delivery } = attempt;
    const status: DeliveryStatus = attempt.outcome === 'delivered' ? 'delivered' : attempt.outcome === 'failed' ? 'failed' : 'pending';
    const attemptNo = delivery.attempts + 1;
    // One statement (one round trip, atomic like a transaction): the claim-guarded update, then the log row
    // whose outcome says whether the update landed.
    const { rows } = await sql<{ outcome: string }>`
      WITH moved AS (
        UPDATE webhooks.deliveries SET status = ${status}, attempts = ${attemptNo}, next_attempt_at = ${attempt.nextRetryAt},
          claim_token = NULL, claimed_until = NULL, last_status_code = ${attempt.statusCode},
          finished_at = ${attempt.outcome === 'retrying' ? null : attempt.finishedAt}
        WHERE delivery_id = ${delivery.delivery_id} AND claim_token = ${delivery.claim_token}
        RETURNING 1)
      INSERT INTO webhooks.delivery_attempts (attempt_id, delivery_id, tenant_id, config_id, attempt_no, started_at, duration_ms, url,
        status_code, error, response_excerpt, outcome, next_retry_at)
      VALUES (${randomUUID()}, ${delivery.delivery_id}, ${delivery.tenant_id}, ${delivery.config_id}, ${attemptNo}, ${attempt.startedAt},
        ${Math.round(attempt.durationMs)}, ${attempt.url}, ${attempt.statusCode}, ${attempt.error}, ${attempt.responseExcerpt},
        CASE WHEN EXISTS (SELECT 1 FROM moved) THEN ${attempt.outcome} ELSE 'superseded' END,
        CASE WHEN EXISTS (SELECT 1 FROM moved) THEN ${attempt.nextRetryAt}::timestamptz END)
      RETURNING outcome`.execute(db);
    return rows[0]?.outcome !== 'superseded';
  }

  /** The configuration is gone or INACTIVE: the delivery will not be sent. */
  async cancel(delivery: ClaimedDelivery, at: Date): Promise<void> {
    const db = await this.db();
    await db.updateTable('deliveries').set({ status: 'cancelled', claim_token: null, claimed_until: null, next_attempt_at: null, finished_at: at })
      .where('delivery_id', '=', delivery.delivery_id).where('claim_token', '=', delivery.claim_token).execute();
  }

  /** A delivery of one configuration (for a replay of it). */
  async findDelivery(tenantId: string, configId: string, deliveryId: string): Promise<NewDelivery | undefined> {
    const db = await this.db();
    const row = await db.selectFrom('deliveries')
      .select(['tenant_id', 'config_id', 'event_id', 'replay_id', 'source_event_id', 'source_position', 'trigger', 'aggregate_type',
        'aggregate_id', 'aggregate_version', 'body', 'occurred_at'])
      .where('tenant_id', '=', tenantId).where('config_id', '=', configId).where('delivery_id', '=', deliveryId)
      .executeTakeFirst();
    return row ? { ...row, aggregate_version: Number(row.aggregate_version), occurred_at: new Date(row.occurred_at).toISOString() } as NewDelivery : undefined;
  }

  /** The delivery log: attempts, newest first, one page. */
  async listAttempts(filter: AttemptFilter): Promise<AttemptRow[]> {
    if (filter.configIds.length === 0) return [];
    const db = await this.db();
    let query = db.selectFrom('delivery_attempts as a').innerJoin('deliveries as d', 'd.delivery_id', 'a.delivery_id')
      .select([
        'a.attempt_id', 'a.delivery_id', 'a.config_id', 'a.started_at', 'a.attempt_no', 'd.trigger', 'd.event_id', 'd.aggregate_type',
        'd.aggregate_id', 'd.aggregate_version', 'd.replay_id', 'a.url', 'a.status_code', 'a.duration_ms', 'a.response_excerpt',
        'a.error', 'a.outcome', 'a.next_retry_at',
      ])
      .where('a.tenant_id', '=', filter.tenantId).where('a.config_id', 'in', [...filter.configIds]);
    if (filter.outcome) query = query.where('a.outcome', '=', filter.outcome);
    if (filter.trigger) query = query.where('d.trigger', '=', filter.trigger);
    if (filter.aggregateType) query = query.where('d.aggregate_type', '=', filter.aggregateType);
    if (filter.aggregateId) query = query.where('d.aggregate_id', '=', filter.aggregateId);
    if (filter.from) query = query.where('a.started_at', '>=', new Date(filter.from));
    if (filter.to) query = query.where('a.started_at', '<', new Date(filter.to));
    const rows = await query.orderBy('a.started_at', 'desc').orderBy('a.seq', 'desc')
      .limit(filter.pageSize).offset(filter.page * filter.pageSize).execute();
    return rows.map((row) => ({
      attempt_id: row.attempt_id, delivery_id: row.delivery_id, config_id: row.config_id,
      attempted_at: new Date(row.started_at).toISOString(), attempt: Number(row.attempt_no), trigger: row.trigger, event_id: row.event_id,
      aggregate_type: row.aggregate_type, aggregate_id: row.aggregate_id, aggregate_version: Number(row.aggregate_version),
      replay_id: row.replay_id === '' ? null : row.replay_id, url: row.url,
      status_code: row.status_code === null ? null : Number(row.status_code), duration_ms: Number(row.duration_ms),
      response_excerpt: row.response_excerpt, error: row.error, outcome: row.outcome,
      next_retry_at: row.next_retry_at === null ? null : new Date(row.next_retry_at).toISOString(),
    }));
  }

  /**
   * Retention: deletes up to `limit` deliveries that finished (delivered, failed or cancelled) before
   * `before`, oldest first, with their attempts; answers how many deliveries went. One bounded statement.
   */
  async purgeFinished(before: Date, limit: number): Promise<number> {
    const db = await this.db();
    const { rows } = await sql<{ purged: string }>`
      WITH gone AS (
        DELETE FROM webhooks.deliveries WHERE seq IN (
          SELECT seq FROM webhooks.deliveries WHERE status <> 'pending' AND finished_at < ${before}
          ORDER BY finished_at LIMIT ${limit})
        RETURNING delivery_id),
      attempts AS (DELETE FROM webhooks.delivery_attempts a USING gone WHERE a.delivery_id = gone.delivery_id)
      SELECT count(*) AS purged FROM gone`.execute(db);
    return Number(rows[0]?.purged ?? 0);
  }

  /**
   * For /metrics: deliveries waiting, waiting after a failed attempt (failing), and given up on (within
   * the retention). Each count reads a partial index, never the delivered rows.
   */
  async counts(): Promise<{ pending: number; retrying: number; failed: number }> {
    const db = await this.db();
    const { rows } = await sql<{ pending: string; retrying: string; failed: string }>`
      SELECT (SELECT count(*) FROM webhooks.deliveries WHERE status = 'pending') AS pending,
             (SELECT count(*) FROM webhooks.deliveries WHERE status = 'pending' AND attempts > 0) AS retrying,
             (SELECT count(*) FROM webhooks.deliveries WHERE status = 'failed') AS failed`.execute(db);
    const row = rows[0];
    return { pending: Number(row?.pending ?? 0), retrying: Number(row?.retrying ?? 0), failed: Number(row?.failed ?? 0) };
  }
}
