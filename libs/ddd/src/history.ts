import type { RecordedEvent } from '@shipledger/event-store';
import { foldEvents, type Decider, type DomainEvent } from './decider';

type Folding<TState> = Pick<Decider<unknown, DomainEvent, TState>, 'evolve' | 'initialState'>;

/** One line of an aggregate's history: the event's facts and the status right after it. */
export interface HistoryEntry<TStatus> {
  revision: number;
  type: string;
  occurred_at: string;
  actor: string;
  /** The event's facts (its data without the time and actor, which have their own fields). */
  change: Record<string, unknown>;
  resulting_status: TStatus;
}

/** When the event happened: the time the decider stamped on it (the one evolve folds), else the metadata's. */
export function occurredAt(event: RecordedEvent): string {
  const at = (event.data as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : event.metadata.occurredAt;
}

/** Every event of the stream in order, each with the status the aggregate had right after it. */
export function historyOf<TState extends { status: TStatus }, TStatus>(
  decider: Folding<TState>, events: readonly RecordedEvent[],
): Array<HistoryEntry<TStatus>> {
  let state = decider.initialState();
  return events.map((event) => {
    state = foldEvents(decider, [event], state);
    const { at: _at, actor, ...change } = (event.data ?? {}) as Record<string, unknown>;
    return {
      revision: event.revision,
      type: event.type,
      occurred_at: occurredAt(event),
      actor: typeof actor === 'string' ? actor : event.metadata.actor,
      change,
      resulting_status: state.status,
    };
  });
}

/**
 * The aggregate exactly as it was at `asOf`: the events up to the first one that happened later, folded.
 * Stopping at the first later event (rather than skipping it and folding the rest) keeps the answer a
 * state the aggregate really had, even if two writers' clocks disagreed. Undefined: it did not exist yet.
 */
export function stateAsOf<TState extends { exists: boolean }>(
  decider: Folding<TState>, events: readonly RecordedEvent[], asOf: string,
): TState | undefined {
  const limit = Date.parse(asOf);
  const later = events.findIndex((event) => Date.parse(occurredAt(event)) > limit);
  const state = foldEvents(decider, later === -1 ? events : events.slice(0, later));
  return state.exists ? state : undefined;
}
