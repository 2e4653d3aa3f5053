import type { EventMetadata, EventStore, RecordedEvent } from '@shipledger/event-store';
import type { Decider, DomainEvent } from './decider';
import { commandEventMetadata, type CommandContext } from './event-metadata';
import { foldStream, handle, type CommandInput, type HandleOptions, type HandleResult, type Loaded } from './handle';

/** What an aggregate's repository needs to know of it. */
export interface AggregateRepositoryOptions<TCommand, TEvent extends DomainEvent, TState> {
  decider: Decider<TCommand, TEvent, TState>;
  /** The stream of the instance `id` (the aggregate's stream-name builder). */
  streamId: (id: string) => string;
  /** The state of an instance not created yet, carrying the id it was asked for. */
  withId: (state: TState, id: string) => TState;
  /** The schema version every event it appends carries in its metadata. */
  schemaVersion: number;
}

/** `handle`'s options; the metadata defaults to the command's (commandEventMetadata). */
export type AggregateHandleOptions<TCommand, TEvent, TState> =
  Omit<HandleOptions<TCommand, TEvent, TState>, 'metadata'> & Partial<Pick<HandleOptions<TCommand, TEvent, TState>, 'metadata'>>;

/**
 * One aggregate's streams on the one write path (`handle`): load folds an instance's stream, handle
 * loads (or takes `options.loaded`), decides and appends with the revision read, each event carrying
 * its own time and actor and the command's ids. A context's repository is this, bound to its decider.
 */
export class AggregateRepository<TCommand, TEvent extends DomainEvent & { data: { at: string; actor: string } }, TState extends { exists: boolean }> {
  constructor(
    readonly eventStore: EventStore,
    private readonly aggregate: AggregateRepositoryOptions<TCommand, TEvent, TState>,
  ) {}

  async load(id: string): Promise<Loaded<TState>> {
    return this.folded(id, await this.eventStore.readStream(this.aggregate.streamId(id)));
  }

  /** The instance `id` folded from its stream's events (what `load` answers, for a load that keeps them too). */
  protected folded(id: string, recorded: readonly RecordedEvent[]): Loaded<TState> {
    const loaded = foldStream(this.aggregate.decider, recorded);
    return loaded.state.exists ? loaded : { ...loaded, state: this.aggregate.withId(loaded.state, id) };
  }

  /** Load (or `options.loaded`), decide, append with the revision read; see `handle`. */
  handle(
    id: string,
    tenantId: string,
    input: CommandInput<TCommand, TState>,
    context: CommandContext,
    options: AggregateHandleOptions<TCommand, TEvent, TState> = {},
  ): Promise<HandleResult<TCommand, TEvent, TState>> {
    return handle(this.eventStore, this.aggregate.decider, this.aggregate.streamId(id), input, {
      metadata: (event) => this.metadata(event, tenantId, context),
      ...options,
    });
  }

  /** The metadata of an event this aggregate's command appends. */
  metadata(event: { data: { at: string; actor: string } }, tenantId: string, context: CommandContext): EventMetadata {
    return commandEventMetadata(event, tenantId, context, this.aggregate.schemaVersion);
  }
}
