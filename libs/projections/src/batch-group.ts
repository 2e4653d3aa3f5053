import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@shipledger/event-store';
import type { ProjectionsTables } from './projections-tables';
import { readModelSchema, type Projector } from './projector';
import { applyEvents, applyLiveBatch, searchPath } from './apply-events';
import { CheckpointMovedError, type ProjectionCheckpoint } from './projection-checkpoints';
import { PROJECTIONS_SCHEMA } from './projections-schema';

interface Member {
  projector: Projector;
  expected: Pick<ProjectionCheckpoint, 'version' | 'position'>;
  events: readonly RecordedEvent[];
  /** Where the checkpoint moves: past `events`, or past events the projector skipped (events empty). */
  through: string;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Projectors that stand at the same position apply the same batch (the SharedReader hands each of them
 * the same array): once caught up, that is every projector after every append. Instead of one
 * transaction per projector (begin, lock, search_path, writes, checkpoint, commit — five statements of
 * overhead each), the batches submitted for one array in the same turn of the event loop commit in one
 * transaction: one begin, one statement locking every member's checkpoint row, each member's writes in
 * its own schema, one statement saving every checkpoint, one commit. The read models, checkpoints and
 * their invariants stay per projector; only the transaction is shared.
 *
 * If the shared transaction fails for any reason (one member's event throws, a checkpoint moved, a
 * transient error), nothing of it committed, and each member is applied again alone with
 * applyLiveBatch: the member whose batch fails gets exactly the error it would have got alone (its
 * runner bisects, retries and parks as usual), the others commit their batch. A batch submitted alone
 * (a projector catching up on its own, a bisected run) takes the single path at once.
 */
export class BatchGroups {
  private readonly pending = new Map<readonly RecordedEvent[], Member[]>();

  constructor(private readonly db: Kysely<ProjectionsTables>) {}

  /**
   * Applies `events` to `projector`'s live tables and moves its checkpoint to `through`, alone or in one
   * transaction with the other projectors that submit the same `read` (the array the SharedReader
   * returned) in this turn of the event loop. `events` is `read` itself, or empty when the projector
   * only stores how far it skipped.
   */
  apply(
    projector: Projector,
    expected: Pick<ProjectionCheckpoint, 'version' | 'position'>,
    events: readonly RecordedEvent[],
    through: string,
    read: readonly RecordedEvent[] = events,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let members = this.pending.get(read);
      if (!members) {
        members = [];
        this.pending.set(read, members);
        // Every runner awaiting the same read resumes in the same microtask run: they have all
        // submitted by the time the event loop reaches this.
        setImmediate(() => void this.flush(read));
      }
      members.push({ projector, expected: { version: expected.version, position: expected.position }, events, through, resolve, reject });
    });
  }

  private async flush(key: readonly RecordedEvent[]): Promise<void> {
    const members = this.pending.get(key) ?? [];
    this.pending.delete(key);
    if (members.length > 1) {
      try {
        await applyLiveBatches(this.db, members);
        for (const member of members) member.resolve();
        return;
      } catch {
        // Rolled back as a whole: each member alone below, so each gets its own outcome.
      }
    }
    await Promise.all(
      members.map((member) =>
        applyLiveBatch(this.db, member.projector, member.expected, member.events, member.through).then(member.resolve, member.reject),
      ),
    );
  }
}

/**
 * Several projectors' batches (distinct projectors) in one transaction, each with the invariant of
 * applyLiveBatch: a member's rows and checkpoint commit only if its checkpoint is still what its runner
 * last saw, checked under the row lock taken before any write.
 *
 * Lock order: every checkpoint row is locked by the first statement, in name order (ORDER BY under FOR
 * UPDATE locks the rows as the sorted scan returns them), before any read-model table is touched. Two
 * shared transactions therefore lock in the same order, and one that waits for a row holds only rows
 * that sort before it and no table lock, so a single batch or a rebuild swap (which lock one row first,
 * then their tables) never deadlocks with it.
 */
export async function applyLiveBatches(
  db: Kysely<ProjectionsTables>,
  members: ReadonlyArray<Pick<Member, 'projector' | 'expected' | 'events' | 'through'>>,
): Promise<void> {
  const sorted = [...members].sort((a, b) => (a.projector.name < b.projector.name ? -1 : 1));
  const names = sorted.map((m) => m.projector.name);
  const first = readModelSchema(names[0]!);
  await db.transaction().execute(async (trx) => {
    // The lock's statement also sets search_path for the first member (the same value on every row).
    const { rows } = await sql<{ name: string; version: number; position: string | null }>`
      select name, version, position, set_config('search_path', ${searchPath(first)}, true) as search_path
      from ${sql.id(PROJECTIONS_SCHEMA, 'projection_checkpoints')}
      where name in (${sql.join(names)})
      order by name
      for update`.execute(trx);
    const locked = new Map(rows.map((row) => [row.name, row]));
    for (const [index, member] of sorted.entries()) {
      const current = locked.get(member.projector.name);
      if (!current || Number(current.version) !== member.expected.version || (current.position ?? undefined) !== member.expected.position) {
        throw new CheckpointMovedError(member.projector.name);
      }
      if (member.events.length === 0) continue;
      await applyEvents(trx, member.projector, readModelSchema(member.projector.name), member.events, index === 0);
    }
    const values = sorted.map((m) => sql`(${m.projector.name}, ${m.expected.version}::integer, ${m.through})`);
    await sql`
      update ${sql.id(PROJECTIONS_SCHEMA, 'projection_checkpoints')} as c
      set version = v.version, position = v.position, updated_at = now()
      from (values ${sql.join(values)}) as v (name, version, position)
      where c.name = v.name`.execute(trx);
  });
}
