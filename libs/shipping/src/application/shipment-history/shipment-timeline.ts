import type { RecordedEvent } from '@shipledger/event-store';
import { foldEvents } from '@shipledger/ddd';
import { shipmentDecider } from '../../domain/shipment/shipment.decider';
import type { ShipmentState } from '../../domain/shipment/shipment.state';
import type { ShipmentStatus } from '../../domain/shipment/shipment.status';

/** One line of GET /shipments/{id}/history. */
export interface ShipmentHistoryEntry {
  revision: number;
  type: string;
  occurred_at: string;
  actor: string;
  /** The event's facts (its data without the time and actor, which have their own fields). */
  change: Record<string, unknown>;
  resulting_status: ShipmentStatus;
}

/** When the event happened: the time the decider stamped on it (the one evolve folds), else the metadata's. */
export function occurredAt(event: RecordedEvent): string {
  const at = (event.data as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : event.metadata.occurredAt;
}

/** Every event of the stream in order, each with the status the shipment had right after it. */
export function shipmentTimeline(events: readonly RecordedEvent[]): ShipmentHistoryEntry[] {
  let state = shipmentDecider.initialState();
  return events.map((event) => {
    state = foldEvents(shipmentDecider, [event], state);
    const { at: _at, actor, ...change } = (event.data ?? {}) as Record<string, unknown>;
    return {
      revision: event.revision,
      type: event.type,
      occurred_at: occurredAt(event),
      actor: typeof actor === 'string' ? actor : event.metadata.actor,
      change,
      resulting_status: state.status,
    };
  });
}

/**
 * The shipment exactly as it was at `asOf`: the events up to the first one that happened later, folded.
 * Stopping at the first later event (rather than skipping it and folding the rest) keeps the answer a
 * state the shipment really had, even if two writers' clocks disagreed. Undefined: it did not exist yet.
 */
export function shipmentAsOf(events: readonly RecordedEvent[], asOf: string): ShipmentState | undefined {
  const limit = Date.parse(asOf);
  const later = events.findIndex((event) => Date.parse(occurredAt(event)) > limit);
  const state = foldEvents(shipmentDecider, later === -1 ? events : events.slice(0, later));
  return state.exists ? state : undefined;
}
