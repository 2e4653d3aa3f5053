import type { RecordedEvent } from '@shipledger/event-store';
import { aggregateKey, foldOntoRow, groupByAggregate } from '@shipledger/projections';
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
  return groupByAggregate(events, shipmentIdOf).map(({ tenantId, id, events }) => ({ tenantId, shipmentId: id, events }));
}

export const shipmentKey = aggregateKey;

/**
 * Folds a shipment's events onto its stored row, one at a time as the single-event projector did: an
 * event at or below the row's revision is already in it (a replay) and is skipped, and an event that
 * leaves no shipment writes nothing. Undefined when no event changed the row.
 */
export function foldShipment(stored: ShipmentRow | undefined, events: readonly RecordedEvent[]): ShipmentRow | undefined {
  return foldOntoRow(stored, events, (row, event) => {
    const before = row?.state ?? initialShipmentState();
    const after = evolve(before, event as unknown as ShipmentEvent);
    if (!after.exists) return undefined;
    return {
      revision: event.revision,
      state: after,
      milestones: [...(row?.milestones ?? []), ...newMilestones(before, after)],
    };
  });
}
