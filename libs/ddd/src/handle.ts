import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
} from '@shipledger/event-store';
import { randomUUID } from 'node:crypto';
import { foldEvents, type Decider, type DomainEvent } from './decider';

/** A stream folded: its state, the revision to append after, and the ids of the events in it. */
export interface Loaded<TState> {
  state: TState;
  /** The stream's last revision, or 'no_stream'. */
  revision: ExpectedRevision;
  eventIds?: ReadonlySet<string>;
}

/** Reads a stream and folds it with the decider's evolve. */
export async function loadStream<TEvent extends DomainEvent, TState>(
  eventStore: EventStore,
  decider: Pick<Decider<unknown, TEvent, TState>, 'evolve' | 'initialState'>,
  streamName: string,
): Promise<Loaded<TState>> {
  return foldStream(decider, await eventStore.readStream(streamName));
}

/** A stream's events (all of them, oldest first) folded with the decider's evolve, as `loadStream` answers them. */
export function foldStream<TEvent extends DomainEvent, TState>(
  decider: Pick<Decider<unknown, TEvent, TState>, 'evolve' | 'initialState'>,
  recorded: readonly RecordedEvent[],
): Loaded<TState> {
  const last = recorded[recorded.length - 1];
  return {
    state: foldEvents(decider, recorded),
    revision: last ? last.revision : 'no_stream',
    eventIds: new Set(recorded.map((event) => event.id)),
  };
}

/** The command, nothing to do (undefined), or a function of the current state answering either. */
export type CommandInput<TCommand, TState> =
  | TCommand
  | ((state: TState) => TCommand | undefined | Promise<TCommand | undefined>);

/** What a decision looked like just before its append. */
export interface Decision<TCommand, TEvent, TState> {
  command: TCommand;
  before: TState;
  events: TEvent[];
  after: TState;
}

export interface HandleOptions<TCommand, TEvent, TState> {
  /** The metadata each appended event carries (tenant, actor, correlation, causation, time). */
  metadata: (event: TEvent, command: TCommand) => EventMetadata;
  /**
   * A fixed expectation (e.g. 'no_stream' for a create): a lost race is not retried but answered by
   * `onConflict`. Default: the revision the load read; a lost race loads, decides and appends again.
   */
  expectedRevision?: ExpectedRevision;
  /**
   * Deterministic event ids: a command caused by something replayed (an event, a carrier message)
   * derives the same ids again, and the stream already holding the first one means it was recorded.
   */
  idempotency?: { eventId: (command: TCommand, index: number) => string };
  /** The state the caller already loaded, used by the first attempt instead of reading again. */
  loaded?: Loaded<TState>;
  /** Attempts before a lost race is answered by `onConflict` (default 100). */
  maxAttempts?: number;
  /** The answer to a race this command lost for good (default: the store's WrongExpectedRevisionError). */
  onConflict?: (error: WrongExpectedRevisionError) => Error;
  /** Runs between decide and append (e.g. reserving a unique key); a throw appends nothing. */
  beforeAppend?: (decision: Decision<TCommand, TEvent, TState>) => Promise<void>;
}

export interface HandleResult<TCommand, TEvent, TState> {
  /** The state after the append (the loaded state when nothing was appended). */
  state: TState;
  /** The state the (last) decision was taken on. */
  before: TState;
  /** The events appended: [] when there was no command, the decider answered none, or a replay. */
  events: TEvent[];
  command?: TCommand;
  /** The command's events were already in the stream (idempotency): nothing appended again. */
  duplicate?: boolean;
}

/** Enough for 64 concurrent writers on one stream: each round of conflicts lets at least one through. */
const DEFAULT_MAX_ATTEMPTS = 100;

/**
 * The one write path of every aggregate: load the stream by folding it, decide, append with the
 * expected revision. Invariant: events are appended only at the revision the decision was taken on,
 * so a command is always judged against what is really in the stream; on a lost race the whole cycle
 * runs again on the new state (a command the new state refuses then fails with its domain error).
 */
export async function handle<TCommand, TEvent extends DomainEvent, TState>(
  eventStore: EventStore,
  decider: Decider<TCommand, TEvent, TState>,
  streamName: string,
  input: CommandInput<TCommand, TState>,
  options: HandleOptions<TCommand, TEvent, TState>,
): Promise<HandleResult<TCommand, TEvent, TState>> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  let loaded = options.loaded ?? (await loadStream(eventStore, decider, streamName));
  for (let attempt = 1; ; attempt++) {
    const before = loaded.state;
    const command = typeof input === 'function'
      ? await (input as (state: TState) => TCommand | undefined | Promise<TCommand | undefined>)(before)
      : input;
    if (command === undefined) return { state: before, before, events: [] };
    const eventId = options.idempotency?.eventId;
    if (eventId && loaded.eventIds?.has(eventId(command, 0))) return { state: before, before, events: [], command, duplicate: true };
    const events = decider.decide(command, before);
    if (events.length === 0) return { state: before, before, events, command };
    const after = foldEvents(decider, events, before);
    await options.beforeAppend?.({ command, before, events, after });
    const fixed = options.expectedRevision;
    try {
      await eventStore.append(streamName, events.map((event, index) => ({
        id: eventId ? eventId(command, index) : randomUUID(),
        type: event.type,
        data: event.data,
        metadata: options.metadata(event, command),
      })), fixed ?? loaded.revision);
      return { state: after, before, events, command };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (fixed !== undefined || attempt >= maxAttempts) throw options.onConflict ? options.onConflict(error) : error;
      loaded = await loadStream(eventStore, decider, streamName);
    }
  }
}
