import type { AssignedCarrierAccount, ErrorDetail, ShipmentContent, ShippingCost } from './shipment.content';
import type { LabelUrls, TrackingDetails } from './shipment.events';
import type { ServiceLevelEstimates } from './shipment.service-levels';
import type { ShipmentStatus } from './shipment.status';

export interface ShipmentDocumentState {
  document_id: string;
  document_name: string;
  content_sha256: string;
  size_bytes: number;
  /** Unset until a carrier upload starts (documents are only stored for most carriers). */
  carrier_upload_status?: 'pending' | 'complete' | 'error';
  message?: string;
  uploaded_at: string;
  updated_at: string;
}

/** The Shipment aggregate's state, rebuilt by folding `evolve` over its events. */
export interface ShipmentState {
  /** False until the first event; every other field is meaningless then. */
  exists: boolean;
  shipment_id: string;
  tenant_id: string;
  status: ShipmentStatus;
  content: ShipmentContent;
  carrier_account?: AssignedCarrierAccount;
  /** Problems of the latest booking or validation (ERRORs and WARNINGs). */
  error_details: ErrorDetail[];
  /** One timestamp per status reached (the latest time it was reached). */
  key_milestones: Partial<Record<ShipmentStatus, string>>;
  creation_date: string;
  update_date: string;
  confirmation_date?: string;
  /** The booking request awaiting the carrier's answer; answers for other attempts are stale. */
  booking_attempt_id?: string;
  tracking_no?: string;
  labels: LabelUrls;
  tracking: TrackingDetails;
  parcel_tracking_numbers: { parcel_id: string; tracking_number: string }[];
  carrier_data?: Record<string, unknown>;
  reason_code?: string;
  promised_delivery_date?: string;
  original_promised_delivery_date?: string;
  /** Estimates from the service-level rules (the carrier's own estimated_delivery_date, in tracking, wins when shown). */
  service_levels?: ServiceLevelEstimates;
  documents: ShipmentDocumentState[];
  /** The latest estimate (draft only); a later edit of the draft does not clear it. */
  estimated_shipping_cost?: ShippingCost;
  /** Times the status became failed_delivery_attempt. */
  failed_delivery_attempts: number;
  /** Number of events folded in (the stream's next revision). */
  version: number;
}

export function initialShipmentState(): ShipmentState {
  return {
    exists: false,
    shipment_id: '',
    tenant_id: '',
    status: 'draft',
    content: {},
    error_details: [],
    key_milestones: {},
    creation_date: '',
    update_date: '',
    labels: {},
    tracking: {},
    parcel_tracking_numbers: [],
    documents: [],
    failed_delivery_attempts: 0,
    version: 0,
  };
}
