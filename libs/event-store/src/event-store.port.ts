/**
 * The event store port. Three adapters implement it (EventStoreDB, Postgres, PGlite) and one contract
 * suite (test/event-store) holds them to the same behaviour.
 *
 * Version scheme, the same on every adapter: a stream's first event has revision 0; a stream with no
 * events "does not exist". Global positions are strings that compare in global order with plain string
 * comparison (`a < b`) on every adapter (fixed-width, zero-padded); `undefined` means "from the very
 * start".
 */

/** Metadata every event carries (DESIGN.md). JSON-safe: ISO strings, no Date, no bigint. */
export interface EventMetadata {
  tenantId: string;
  /** The client id (or 'system', 'carrier:<code>', 'operator') that caused the event. */
  actor: string;
  correlationId: string;
  causationId: string;
  requestId: string;
  schemaVersion: number;
  /** ISO 8601 with milliseconds. */
  occurredAt: string;
}

export interface EventData<TType extends string = string, TData = unknown> {
  /** Caller-chosen UUID. Re-appending the same ids at the same expected revision writes nothing twice. */
  id: string;
  type: TType;
  data: TData;
  metadata: EventMetadata;
}

export type Position = string;

export interface RecordedEvent<TType extends string = string, TData = unknown> extends EventData<TType, TData> {
  streamId: string;
  revision: number;
  position: Position;
  /** When the store committed it (ISO 8601). */
  recordedAt: string;
}

/** 'no_stream': must not exist; 'exists': must have ≥1 event; 'any': no check; n: last revision must be n. */
export type ExpectedRevision = 'no_stream' | 'exists' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last appended event (of the original append, for an idempotent replay). */
  position: Position;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Forwards: default 0. Backwards: default the end. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after?: Position;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive checkpoint: deliver events strictly after it; undefined = from the start. */
  after?: Position;
  /** Called once per event, in global order; the next one waits for the returned promise. */
  onEvent: (event: RecordedEvent) => Promise<void>;
  /** Called when the subscription has delivered everything that was in the store (then goes live). */
  onCaughtUp?: () => void;
  /** Called when the subscription stops because of an error (including a throw from onEvent). */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Resolves once no more onEvent calls will happen. Idempotent. */
  close(): Promise<void>;
}

export interface EventStore {
  readonly adapter: 'esdb' | 'postgres' | 'pglite';
  /** Schema set-up where the adapter needs one; idempotent. */
  init(): Promise<void>;
  append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; an unknown stream reads as []. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The last event of each of these streams in one call, by stream id (what `readStream(id,
   * { direction: 'backwards', maxCount: 1 })` answers for each, read-your-writes alike); unknown streams
   * are absent, an id named twice is answered once. At most MAX_READ_LAST_EVENTS ids (RangeError beyond;
   * a repeated id counts each time).
   */
  readLastEvents(streamIds: readonly string[]): Promise<Map<string, RecordedEvent>>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the newest event readers can see, or undefined when the store is empty. */
  headPosition(): Promise<Position | undefined>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/** The most stream ids one readLastEvents call takes: bounds its statement's array and its answer. */
export const MAX_READ_LAST_EVENTS = 1_000;

/** The distinct ids of a readLastEvents call; throws the RangeError of the bound. */
export function lastEventsRequest(streamIds: readonly string[]): string[] {
  if (streamIds.length > MAX_READ_LAST_EVENTS) {
    throw new RangeError(`readLastEvents takes at most ${MAX_READ_LAST_EVENTS} stream ids, got ${streamIds.length}`);
  }
  return [...new Set(streamIds)];
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Last revision in the stream, or -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(`Wrong expected revision on ${streamId}: expected ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
