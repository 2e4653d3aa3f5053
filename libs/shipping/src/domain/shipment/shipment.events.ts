import type {
  AssignedCarrierAccount,
  ShippingCost,
  ErrorDetail,
  Parcel,
  Schedule,
  ShipmentContent,
  ShipmentPatch,
} from './shipment.content';
import type { AppliedServiceLevel } from './shipment.service-levels';
import type { ShipmentStatus } from './shipment.status';
import type { ShipmentRouting } from './shipment.routing';

/**
 * Every event of the Shipment aggregate (stream `shipment-<shipment_id>`). Facts only, JSON-safe, and
 * each says who (`actor`: the client id, 'system', 'carrier:<code>') and when (`at`, ISO with ms).
 * These shapes are a contract with the read models and the carriers reactors: never change one in
 * place — add a new type or a new optional field.
 */
export interface Stamp {
  at: string;
  actor: string;
}

type Event<TType extends string, TData> = { type: TType; data: TData & Stamp };

export interface LabelUrls {
  default_label_url?: string;
  carrier_pdf_label_url?: string;
  service_pdf_label_url?: string;
  service_zpl_label_url?: string;
}

export interface TrackingDetails {
  carrier_status?: string;
  carrier_status_description?: string;
  carrier_status_location?: string;
  carrier_status_date?: string;
  tracking_url?: string;
  driver_name?: string;
  driver_phone?: string;
  recipient_name?: string;
  proof_of_delivery?: string;
  estimated_delivery_date?: string;
  reason_code?: string;
}

export interface StoredDocumentFacts {
  document_id: string;
  document_name: string;
  /** sha256 (hex) of the PDF bytes; the bytes live in the documents table, not in the event. */
  content_sha256: string;
  size_bytes: number;
}

/** Created as a draft: stored only, nothing sent to a carrier. */
export type ShipmentDraftCreated = Event<'ShipmentDraftCreated', {
  shipment_id: string;
  tenant_id: string;
  content: ShipmentContent;
}>;

/** Created to be confirmed at once; ShipmentConfirmed or ShipmentValidationFailed follows in the same append. */
export type ShipmentCreated = Event<'ShipmentCreated', {
  shipment_id: string;
  tenant_id: string;
  content: ShipmentContent;
}>;

/** PUT (`mode: 'replace'`, content is the whole new request) or PATCH/confirm/reprocess body (`'merge'`). */
export type ShipmentUpdated = Event<'ShipmentUpdated', {
  mode: 'replace' | 'merge';
  changes: Omit<ShipmentPatch, 'custom_attributes'>;
}>;

/** Custom attributes merged one by one; `null` removed the attribute. */
export type CustomAttributesChanged = Event<'CustomAttributesChanged', {
  changes: Record<string, string[] | null>;
}>;

/** Booking validation passed (warnings kept) and a carrier account was assigned: status pending. */
export type ShipmentConfirmed = Event<'ShipmentConfirmed', {
  carrier_account: AssignedCarrierAccount;
  /** Which automation rule chose the account and why earlier rules did not match (routing only). */
  routing?: ShipmentRouting;
  warnings: ErrorDetail[];
}>;

/** Booking validation failed synchronously (no carrier, missing data): status error. */
export type ShipmentValidationFailed = Event<'ShipmentValidationFailed', {
  /** Present when routing ran: why no rule chose an account (no_carrier_assigned), or which did. */
  routing?: ShipmentRouting;
  error_details: ErrorDetail[];
}>;

/** Ask the carriers reactor to book; `booking_attempt_id` correlates the answer (ShipmentBooked/…Failed). */
export type ShipmentBookingRequested = Event<'ShipmentBookingRequested', {
  booking_attempt_id: string;
  carrier_account: AssignedCarrierAccount;
  reason: 'confirm' | 'reprocess' | 'reassign';
}>;

/** Booked by the carrier (or, with `pre_booked`, taken as given from pre_booking_info): status booked. */
export type ShipmentBooked = Event<'ShipmentBooked', {
  booking_attempt_id: string;
  tracking_no: string;
  carrier: string;
  pre_booked?: boolean;
  labels?: LabelUrls;
  parcel_tracking_numbers?: { parcel_id: string; tracking_number: string }[];
  /** Carrier-specific facts (its own booking reference, service code...). */
  carrier_data?: Record<string, unknown>;
}>;

/** The carrier rejected the booking: status error. */
export type ShipmentBookingFailed = Event<'ShipmentBookingFailed', {
  booking_attempt_id: string;
  error_details: ErrorDetail[];
}>;

export type ShipmentCancelled = Event<'ShipmentCancelled', {
  previous_status: ShipmentStatus;
  update_reason_code?: string;
}>;

/** Reprocess from its status list: status pending, a new booking request follows. */
export type ShipmentReprocessed = Event<'ShipmentReprocessed', {
  routing?: ShipmentRouting;
  previous_status: ShipmentStatus;
  carrier_account: AssignedCarrierAccount;
  warnings: ErrorDetail[];
}>;

/** Reassigned (or retried with the same account): status pending, a new booking request follows. */
export type ShipmentReassigned = Event<'ShipmentReassigned', {
  routing?: ShipmentRouting;
  previous_status: ShipmentStatus;
  previous_carrier_account?: AssignedCarrierAccount;
  carrier_account: AssignedCarrierAccount;
}>;

