import type { RecordedEvent } from '@shipledger/event-store';
import { evolve } from '../../domain/shipment/shipment.evolve';
import type { ShipmentEvent } from '../../domain/shipment/shipment.events';
import { initialShipmentState, type ShipmentState } from '../../domain/shipment/shipment.state';
import { shipmentIdOf } from '../../domain/shipment/shipment.streams';
import { newMilestones, type Milestone } from './milestones';


/** What a shipments row holds of the aggregate: the state after `revision`, and the statuses reached. */
export interface ShipmentRow {
  revision: number;
  state: ShipmentState;
  milestones: Milestone[];
}

/** One shipment's events of a batch, in stream order. */
export interface ShipmentEvents {
  tenantId: string;
  shipmentId: string;
  events: RecordedEvent[];
}

/** The events of shipment streams, grouped per (tenant, shipment) in the order first seen. */
export function groupByShipment(events: readonly RecordedEvent[]): ShipmentEvents[] {
  const groups = new Map<string, ShipmentEvents>();
  for (const event of events) {
    const shipmentId = shipmentIdOf(event.streamId);
    if (!shipmentId) continue;
    const tenantId = event.metadata.tenantId;
    const key = shipmentKey(tenantId, shipmentId);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { tenantId, shipmentId, events: [] }));
    group.events.push(event);
  }
  return [...groups.values()];
}

export function shipmentKey(tenantId: string, shipmentId: string): string {
  return `${tenantId}\u0000${shipmentId}`;
}

/**
 * Folds a shipment's events onto its stored row, one at a time as the single-event projector did: an
 * event at or below the row's revision is already in it (a replay) and is skipped, and an event that
 * leaves no shipment writes nothing. Undefined when no event changed the row.
 */
export function foldShipment(stored: ShipmentRow | undefined, events: readonly RecordedEvent[]): ShipmentRow | undefined {
  let row = stored;
  for (const event of events) {
    if (row && row.revision >= event.revision) continue;
    const before = row?.state ?? initialShipmentState();
    const after = evolve(before, event as unknown as ShipmentEvent);
    if (!after.exists) continue;
    row = {
      revision: event.revision,
      state: after,
      milestones: [...(row?.milestones ?? []), ...newMilestones(before, after)],
    };
  }
  return row === stored ? undefined : row;
}
