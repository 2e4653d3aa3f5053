/**
 * What asking the carrier again gave for one shipment (POST /shipments/bulk/status/refresh):
 * - refreshed: the carrier answered and new tracking events were recorded;
 * - unchanged: the carrier answered, nothing new;
 * - not_booked: the shipment has no tracking number to ask about;
 * - tracking_not_supported: its carrier cannot be asked (it only pushes tracking events);
 * - timed_out / failed: no answer within the time limit, or an error (the status shown is the last known).
 */
export const TRACKING_REFRESH_OUTCOMES = ['refreshed', 'unchanged', 'not_booked', 'tracking_not_supported', 'timed_out', 'failed'] as const;
export type TrackingRefreshOutcome = (typeof TRACKING_REFRESH_OUTCOMES)[number];

export interface TrackedShipment {
  shipment_id: string;
  tracking_no?: string;
  carrier_account_id?: string;
}

/** Implemented by the carriers context (libs/carriers/src/tracking) and bound to TRACKING_REFRESHER. */
export interface TrackingRefresher {
  /** One outcome per shipment, in order, within a bounded time. */
  refresh(tenantId: string, shipments: readonly TrackedShipment[]): Promise<TrackingRefreshOutcome[]>;
}

export const TRACKING_REFRESHER = Symbol.for('shipledger.shipping.tracking-refresher');
