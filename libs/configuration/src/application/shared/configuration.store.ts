import { commandEventMetadata, handle } from '@shipledger/ddd';
import type { EventMetadata, EventStore, ExpectedRevision } from '@shipledger/event-store';
import { configurationStreamId, foldConfiguration, type ConfigurationCommand, type ConfigurationDecider, type ConfigurationEvent, type ConfigurationState } from '../../domain';
import type { ConfigurationMeta } from './configuration-meta';

export const CONFIGURATION_EVENT_SCHEMA_VERSION = 1;

/** Each round of conflicts lets at least one writer through; enough for an import racing a few people. */
const MAX_ATTEMPTS = 50;

export interface LoadedConfiguration {
  state: ConfigurationState;
  expected: ExpectedRevision;
}

/**
 * One tenant's stream of one kind: loaded through a cache, written through the project's one write path
 * (load → decide → append with the revision read; on a lost race the whole cycle runs again on the new
 * state, so a uniqueness check is always made against what is really in the stream).
 */
export class ConfigurationStore {
  /**
   * The last state read per stream, so a load reads only the events after it. Streams are append-only
   * and the state is never mutated, so a cached prefix stays right whatever other processes append.
   */
  private readonly cache = new Map<string, { state: ConfigurationState; revision: number }>();

  constructor(private readonly eventStore: EventStore, private readonly cachedStreams = 1_000) {}

  async load(decider: ConfigurationDecider, tenantId: string): Promise<LoadedConfiguration> {
    const streamId = configurationStreamId(decider.spec.kind, tenantId);
    const cached = this.cache.get(streamId);
    const recorded = await this.eventStore.readStream(streamId, cached ? { fromRevision: cached.revision + 1 } : undefined);
    const state = foldConfiguration(cached?.state ?? decider.initialState(),
      recorded.map((event) => ({ type: event.type, data: event.data }) as ConfigurationEvent));
    const last = recorded[recorded.length - 1];
    const revision = last ? last.revision : cached?.revision;
    if (revision === undefined) return { state, expected: 'no_stream' };
    // Least recently used first in the Map's order: re-inserting moves a stream to the end.
    this.cache.delete(streamId);
    this.cache.set(streamId, { state, revision });
    if (this.cache.size > this.cachedStreams) this.cache.delete(this.cache.keys().next().value!);
    return { state, expected: revision };
  }

  /** The one write path (libs/ddd `handle`), starting from the state this store already holds. */
  async handle(decider: ConfigurationDecider, command: ConfigurationCommand, meta: ConfigurationMeta): Promise<ConfigurationState> {
    const streamId = configurationStreamId(decider.spec.kind, command.tenant_id);
    const { state, expected } = await this.load(decider, command.tenant_id);
    const result = await handle(this.eventStore, decider, streamId, command, {
      loaded: { state, revision: expected },
      maxAttempts: MAX_ATTEMPTS,
      metadata: (event) => eventMetadata(event, command.tenant_id, meta),
    });
    return result.state;
  }
}

export function eventMetadata(event: ConfigurationEvent, tenantId: string, meta: ConfigurationMeta): EventMetadata {
  return commandEventMetadata(event, tenantId, meta, CONFIGURATION_EVENT_SCHEMA_VERSION);
}
