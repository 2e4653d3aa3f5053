import type { CarrierRequirements } from './carrier-requirements';
import type {
  AssignedCarrierAccount,
  ErrorDetail,
  Parcel,
  ShippingCost,
  Schedule,
  ShipmentContent,
  ShipmentPatch,
} from './shipment.content';
import type { LabelUrls, Stamp, StoredDocumentFacts, TrackingDetails } from './shipment.events';
import type { ServiceLevelDates } from './shipment.service-levels';
import type { ShipmentStatus } from './shipment.status';
import type { ShipmentRouting } from './shipment.routing';

/** Who and when (Stamp): time and actor reach `decide` through the command, never from a clock. */
type Command<TType extends string, TData> = { type: TType } & TData & Stamp;

/**
 * The carrier the application resolved for a booking: an active account, a requested account that is
 * unknown or not usable, or none (no account requested and routing found none).
 */
export type CarrierAssignment =
  | { kind: 'assigned'; account: AssignedCarrierAccount; requirements?: CarrierRequirements; routing?: ShipmentRouting }
  | { kind: 'invalid'; requested: string }
  | { kind: 'none'; routing?: ShipmentRouting };

/** What every booking-triggering command carries. */
interface BookingInput {
  carrier: CarrierAssignment;
  /** Fresh id for the booking request this command may emit. */
  booking_attempt_id: string;
  /** What the shipment names that the tenant's configuration lacks (found by the application): booking errors. */
  reference_problems?: ErrorDetail[];
}

/** Dates the tenant's service-level rules give the shipment (absent: no rules, nothing to set). */
interface ServiceLevelInput {
  service_levels?: ServiceLevelDates;
}

export type CreateShipment = Command<'CreateShipment', BookingInput & ServiceLevelInput & {
  shipment_id: string;
  tenant_id: string;
  content: ShipmentContent;
  draft: boolean;
}>;

export type UpdateShipment = Command<'UpdateShipment', { mode: 'replace' | 'merge'; patch: ShipmentPatch }>;

export type ConfirmShipment = Command<'ConfirmShipment', BookingInput & ServiceLevelInput & { patch?: ShipmentPatch }>;

export type CancelShipment = Command<'CancelShipment', { update_reason_code?: string }>;

export type ReprocessShipment = Command<'ReprocessShipment', BookingInput & { patch?: ShipmentPatch }>;

/** `carrier.kind === 'none'`: no account given and routing found none — the call has no effect. */
export type ReassignShipment = Command<'ReassignShipment', BookingInput>;

export type MarkShipmentReadyToShip = Command<'MarkShipmentReadyToShip', { parcels?: Parcel[] }>;

export type UpdateShipmentStatus = Command<'UpdateShipmentStatus', { new_status: ShipmentStatus; update_date?: string }>;

export type UpdateParcels = Command<'UpdateParcels', { parcels: Parcel[] }>;

export type UpdateDeliveryPromise = Command<'UpdateDeliveryPromise', { promised_delivery_date: string }>;

export type UpdateDeliverySchedule = Command<'UpdateDeliverySchedule', { schedule: Schedule }>;

export type UpdateCollectionSchedule = Command<'UpdateCollectionSchedule', { schedule: Schedule }>;

/** single: refuses an id already on the shipment; bulk: creates or replaces; replace: must exist. */
export type UploadDocument = Command<'UploadDocument', { mode: 'single' | 'bulk' | 'replace'; document: StoredDocumentFacts }>;

/** What the carrier quoted for the shipment: a cost, or the reasons it could not be rated. */
export type ShippingQuote =
  | { kind: 'rated'; carrier_account: AssignedCarrierAccount; cost: ShippingCost }
  | { kind: 'unrated'; error_details: ErrorDetail[] };

export type EstimateShippingCost = Command<'EstimateShippingCost', { quote: ShippingQuote }>;

export type RefreshLabel = Command<'RefreshLabel', Record<never, never>>;

/** From the carriers reactor: the answer to booking request `booking_attempt_id`. */
export type RecordBookingSucceeded = Command<'RecordBookingSucceeded', {
  booking_attempt_id: string;
  tracking_no: string;
  carrier: string;
  labels?: LabelUrls;
  parcel_tracking_numbers?: { parcel_id: string; tracking_number: string }[];
  carrier_data?: Record<string, unknown>;
}>;

export type RecordBookingFailed = Command<'RecordBookingFailed', { booking_attempt_id: string; error_details: ErrorDetail[] }>;

/** `stale`: older than the last applied update — recorded in history, changes neither status nor tracking. */
export type RecordTrackingUpdate = Command<'RecordTrackingUpdate', { status?: ShipmentStatus; tracking: TrackingDetails; stale?: boolean }>;

export type RecordLabelGenerated = Command<'RecordLabelGenerated', { labels: LabelUrls }>;

export type RecordDocumentUploadStatus = Command<'RecordDocumentUploadStatus', {
  document_id: string;
  carrier_upload_status: 'pending' | 'complete' | 'error';
  message?: string;
}>;

export type ShipmentCommand =
  | CreateShipment
  | UpdateShipment
  | ConfirmShipment
  | CancelShipment
  | ReprocessShipment
  | ReassignShipment
  | MarkShipmentReadyToShip
  | UpdateShipmentStatus
  | UpdateParcels
  | UpdateDeliveryPromise
  | UpdateDeliverySchedule
  | UpdateCollectionSchedule
  | UploadDocument
  | EstimateShippingCost
  | RefreshLabel
  | RecordBookingSucceeded
  | RecordBookingFailed
  | RecordTrackingUpdate
  | RecordLabelGenerated
  | RecordDocumentUploadStatus;

export type ShipmentCommandType = ShipmentCommand['type'];
