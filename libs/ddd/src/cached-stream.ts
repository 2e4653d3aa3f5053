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
  /** Per stream: the read in flight, and the one read queued behind it for every load that came meanwhile. */
  private readonly reads = new Map<string, { running: Promise<CachedLoad<TState>>; queued?: Promise<CachedLoad<TState>> }>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly fold: (state: TState, events: readonly RecordedEvent[]) => TState,
    private readonly initialState: () => TState,
    private readonly capacity = 1_000,
  ) {}

  /**
   * The stream's state with every event appended before the call. Loads of one stream that come while a
   * read of it is in flight share one read that starts when that one is done (a read started before a
   * load could miss an append that load must see): under concurrent creates that read every one of a
   * tenant's rulesets, one read per round trip instead of one per create.
   */
  load(streamId: string): Promise<CachedLoad<TState>> {
    const reading = this.reads.get(streamId);
    if (!reading) return this.startRead(streamId);
    reading.queued ??= reading.running.then(ignore, ignore).then(() => this.startRead(streamId));
    return reading.queued;
  }

  private startRead(streamId: string): Promise<CachedLoad<TState>> {
    const entry = { running: this.read(streamId) };
    this.reads.set(streamId, entry);
    const done = () => {
      if (this.reads.get(streamId) === entry) this.reads.delete(streamId);
    };
    entry.running.then(done, done);
    return entry.running;
  }

  private async read(streamId: string): Promise<CachedLoad<TState>> {
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

const ignore = (): void => undefined;
