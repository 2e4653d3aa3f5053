import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import type { Database } from '@shipledger/database';
import type { EventStore, Position } from '@shipledger/event-store';
import { readModelSchema, rebuildSchemaOf, type Projector } from './projector';
import { applyEvents, assertProjectorName } from './apply-events';
import { lockCheckpoint, saveCheckpoint } from './projection-checkpoints';
import { replaceParkedEvents, type PendingPark } from './parked-events';
import { applyOrPark, isTransientFailure } from './poison-events';
import { migrateProjectionsSchema, runMigrations } from './projections-schema';
import { claimRebuild, heartbeatRebuild, releaseRebuild } from './rebuild-claims';
import { dropSchema, recreateSchema, swapSchemas } from './schema-swap';

export interface RebuildProgress {
  phase: 'counting' | 'replaying' | 'swapped';
  /** Events read so far (handled or not). */
  processed: number;
  /** Events in the store when counting finished; undefined when counting was skipped. */
  total: number | undefined;
  position: Position | undefined;
}

export interface RebuildOptions {
  database: Database;
  eventStore: EventStore;
  projector: Projector;
  /** Events per transaction. Default 1000. */
  batchSize?: number;
  /** Count the events first so progress has a total (one extra read of the store). Default true. */
  countTotal?: boolean;
  onProgress?: (progress: RebuildProgress) => void;
  signal?: AbortSignal;
  /** Tries of an event that fails alone before it is parked; the first retry waits retryBaseMs. Default 3 / 200. */
  maxAttempts?: number;
  retryBaseMs?: number;
}

export interface RebuildResult {
  position: Position | undefined;
  events: number;
  durationMs: number;
  /** Events the rebuilt model could not apply: parked, in place of the live model's parked list. */
  parked: number;
}

/**
 * Rebuilds a read model beside the live one: migrations and a replay from position 0 into
 * `<schema>_rebuild`, then — in the transaction that applies the last batch, holding the live
 * checkpoint's row lock so the live projector is paused — the swap of the two schemas and the move of
 * the checkpoint. Readers keep using the live schema name throughout.
 *
 * An event the projector cannot apply does not abort the rebuild: its batch is applied in halves, the
 * event is tried `maxAttempts` times and then set aside; at the swap, the events set aside replace the
 * projector's parked list (they describe the tables swapped in).
 */
export async function rebuildProjector(options: RebuildOptions): Promise<RebuildResult> {
  const { database, eventStore, projector, onProgress, signal } = options;
  assertProjectorName(projector.name);
  const db: Kysely<ProjectionsTables> = database.kysely;
  const batchSize = options.batchSize ?? 1000;
  const live = readModelSchema(projector.name);
  const target = rebuildSchemaOf(live);
  const owner = `${hostname()}/${process.pid}/${randomUUID()}`;
  const started = Date.now();

  await migrateProjectionsSchema(db);
  await claimRebuild(db, projector.name, owner);
  let swapped = false;
  const parked: PendingPark[] = [];
  const poisonTuning = { maxAttempts: options.maxAttempts ?? 3, retryBaseMs: options.retryBaseMs ?? 200, retryMaxMs: 30_000 };
  try {
    await recreateSchema(db, target);
    await runMigrations(db, target, projector.migrations);
    const total = options.countTotal === false ? undefined : await countEvents(options, owner);
    let position: Position | undefined;
    let processed = 0;
    onProgress?.({ phase: 'replaying', processed, total, position });
    while (!swapped) {
      signal?.throwIfAborted();
      const events = await eventStore.readAll({ after: position, maxCount: batchSize });
      const next = events.length > 0 ? events[events.length - 1]!.position : position;
      const mayBeLast = events.length < batchSize;
      const batch = async (trx: Kysely<ProjectionsTables>): Promise<boolean> => {
        // Only the attempt to finish pauses the live projector; bulk batches leave it running.
        const liveCheckpoint = mayBeLast ? await lockCheckpoint(trx, projector.name) : undefined;
        await applyEvents(trx, projector, target, events);
        const caughtUpWithLive =
          liveCheckpoint?.position === undefined || (next !== undefined && next >= liveCheckpoint.position);
        if (mayBeLast && caughtUpWithLive) {
          await swapSchemas(trx, live, target);
          await saveCheckpoint(trx, projector.name, projector.version, next);
          await replaceParkedEvents(trx, projector.name, parked);
          await releaseRebuild(trx, projector.name, owner);
          return true;
        }
        await heartbeatRebuild(trx, projector.name, owner, { position: next, processed: processed + events.length, total });
        return false;
      };
      try {
        swapped = await db.transaction().execute(batch);
      } catch (error) {
        if (events.length === 0 || isTransientFailure(error) || signal?.aborted) throw error;
        // A poison event in the batch: apply it in halves, set the event aside, and swap on the next round.
        await applyOrPark(
          events,
          {
            apply: (run) => db.transaction().execute((trx) => applyEvents(trx, projector, target, run)),
            park: async (event, attempts, cause) => {
              parked.push({ event, attempts, error: cause });
            },
          },
          poisonTuning,
          signal,
        );
      }
      processed += events.length;
      position = next;
      onProgress?.({ phase: swapped ? 'swapped' : 'replaying', processed, total, position });
    }
    return { position, events: processed, durationMs: Date.now() - started, parked: parked.length };
  } finally {
    if (!swapped) {
      await dropSchema(db, target).catch(() => undefined);
      await releaseRebuild(db, projector.name, owner).catch(() => undefined);
    }
  }
}

async function countEvents(options: RebuildOptions, owner: string): Promise<number> {
  const { database, eventStore, projector, onProgress, signal } = options;
  const page = 5000;
  let count = 0;
  let after: Position | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const events = await eventStore.readAll({ after, maxCount: page });
    count += events.length;
    onProgress?.({ phase: 'counting', processed: count, total: undefined, position: undefined });
    await heartbeatRebuild(database.kysely, projector.name, owner, { position: undefined, processed: 0, total: undefined });
    if (events.length < page) return count;
    after = events[events.length - 1]!.position;
  }
}
