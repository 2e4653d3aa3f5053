import type { RecordedEvent } from '@shipledger/event-store';
import { historyOf, stateAsOf, type HistoryEntry } from '@shipledger/ddd';
import { shipmentDecider } from '../../domain/shipment/shipment.decider';
import type { ShipmentState } from '../../domain/shipment/shipment.state';
import type { ShipmentStatus } from '../../domain/shipment/shipment.status';

/** One line of GET /shipments/{id}/history. */
export type ShipmentHistoryEntry = HistoryEntry<ShipmentStatus>;

/** Every event of the stream in order, each with the status the shipment had right after it. */
export function shipmentTimeline(events: readonly RecordedEvent[]): ShipmentHistoryEntry[] {
  return historyOf<ShipmentState, ShipmentStatus>(shipmentDecider, events);
}

/** The shipment exactly as it was at `asOf` (see stateAsOf). Undefined: it did not exist yet. */
export function shipmentAsOf(events: readonly RecordedEvent[], asOf: string): ShipmentState | undefined {
  return stateAsOf(shipmentDecider, events, asOf);
}
