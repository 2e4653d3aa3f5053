import type { EventStore, ExpectedRevision, RecordedEvent } from '@shipledger/event-store';

/** A stream's state as a cache hands it out: the state and the revision to append after. */
export interface CachedLoad<TState> {
  state: TState;
  expected: ExpectedRevision;
}

/**
 * Loads streams whose state holds many objects (one stream per tenant × kind: configuration objects,
 * rulesets) through a cache of the last state read, so a load reads only the events after it. Streams
 * are append-only and states are never mutated, so a cached prefix stays right whatever other processes
 * append; the next load reads their events. Least recently used streams are dropped past `capacity`.
 */
export class CachedStreamLoader<TState> {
  private readonly cache = new Map<string, { state: TState; revision: number }>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly fold: (state: TState, events: readonly RecordedEvent[]) => TState,
    private readonly initialState: () => TState,
    private readonly capacity = 1_000,
  ) {}

  async load(streamId: string): Promise<CachedLoad<TState>> {
    const cached = this.cache.get(streamId);
    const recorded = await this.eventStore.readStream(streamId, cached ? { fromRevision: cached.revision + 1 } : undefined);
    const state = this.fold(cached?.state ?? this.initialState(), recorded);
    const last = recorded[recorded.length - 1];
    const revision = last ? last.revision : cached?.revision;
    if (revision === undefined) return { state, expected: 'no_stream' };
    // Least recently used first in the Map's order: re-inserting moves a stream to the end.
    this.cache.delete(streamId);
    this.cache.set(streamId, { state, revision });
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!);
    return { state, expected: revision };
  }
}
