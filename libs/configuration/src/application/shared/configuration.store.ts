import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventData, type EventStore, type ExpectedRevision } from '@shipledger/event-store';
import { foldConfiguration, type ConfigurationCommand, type ConfigurationDecider, type ConfigurationEvent, type ConfigurationState } from '../../domain';
import type { ConfigurationMeta } from './configuration-meta';
import { configurationStreamId } from './configuration-streams';

export const CONFIGURATION_EVENT_SCHEMA_VERSION = 1;

/** Each round of conflicts lets at least one writer through; enough for an import racing a few people. */
const MAX_ATTEMPTS = 50;

export interface LoadedConfiguration {
  state: ConfigurationState;
  expected: ExpectedRevision;
}

/**
 * Load → decide → append with the revision read, for one tenant's stream of one kind. On a conflict the
 * whole cycle runs again on the new state, so a uniqueness check is always made against what is really
 * in the stream.
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

  async handle(decider: ConfigurationDecider, command: ConfigurationCommand, meta: ConfigurationMeta): Promise<ConfigurationState> {
    const streamId = configurationStreamId(decider.spec.kind, command.tenant_id);
    for (let attempt = 1; ; attempt++) {
      const { state, expected } = await this.load(decider, command.tenant_id);
      const events = decider.decide(command, state);
      if (events.length === 0) return state;
      try {
        await this.eventStore.append(streamId, events.map((event) => toEventData(event, command.tenant_id, meta)), expected);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      return events.reduce(decider.evolve, state);
    }
  }
}

export function toEventData(event: ConfigurationEvent, tenantId: string, meta: ConfigurationMeta): EventData {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      tenantId,
      actor: event.data.actor,
      correlationId: meta.correlationId,
      causationId: meta.causationId ?? meta.requestId,
      requestId: meta.requestId,
      schemaVersion: CONFIGURATION_EVENT_SCHEMA_VERSION,
      occurredAt: event.data.at,
    },
  };
}

