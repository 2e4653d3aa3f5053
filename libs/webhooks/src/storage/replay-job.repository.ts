import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
import { webhooksTables } from './webhooks-schema';
import type { WebhooksTables } from './webhooks-database';

export type ReplayJobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ReplayJob {
  replay_id: string;
  tenant_id: string;
  config_id: string;
  from: string;
  to: string;
  status: ReplayJobStatus;
  after_position: string | null;
  scanned: number;
  enqueued: number;
  created_at: string;
  finished_at: string | null;
  error: string | null;
}

/** A job as one runner holds it: its writes count only while `claim_token` is still the job's. */
export interface ClaimedReplayJob extends ReplayJob {
  claim_token: string;
}

interface JobRow {
  replay_id: string; tenant_id: string; config_id: string; range_from: Date | string; range_to: Date | string; status: ReplayJobStatus;
  after_position: string | null; scanned: number; enqueued: number; created_at: Date | string; finished_at: Date | string | null; error: string | null;
  claim_token?: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toJob(row: JobRow): ReplayJob {
  return {
    replay_id: row.replay_id, tenant_id: row.tenant_id, config_id: row.config_id, from: iso(row.range_from), to: iso(row.range_to),
    status: row.status, after_position: row.after_position, scanned: Number(row.scanned), enqueued: Number(row.enqueued),
    created_at: iso(row.created_at), finished_at: row.finished_at === null ? null : iso(row.finished_at), error: row.error,
  };
}

/** What a runner's writes name: the job, and the claim it holds it by. */
type HeldJob = Pick<ClaimedReplayJob, 'replay_id' | 'claim_token'>;

/** webhooks.replay_jobs: replays of a time range, run by the worker. */
export class ReplayJobRepository {
  constructor(private readonly database: Database) {}

  private db(): Promise<Kysely<WebhooksTables>> {
    return webhooksTables(this.database);
  }

  /**
   * Queues a job unless its tenant already has `maxOpen` queued or running; answers undefined then, and
   * writes nothing. Invariant: a tenant never has more than `maxOpen` open jobs — concurrent creates of
   * one tenant take a transaction lock on it in turn, and each counts after the previous one committed.
   */
  async createUnlessFull(job: { replay_id: string; tenant_id: string; config_id: string; from: string; to: string }, at: Date, maxOpen: number): Promise<ReplayJob | undefined> {
    const db = await this.db();
    return db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks.replay_jobs:${job.tenant_id}`}, 0))`.execute(trx);
      const open = await trx.selectFrom('replay_jobs').select((eb) => eb.fn.countAll<string>().as('open'))
        .where('tenant_id', '=', job.tenant_id).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow();
      if (Number(open.open) >= maxOpen) return undefined;
      const row = await trx.insertInto('replay_jobs').values({
        replay_id: job.replay_id, tenant_id: job.tenant_id, config_id: job.config_id, range_from: new Date(job.from), range_to: new Date(job.to),
        status: 'queued', created_at: at,
      }).returningAll().executeTakeFirstOrThrow() as JobRow;
      return toJob(row);
    });
  }

  async get(tenantId: string, configId: string, replayId: string): Promise<ReplayJob | undefined> {
    const db = await this.db();
    const row = await db.selectFrom('replay_jobs').selectAll().where('tenant_id', '=', tenantId).where('config_id', '=', configId)
      .where('replay_id', '=', replayId).executeTakeFirst() as JobRow | undefined;
    return row ? toJob(row) : undefined;
  }

  /**
   * Takes one open job for `leaseMs`. Invariant: one runner works a job at a time — the row lock (SKIP
   * LOCKED) separates concurrent claims and `claimed_until` keeps later ones off until the lease ends; a
   * runner that died leaves its job to be resumed from `after_position` (enqueueing is idempotent). Each
   * claim writes a fresh `claim_token`, and every later write of the runner (giveUpTurn, progress, finish)
   * lands only while the token is still the job's: a runner that stalled past its lease, whose job another
   * runner took over, changes nothing and is told so (false), so it cannot free, rewind or end the job
   * under the new holder.
   * Turns: jobs run in slices (giveUpTurn); the next claim serves the tenant whose latest turn is oldest
   * (one that never had one first), then that tenant's job that waited longest, so tenants take turns
   * whatever number of jobs each has open (at most REPLAY_LIMITS.maxOpenRanges).
   */
  async claim(now: Date, leaseMs: number): Promise<ClaimedReplayJob | undefined> {
    const db = await this.db();
    const until = new Date(now.getTime() + leaseMs);
    const token = randomUUID();
    const { rows } = await sql<JobRow>`
      UPDATE webhooks.replay_jobs SET status = 'running', claimed_until = ${until}, claim_token = ${token}
      WHERE replay_id IN (
        SELECT j.replay_id FROM webhooks.replay_jobs j
        WHERE j.status IN ('queued', 'running') AND (j.claimed_until IS NULL OR j.claimed_until <= ${now})
        ORDER BY (SELECT max(o.turn) FROM webhooks.replay_jobs o WHERE o.tenant_id = j.tenant_id AND o.status IN ('queued', 'running')) NULLS FIRST,
          j.turn NULLS FIRST, j.created_at
        LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(db);
    return rows[0] ? { ...toJob(rows[0]), claim_token: token } : undefined;
  }

  /** Records the job's progress and lets it go (lease released) until its next turn; false when the runner no longer holds it. */
  async giveUpTurn(job: HeldJob, afterPosition: string | undefined, scanned: number, enqueued: number): Promise<boolean> {
    const db = await this.db();
    const result = await sql`
      UPDATE webhooks.replay_jobs SET after_position = coalesce(${afterPosition ?? null}, after_position), scanned = ${scanned},
        enqueued = ${enqueued}, claimed_until = NULL, claim_token = NULL, turn = nextval('webhooks.replay_turns')
      WHERE replay_id = ${job.replay_id} AND claim_token = ${job.claim_token}`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  /** Records the job's progress and extends the lease to `until`; false when the runner no longer holds it. */
  async progress(job: HeldJob, afterPosition: string, scanned: number, enqueued: number, until: Date): Promise<boolean> {
    const db = await this.db();
    const result = await db.updateTable('replay_jobs').set({ after_position: afterPosition, scanned, enqueued, claimed_until: until })
      .where('replay_id', '=', job.replay_id).where('claim_token', '=', job.claim_token).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends the job; false (and nothing changed) when the runner no longer holds it. */
  async finish(job: HeldJob, status: 'done' | 'failed', at: Date, error: string | null = null): Promise<boolean> {
    const db = await this.db();
    const result = await db.updateTable('replay_jobs').set({ status, finished_at: at, claimed_until: null, claim_token: null, error })
      .where('replay_id', '=', job.replay_id).where('claim_token', '=', job.claim_token).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes up to `limit` jobs that finished (done or failed) before `before`, oldest first; answers how many. */
  async purgeFinished(before: Date, limit: number): Promise<number> {
    const db = await this.db();
    const { rows } = await sql<{ purged: string }>`
      WITH gone AS (
        DELETE FROM webhooks.replay_jobs WHERE replay_id IN (
          SELECT replay_id FROM webhooks.replay_jobs WHERE status IN ('done', 'failed') AND finished_at < ${before}
          ORDER BY finished_at LIMIT ${limit})
        RETURNING replay_id)
      SELECT count(*) AS purged FROM gone`.execute(db);
    return Number(rows[0]?.purged ?? 0);
  }
}
