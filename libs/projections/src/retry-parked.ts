import type { Database } from '@shipledger/database';
import type { Kysely } from 'kysely';
import type { ProjectionsTables } from './projections-tables';
import type { EventStore } from '@shipledger/event-store';
import { readModelSchema, type Projector, type Reactor } from './projector';
import { applyEvents } from './apply-events';
import { lockCheckpoint } from './projection-checkpoints';
import { listParkedEvents, recordFailedRetry, unparkEvent } from './parked-events';
import { PROJECTIONS_SCHEMA } from './projections-schema';

export interface RetryParkedOutcome {
  eventId: string;
  /** missing: the event is no longer in its stream; skipped: a previous retry in this run applied it. */
  outcome: 'handled' | 'failed' | 'missing' | 'skipped';
  error?: string;
}

/**
 * Hands a reactor its parked events again, oldest first. Those it handles leave the parked list; the
 * ones that fail again stay, with one more attempt and the new error. The event is read back from its
 * stream by revision, so what the reactor gets is exactly what it was given the first time.
 */
export async function retryParkedEvents(options: {
  database: Database;
  eventStore: EventStore;
  reactor: Reactor;
}): Promise<RetryParkedOutcome[]> {
  const { database, eventStore, reactor } = options;
  const outcomes: RetryParkedOutcome[] = [];
  for (const entry of await listParkedEvents(database.kysely, reactor.name)) {
    if (entry.kind !== 'reactor') continue;
    const [event] = await eventStore.readStream(entry.streamId, { fromRevision: entry.revision, maxCount: 1 });
    if (!event || event.id !== entry.eventId) {
      outcomes.push({ eventId: entry.eventId, outcome: 'missing' });
      continue;
    }
    try {
      await reactor.handle(event);
      await unparkEvent(database.kysely, 'reactor', reactor.name, entry.eventId);
      outcomes.push({ eventId: entry.eventId, outcome: 'handled' });
    } catch (error) {
      await recordFailedRetry(database.kysely, 'reactor', reactor.name, entry.eventId, error);
      outcomes.push({ eventId: entry.eventId, outcome: 'failed', error: message(error) });
    }
  }
  return outcomes;
}

/**
 * Applies a projector's parked events to its live tables, oldest first. Later events of the same stream
 * were applied while it was parked, and a projector's revision guards would ignore an older event
 * arriving after them, so a retry re-applies the parked event AND the rest of its stream up to the
 * checkpoint (projectors are idempotent), in one transaction under the checkpoint's row lock, and
 * unparks every parked event of that stream it applied. A failure changes nothing but the parked row's
 * attempts and error.
 */
export async function retryParkedProjectorEvents(options: {
  database: Database;
  eventStore: EventStore;
  projector: Projector;
}): Promise<RetryParkedOutcome[]> {
  const { database, eventStore, projector } = options;
  const db: Kysely<ProjectionsTables> = database.kysely;
  const outcomes: RetryParkedOutcome[] = [];
  const applied = new Set<string>();
  for (const entry of await listParkedEvents(db, projector.name)) {
    if (entry.kind !== 'projector') continue;
    if (applied.has(entry.eventId)) {
      outcomes.push({ eventId: entry.eventId, outcome: 'skipped' });
      continue;
    }
    // Read before the transaction: on PGlite the store shares the one connection the transaction holds.
    const stream = await eventStore.readStream(entry.streamId, { fromRevision: entry.revision });
    if (stream[0]?.id !== entry.eventId) {
      outcomes.push({ eventId: entry.eventId, outcome: 'missing' });
      continue;
    }
    try {
      const unparked = await db.transaction().execute(async (trx) => {
        const checkpoint = await lockCheckpoint(trx, projector.name);
        if (!checkpoint || checkpoint.version !== projector.version) {
          throw new Error(`${projector.name} is not at version ${projector.version}: rebuild it instead`);
        }
        const upTo = stream.filter((e) => checkpoint.position !== undefined && e.position <= checkpoint.position);
        await applyEvents(trx, projector, readModelSchema(projector.name), upTo);
        const ids = upTo.map((e) => e.id);
        await trx
          .withSchema(PROJECTIONS_SCHEMA)
          .deleteFrom('parked_events')
          .where('kind', '=', 'projector')
          .where('follower', '=', projector.name)
          .where('event_id', 'in', ids)
          .execute();
        return ids;
      });
      for (const id of unparked) applied.add(id);
      outcomes.push({ eventId: entry.eventId, outcome: 'handled' });
    } catch (error) {
      await recordFailedRetry(db, 'projector', projector.name, entry.eventId, error);
      outcomes.push({ eventId: entry.eventId, outcome: 'failed', error: message(error) });
    }
  }
  return outcomes;
}

/** Drops a parked event for good: the follower never gets it. False when there was no such row. */
export async function skipParkedEvent(
  database: Database,
  follower: { kind: 'projector' | 'reactor'; name: string },
  eventId: string,
): Promise<boolean> {
  return unparkEvent(database.kysely, follower.kind, follower.name, eventId);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
