import type { ShipmentStatus } from '@shipledger/shipping';

/** One tracking event as a carrier (or the sandbox, or the HTTP bridge) reports it. */
export interface TrackingUpdate {
  tenantId: string;
  carrierAccountId: string;
  /** The carrier's id for this event: the same id twice is recorded once. */
  carrierEventId: string;
  trackingNo: string;
  status?: ShipmentStatus;
  carrierStatus?: string;
  carrierStatusDescription?: string;
  location?: string;
  /** When it happened at the carrier (ISO 8601). */
  date: string;
  actor: string;
}

/** superseded: the shipment now has another tracking number; not_booked_yet: its booking is still being recorded. */
export type TrackingResult = 'recorded' | 'duplicate' | 'unknown_tracking_no' | 'superseded' | 'not_booked_yet';
