import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import type { Reactor } from './projector';
import { listParkedEvents, unparkEvent } from './reactor-checkpoints';

export interface RetryParkedOutcome {
  eventId: string;
  outcome: 'handled' | 'failed' | 'missing';
  error?: string;
}

/**
 * Hands a reactor its parked events again, oldest first. Those it handles leave the parked list; the
 * ones that fail again stay, with their row unchanged. The event is read back from its stream by
 * revision, so what the reactor gets is exactly what it was given the first time.
 */
export async function retryParkedEvents(options: {
  database: Database;
  eventStore: EventStore;
  reactor: Reactor;
}): Promise<RetryParkedOutcome[]> {
  const { database, eventStore, reactor } = options;
  const outcomes: RetryParkedOutcome[] = [];
  for (const entry of await listParkedEvents(database.kysely, reactor.name)) {
    const [event] = await eventStore.readStream(entry.streamId, { fromRevision: entry.revision, maxCount: 1 });
    if (!event || event.id !== entry.eventId) {
      outcomes.push({ eventId: entry.eventId, outcome: 'missing' });
      continue;
    }
    try {
      await reactor.handle(event);
      await unparkEvent(database.kysely, reactor.name, entry.eventId);
      outcomes.push({ eventId: entry.eventId, outcome: 'handled' });
    } catch (error) {
      outcomes.push({ eventId: entry.eventId, outcome: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}
