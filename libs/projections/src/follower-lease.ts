import { sql, type Kysely } from 'kysely';
import { pause } from '@shipledger/event-store';
import type { ProjectionsTables } from './projections-tables';
import { PROJECTIONS_SCHEMA } from './projections-schema';

/** This process no longer holds the lease (it expired and another worker took it). */
export class LeaseLostError extends Error {
  constructor(readonly follower: string) {
    super(`lease on ${follower} lost to another worker`);
    this.name = 'LeaseLostError';
  }
}

/**
 * Which worker runs a projector or reactor. Several workers on one Postgres share the followers this
 * way: each runs the ones it holds the lease of and waits on the rest, taking over within `ttlMs` of
 * a holder that died (at once when it closed cleanly). Projectors would stay exactly-once without it
 * (their checkpoint check) — the lease saves the duplicate work, and saves reactors duplicate effects.
 */
export class FollowerLease {
  private renewedAt = 0;

  constructor(
    private readonly db: Kysely<ProjectionsTables>,
    private readonly key: string,
    private readonly owner: string,
    private readonly ttlMs: number,
  ) {}

  /**
   * Takes or renews the lease; false when another live holder has it.
   *
   * Invariant: at most one unexpired owner per key. The upsert updates an existing row only if this
   * process already owns it or it has expired, and ON CONFLICT locks the row, so of two concurrent
   * claimants exactly one gets a row back.
   */
  async acquire(): Promise<boolean> {
    const row = await this.db
      .withSchema(PROJECTIONS_SCHEMA)
      .insertInto('follower_leases')
      .values({ name: this.key, owner: this.owner, expires_at: this.expiry() })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ owner: this.owner, expires_at: this.expiry() })
          .where(sql<boolean>`follower_leases.owner = ${this.owner} or follower_leases.expires_at < now()`),
      )
      .returning('owner')
      .executeTakeFirst();
    if (row) this.renewedAt = Date.now();
    return row !== undefined;
  }

  /** Renews when a third of the time to live has gone by; throws LeaseLostError if it was taken. */
  async keep(): Promise<void> {
    if (Date.now() - this.renewedAt < this.ttlMs / 3) return;
    if (!(await this.acquire())) throw new LeaseLostError(this.key);
  }

  async release(): Promise<void> {
    this.renewedAt = 0;
    await this.db
      .withSchema(PROJECTIONS_SCHEMA)
      .deleteFrom('follower_leases')
      .where('name', '=', this.key)
      .where('owner', '=', this.owner)
      .execute();
  }

  private expiry() {
    return sql<Date>`now() + make_interval(secs => ${this.ttlMs / 1000})`;
  }
}

/** Unexpired leases by key (`projector:<name>`, `reactor:<name>`) → owner (host/pid/id). */
export async function readLiveLeases(db: Kysely<ProjectionsTables>): Promise<Map<string, string>> {
  const rows = await db
    .withSchema(PROJECTIONS_SCHEMA)
    .selectFrom('follower_leases')
    .select(['name', 'owner'])
    .where(sql<boolean>`expires_at > now()`)
    .execute();
  return new Map(rows.map((r: any) => [r.name as string, r.owner as string]));
}

/**
 * Waits until this process holds `lease` (true) or `signal` aborts (false), calling `whileWaiting` on
 * each round so the follower's progress can mirror the holder's checkpoint.
 */
export async function waitForLease(
  lease: FollowerLease,
  signal: AbortSignal,
  pollMs: number,
  whileWaiting: () => Promise<void>,
): Promise<boolean> {
  while (!signal.aborted) {
    if (await lease.acquire()) return true;
    await whileWaiting();
    await pause(pollMs, signal);
  }
  return false;
}
