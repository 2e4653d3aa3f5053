import {
  decide, evolve, initialShipmentState, ShipmentCommandRejected, type ShipmentCommand, type ShipmentEvent, type ShipmentState,
} from '@shipledger/shipping';
import { WrongExpectedRevisionError, type EventMetadata, type EventStore, type RecordedEvent } from '@shipledger/event-store';
import { deterministicUuid } from './deterministic-id';

export interface Causation {
  /** Id of the event (or carrier message) this write answers: event ids are derived from it. */
  causationId: string;
  correlationId: string;
  requestId: string;
  actor: string;
}

export function causedBy(event: RecordedEvent, actor: string): Causation {
  return { causationId: event.id, correlationId: event.metadata.correlationId, requestId: event.metadata.requestId, actor };
}

export const shipmentStream = (shipmentId: string) => `shipment-${shipmentId}`;

/**
 * The carriers side's write path onto shipment streams: load, let the shipping decider judge the
 * command, append with the revision read and with event ids derived from the causation. A crash after
 * the append and a replay of the causing event therefore either finds the decider answering nothing
 * (the state moved on) or re-appends the very same ids, which the store does not duplicate.
 */
export class ShipmentWriter {
  constructor(private readonly eventStore: EventStore, private readonly maxAttempts = 5) {}

  async load(tenantId: string, shipmentId: string): Promise<ShipmentState | undefined> {
    return (await this.loadWithIds(tenantId, shipmentId))?.state;
  }

  private async loadWithIds(tenantId: string, shipmentId: string): Promise<{ state: ShipmentState; ids: Set<string> } | undefined> {
    const events = await this.eventStore.readStream(shipmentStream(shipmentId));
    const state = events.reduce((acc, e) => evolve(acc, { type: e.type, data: e.data } as ShipmentEvent), initialShipmentState());
    if (!state.exists || state.tenant_id !== tenantId) return undefined;
    return { state, ids: new Set(events.map((event) => event.id)) };
  }

  /**
   * `build` sees the current state and returns the command to decide (or undefined: nothing to record).
   * Returns the events appended; [] when the decider had nothing to say (e.g. a stale booking answer).
   */
  async record(
    tenantId: string,
    shipmentId: string,
    causation: Causation,
    build: (state: ShipmentState) => ShipmentCommand | undefined,
  ): Promise<ShipmentEvent[]> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.loadWithIds(tenantId, shipmentId);
      if (!loaded) return [];
      const { state, ids } = loaded;
      const command = build(state);
      if (!command) return [];
      const eventId = (index: number) => deterministicUuid('carriers', causation.causationId, command.type, String(index));
      // Already recorded by an earlier run whose acknowledgement was lost: the causation's events are in the stream.
      if (ids.has(eventId(0))) return [];
      let events: ShipmentEvent[];
      try {
        events = decide(command, state);
      } catch (error) {
        if (error instanceof ShipmentCommandRejected) return [];
        throw error;
      }
      if (events.length === 0) return [];
      const metadata: EventMetadata = {
        tenantId,
        actor: causation.actor,
        correlationId: causation.correlationId,
        causationId: causation.causationId,
        requestId: causation.requestId,
        schemaVersion: 1,
        occurredAt: command.at,
      };
      try {
        await this.eventStore.append(shipmentStream(shipmentId), events.map((event, index) => ({
          id: eventId(index),
          type: event.type,
          data: event.data,
          metadata,
        })), state.version - 1);
        return events;
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < this.maxAttempts) continue;
        throw error;
      }
    }
  }
}
