import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '@shipledger/database';
import type { EventStore, Position } from '@shipledger/event-store';
import { readModelSchema, type Projector } from './projector';
import { applyEvents, assertProjectorName } from './apply-events';
import { lockCheckpoint, saveCheckpoint } from './projection-checkpoints';
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
}

export interface RebuildResult {
  position: Position | undefined;
  events: number;
  durationMs: number;
}

/**
 * Rebuilds a read model beside the live one: migrations and a replay from position 0 into
 * `<schema>_rebuild`, then — in the transaction that applies the last batch, holding the live
 * checkpoint's row lock so the live projector is paused — the swap of the two schemas and the move of
 * the checkpoint. Readers keep using the live schema name throughout.
 */
export async function rebuildProjector(options: RebuildOptions): Promise<RebuildResult> {
  const { database, eventStore, projector, onProgress, signal } = options;
  assertProjectorName(projector.name);
  const db = database.kysely;
  const batchSize = options.batchSize ?? 1000;
  const live = readModelSchema(projector.name);
  const target = `${live}_rebuild`;
  const owner = `${hostname()}/${process.pid}/${randomUUID()}`;
  const started = Date.now();

  await migrateProjectionsSchema(db);
  await claimRebuild(db, projector.name, owner);
  let swapped = false;
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
      swapped = await db.transaction().execute(async (trx) => {
        // Only the attempt to finish pauses the live projector; bulk batches leave it running.
        const liveCheckpoint = mayBeLast ? await lockCheckpoint(trx, projector.name) : undefined;
        await applyEvents(trx, projector, target, events);
        const caughtUpWithLive =
          liveCheckpoint?.position === undefined || (next !== undefined && next >= liveCheckpoint.position);
        if (mayBeLast && caughtUpWithLive) {
          await swapSchemas(trx, live, target);
          await saveCheckpoint(trx, projector.name, projector.version, next);
          await releaseRebuild(trx, projector.name, owner);
          return true;
        }
        await heartbeatRebuild(trx, projector.name, owner, { position: next, processed: processed + events.length, total });
        return false;
      });
      processed += events.length;
      position = next;
      onProgress?.({ phase: swapped ? 'swapped' : 'replaying', processed, total, position });
    }
    return { position, events: processed, durationMs: Date.now() - started };
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
