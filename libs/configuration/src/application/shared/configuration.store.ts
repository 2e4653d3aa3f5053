import { CachedStreamLoader, commandEventMetadata, handle } from '@shipledger/ddd';
import type { EventMetadata, EventStore, ExpectedRevision } from '@shipledger/event-store';
import { configurationStreamId, foldConfiguration, initialConfigurationState, type ConfigurationCommand, type ConfigurationDecider, type ConfigurationEvent, type ConfigurationState } from '../../domain';
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
 * state, so a uniqueness check is always made against what is really in the stream). Loads go through
 * libs/ddd's CachedStreamLoader, which reads only the events after the state it last read.
 */
export class ConfigurationStore {
  private readonly streams: CachedStreamLoader<ConfigurationState>;

  constructor(private readonly eventStore: EventStore, cachedStreams = 1_000) {
    this.streams = new CachedStreamLoader(eventStore,
      (state, recorded) => foldConfiguration(state, recorded.map((event) => ({ type: event.type, data: event.data }) as ConfigurationEvent)),
      initialConfigurationState, cachedStreams);
  }

  load(decider: ConfigurationDecider, tenantId: string): Promise<LoadedConfiguration> {
    return this.streams.load(configurationStreamId(decider.spec.kind, tenantId));
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
