import { sql, type Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema, rebuildSchemaOf, type Projector } from './projector';
import { CheckpointMovedError, lockCheckpoint, saveCheckpoint, type ProjectionCheckpoint } from './projection-checkpoints';
import { parkEvent } from './parked-events';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Projector names become schema names (`rm_…`, `rm_…_rebuild`): keep them kebab-case and short. */
export function assertProjectorName(name: string): void {
  if (!NAME.test(name) || rebuildSchemaOf(readModelSchema(name)).length > 63) {
    throw new Error(`projector name "${name}" must be kebab-case and at most 52 characters`);
  }
}

/**
 * Applies the handled events of `events`, in order, to the tables in `schema`, inside `trx`: in one
 * `applyBatch` call when the projector has it, else one `apply` per event. The projector gets
 * `trx.withSchema(schema)`; search_path is set for the transaction too, so raw `sql`
 * with unqualified names lands in the same schema.
 */
export async function applyEvents(
  trx: Kysely<ProjectionsTables>,
  projector: Projector,
  schema: string,
  events: readonly RecordedEvent[],
  /** The caller set search_path already (applyLiveBatch does it with its checkpoint lock). */
  searchPathSet = false,
): Promise<void> {
  if (!searchPathSet) await sql`select set_config('search_path', ${searchPath(schema)}, true)`.execute(trx);
  const scoped = trx.withSchema(schema);
  const handled = new Set(projector.handles);
  const handledEvents = events.filter((event) => handled.has(event.type));
  if (handledEvents.length === 0) return;
  if (projector.applyBatch) return projector.applyBatch(scoped, handledEvents);
  for (const event of handledEvents) await projector.apply(scoped, event);
}

/** A read model's search_path: its schema, then public. */
export const searchPath = (schema: string) => `"${schema}", public`;

/**
 * One batch of the live projector: its rows and its checkpoint in one transaction, so the tables always
 * hold exactly the events up to the checkpoint.
 *
 * Invariant: the batch commits only if the checkpoint is still (version, position) as this runner last
 * saw it — checked under the row lock taken before any write. Another runner of the same projector or
 * a rebuild swap that got there first makes this one roll back (CheckpointMovedError) and reload, so no
 * event is ever applied twice or skipped, whatever the number of worker processes.
 */
export async function applyLiveBatch(
  db: Kysely<ProjectionsTables>,
  projector: Projector,
  expected: Pick<ProjectionCheckpoint, 'version' | 'position'>,
  events: readonly RecordedEvent[],
  /** Where the checkpoint moves: the last event's position unless given (events the batch skipped). */
  through: string | undefined = events[events.length - 1]?.position,
): Promise<void> {
  if (!through) return;
  const schema = readModelSchema(projector.name);
  await db.transaction().execute(async (trx) => {
    // The lock's statement sets the batch's search_path too: one round trip fewer per batch.
    const current = await lockCheckpoint(trx, projector.name, searchPath(schema));
    if (!current || current.version !== expected.version || current.position !== expected.position) {
      throw new CheckpointMovedError(projector.name);
    }
    if (events.length > 0) await applyEvents(trx, projector, schema, events, true);
    await saveCheckpoint(trx, projector.name, expected.version, through);
  });
}

/**
 * The live projector gives up on `event`: the parked row and the checkpoint moved past the event commit
 * together (under the same row lock and check as a batch), so the event is either parked or still
 * ahead, never lost.
 */
export async function parkLiveEvent(
  db: Kysely<ProjectionsTables>,
  projector: Projector,
  expected: Pick<ProjectionCheckpoint, 'version' | 'position'>,
  event: RecordedEvent,
  attempts: number,
  error: unknown,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await lockCheckpoint(trx, projector.name);
    if (!current || current.version !== expected.version || current.position !== expected.position) {
      throw new CheckpointMovedError(projector.name);
    }
    await parkEvent(trx, { kind: 'projector', name: projector.name }, event, attempts, error);
    await saveCheckpoint(trx, projector.name, expected.version, event.position);
  });
}
