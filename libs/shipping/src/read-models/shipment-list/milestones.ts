import type { ShipmentState } from '../../domain/shipment/shipment.state';
import type { ShipmentStatus } from '../../domain/shipment/shipment.status';

/** A status the shipment reached, and when (bulk status: every one, in order, repeats included). */
export interface Milestone {
  status: ShipmentStatus;
  date: string;
}

/** The statuses an event made the shipment reach: those whose key milestone it set. */
export function newMilestones(before: ShipmentState, after: ShipmentState): Milestone[] {
  const reached: Milestone[] = [];
  for (const [status, date] of Object.entries(after.key_milestones) as [ShipmentStatus, string][]) {
    if (date !== undefined && before.key_milestones[status] !== date) reached.push({ status, date });
  }
  return reached;
}
