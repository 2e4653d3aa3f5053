import type { ShipmentStatus } from '@shipledger/shipping';

/**
 * How far along the lifecycle each status is. A carrier update moves a shipment only forward (to a
 * higher stage), or sideways within a stage (out_for_delivery ⇄ failed_delivery_attempt) when it is not
 * older than the last update applied. Statuses outside the table (draft, error, cancelled, the
 * merchant-controlled confirmations) are never set by a carrier.
 */
const STAGE: Partial<Record<ShipmentStatus, number>> = {
  pending: 0,
  booked: 1,
  ready_to_ship: 2,
  cancelled_by_carrier: 3,
  out_for_collection: 3,
  failed_collection_attempt: 3,
  shipped: 4,
  in_transit: 5,
  delayed: 5,
  suspended: 5,
  missing: 5,
  out_for_delivery: 6,
  awaiting_customer_collection: 6,
  failed_delivery_attempt: 6,
  ready_for_return: 7,
  return_in_transit: 8,
  delivered: 9,
  returned: 10,
};

/** Statuses a tracking update may move a shipment out of (not draft, error or cancelled). */
const TRACKABLE_FROM = new Set(Object.keys(STAGE).filter((status) => status !== 'pending'));

export interface TrackingVerdict {
  /** The status to move to, when the update moves the shipment. */
  moveTo?: ShipmentStatus;
  /** Older than the last applied update: recorded in history, changes nothing. */
  stale: boolean;
}

export function judgeTrackingUpdate(
  current: ShipmentStatus,
  lastAppliedDate: string | undefined,
  incoming: ShipmentStatus | undefined,
  incomingDate: string,
): TrackingVerdict {
  const stale = lastAppliedDate !== undefined && Date.parse(incomingDate) < Date.parse(lastAppliedDate);
  if (stale || !incoming || incoming === current || !TRACKABLE_FROM.has(current)) return { stale };
  const from = STAGE[current];
  const to = STAGE[incoming];
  if (from === undefined || to === undefined) return { stale };
  if (to < from) return { stale: true };
  return { moveTo: incoming, stale: false };
}

export function isCarrierStatus(status: string): status is ShipmentStatus {
  return status in STAGE && status !== 'pending' && status !== 'booked';
}
