import type { ShipmentStatus } from './shipment.status';
import { MERCHANT_CONTROLLED_STATUSES } from './shipment.transitions';

/**
 * Every transition a carrier's tracking drives, as data (the spec: "transitions driven by carrier
 * tracking updates: not shown"; where-the-spec-is-silent fills it in).
 *
 * How far along the lifecycle each status is. A carrier update moves a shipment only forward (to a
 * higher stage), or sideways within a stage (out_for_delivery ⇄ failed_delivery_attempt) when it is not
 * older than the last update applied. A shipment in a status outside the table (draft, error, cancelled,
 * the merchant's confirmations) is never moved by a carrier.
 */
export const CARRIER_TRACKING_STAGES: Readonly<Partial<Record<ShipmentStatus, number>>> = {
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

/**
 * What a carrier's report means when it names a status the carrier may not set (rule 4: shipped is the
 * merchant's, through update-status): the pickup scan puts the shipment in transit.
 */
export const CARRIER_REPORTED_AS: Readonly<Partial<Record<ShipmentStatus, ShipmentStatus>>> = {
  shipped: 'in_transit',
};

/** The statuses a carrier's report may name (after which a shipment moves, or is judged stale). */
export const CARRIER_REPORTABLE_STATUSES: readonly ShipmentStatus[] = (Object.keys(CARRIER_TRACKING_STAGES) as ShipmentStatus[])
  .filter((status) => status !== 'pending' && status !== 'booked');

/** The statuses a carrier's tracking may set: never the merchant-controlled ones (rule 4). */
export const CARRIER_SETTABLE_STATUSES: readonly ShipmentStatus[] = CARRIER_REPORTABLE_STATUSES
  .filter((status) => !MERCHANT_CONTROLLED_STATUSES.includes(status));

/** Statuses a tracking update may move a shipment out of (not draft, error or cancelled). */
const TRACKABLE_FROM = new Set<ShipmentStatus>(CARRIER_REPORTABLE_STATUSES.concat('booked'));

export interface TrackingVerdict {
  /** The status to move to, when the update moves the shipment. */
  moveTo?: ShipmentStatus;
  /** Older than the last applied update: recorded in history, changes nothing. */
  stale: boolean;
}

/** The status a carrier's report sets: its meaning (CARRIER_REPORTED_AS), or none when not the carrier's to set. */
export function carrierSetStatus(reported: ShipmentStatus | undefined): ShipmentStatus | undefined {
  const meant = reported && (CARRIER_REPORTED_AS[reported] ?? reported);
  return meant && CARRIER_SETTABLE_STATUSES.includes(meant) ? meant : undefined;
}

/**
 * Judges a carrier's report against the shipment: the reported status's stage orders it (a pickup scan
 * after an in-transit scan is late news), its meaning is what the shipment moves to.
 */
export function judgeTrackingUpdate(
  current: ShipmentStatus,
  lastAppliedDate: string | undefined,
  reported: ShipmentStatus | undefined,
  incomingDate: string,
): TrackingVerdict {
  const stale = lastAppliedDate !== undefined && Date.parse(incomingDate) < Date.parse(lastAppliedDate);
  if (stale || !reported || reported === current || !TRACKABLE_FROM.has(current)) return { stale };
  const from = CARRIER_TRACKING_STAGES[current];
  const to = CARRIER_TRACKING_STAGES[reported];
  if (from === undefined || to === undefined) return { stale };
  if (to < from) return { stale: true };
  const moveTo = carrierSetStatus(reported);
  return moveTo && moveTo !== current ? { moveTo, stale: false } : { stale: false };
}

export function isCarrierReportableStatus(status: string): status is ShipmentStatus {
  return (CARRIER_REPORTABLE_STATUSES as readonly string[]).includes(status);
}
