import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventData, type EventStore, type ExpectedRevision } from '@shipledger/event-store';
import type { ConfigurationCommand, ConfigurationDecider, ConfigurationEvent, ConfigurationState } from '../../domain';
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
  constructor(private readonly eventStore: EventStore) {}

  async load(decider: ConfigurationDecider, tenantId: string): Promise<LoadedConfiguration> {
    const recorded = await this.eventStore.readStream(configurationStreamId(decider.spec.kind, tenantId));
    const state = recorded.reduce(
      (current, event) => decider.evolve(current, { type: event.type, data: event.data } as ConfigurationEvent),
      decider.initialState(),
    );
    const last = recorded[recorded.length - 1];
    return { state, expected: last ? last.revision : 'no_stream' };
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