export type ShipmentReadyToShip = Event<'ShipmentReadyToShip', {
  previous_status: ShipmentStatus;
  /** Present when the call carried a parcel update (which replaced the parcels). */
  parcels?: Parcel[];
}>;

/** A manual move through update-status (the spec's manual table). */
export type ShipmentStatusChanged = Event<'ShipmentStatusChanged', {
  from: ShipmentStatus;
  to: ShipmentStatus;
  /** The update_date the merchant supplied, if any. */
  update_date?: string;
}>;

/** A carrier tracking update; `status` when it moves the shipment. */
export type ShipmentTrackingUpdated = Event<'ShipmentTrackingUpdated', {
  status?: ShipmentStatus;
  tracking: TrackingDetails;
  /** Older than the last applied update (out of order): kept for history, folds to no change. */
  stale?: boolean;
}>;

export type ShipmentLabelGenerated = Event<'ShipmentLabelGenerated', {
  labels: LabelUrls;
}>;

/** label/refresh found no default label: the labels reactor regenerates it. */
export type ShipmentLabelRefreshRequested = Event<'ShipmentLabelRefreshRequested', Record<never, never>>;

export type ParcelsUpdated = Event<'ParcelsUpdated', { parcels: Parcel[] }>;

export type DeliveryPromiseUpdated = Event<'DeliveryPromiseUpdated', {
  promised_delivery_date: string;
  /** The first promise ever made; kept unchanged by later revisions. */
  original_promised_delivery_date: string;
}>;

export type DeliveryScheduleUpdated = Event<'DeliveryScheduleUpdated', { schedule: Schedule }>;

export type CollectionScheduleUpdated = Event<'CollectionScheduleUpdated', { schedule: Schedule }>;

export type DocumentUploaded = Event<'DocumentUploaded', StoredDocumentFacts>;

export type DocumentReplaced = Event<'DocumentReplaced', StoredDocumentFacts>;

export type DocumentUploadStatusChanged = Event<'DocumentUploadStatusChanged', {
  document_id: string;
  carrier_upload_status: 'pending' | 'complete' | 'error';
  message?: string;
}>;

/** The carrier's price for a draft; `carrier_account` is the account that quoted it. */
export type ShipmentShippingCostEstimated = Event<'ShipmentShippingCostEstimated', {
  estimated_shipping_cost: ShippingCost;
  carrier_account: AssignedCarrierAccount;
}>;

/**
 * Dates from the tenant's service-level rules, on create or confirm (routing context). Only the dates
 * this event sets are present; `applied` names the rule behind each.
 */
export type ShipmentServiceLevelsEstimated = Event<'ShipmentServiceLevelsEstimated', {
  promised_delivery_date?: string;
  estimated_process_date?: string;
  estimated_ship_date?: string;
  estimated_delivery_date?: string;
  applied: AppliedServiceLevel[];
}>;

export type ShipmentEvent =
  | ShipmentDraftCreated
  | ShipmentCreated
  | ShipmentUpdated
  | CustomAttributesChanged
  | ShipmentConfirmed
  | ShipmentValidationFailed
  | ShipmentBookingRequested
  | ShipmentBooked
  | ShipmentBookingFailed
  | ShipmentCancelled
  | ShipmentReprocessed
  | ShipmentReassigned
  | ShipmentReadyToShip
  | ShipmentStatusChanged
  | ShipmentTrackingUpdated
  | ShipmentLabelGenerated
  | ShipmentLabelRefreshRequested
  | ParcelsUpdated
  | DeliveryPromiseUpdated
  | DeliveryScheduleUpdated
  | CollectionScheduleUpdated
  | DocumentUploaded
  | DocumentReplaced
  | DocumentUploadStatusChanged
  | ShipmentShippingCostEstimated
  | ShipmentServiceLevelsEstimated;

export type ShipmentEventType = ShipmentEvent['type'];

export const SHIPMENT_EVENT_TYPES: readonly ShipmentEventType[] = [
  'ShipmentDraftCreated',
  'ShipmentCreated',
  'ShipmentUpdated',
  'CustomAttributesChanged',
  'ShipmentConfirmed',
  'ShipmentValidationFailed',
  'ShipmentBookingRequested',
  'ShipmentBooked',
  'ShipmentBookingFailed',
  'ShipmentCancelled',
  'ShipmentReprocessed',
  'ShipmentReassigned',
  'ShipmentReadyToShip',
  'ShipmentStatusChanged',
  'ShipmentTrackingUpdated',
  'ShipmentLabelGenerated',
  'ShipmentLabelRefreshRequested',
  'ParcelsUpdated',
  'DeliveryPromiseUpdated',
  'DeliveryScheduleUpdated',
  'CollectionScheduleUpdated',
  'DocumentUploaded',
  'DocumentReplaced',
  'DocumentUploadStatusChanged',
  'ShipmentShippingCostEstimated',
  'ShipmentServiceLevelsEstimated',
];

/** Stream of the reference reservation (`shipment-ref-<tenant>-<sha256(ref)>`): holds the shipment id. */
export type ShipmentReferenceReserved = Event<'ShipmentReferenceReserved', {
  tenant_id: string;
  partner_shipment_reference: string;
  shipment_id: string;
}>;

/** The shipment moved to another reference; the old one may be reserved again. */
export type ShipmentReferenceReleased = Event<'ShipmentReferenceReleased', {
  tenant_id: string;
  partner_shipment_reference: string;
  shipment_id: string;
}>;

export type ShipmentReferenceEvent = ShipmentReferenceReserved | ShipmentReferenceReleased;
