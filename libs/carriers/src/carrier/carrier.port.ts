import type { CarrierRequirements, ErrorDetail, ShipmentContent, ShippingCost } from '@shipledger/shipping';
import type { CarrierAccount, CarrierCode, LabelKind } from '../accounts/carrier-account';

/** What a carrier integration can do; the lifecycle asks before it calls an optional operation. */
export interface CarrierCapabilities {
  cancellation: boolean;
  collectionScheduling: boolean;
  documentUpload: boolean;
  /** Labels the carrier itself produces (the service always renders service_pdf and service_zpl). */
  labelFormats: readonly LabelKind[];
}

export interface CarrierShipment {
  tenantId: string;
  shipmentId: string;
  content: ShipmentContent;
}

export interface BookingRequest {
  /** Deterministic (= the booking attempt id): the same request id returns the same booking. */
  requestId: string;
  account: CarrierAccount;
  shipment: CarrierShipment;
}

export interface CarrierBooking {
  trackingNo: string;
  parcelTrackingNumbers: { parcel_id: string; tracking_number: string }[];
  carrierReference?: string;
  trackingUrl?: string;
}

export type CarrierOutcome<T> = { ok: true; value: T } | { ok: false; errors: ErrorDetail[] };

export interface BookedShipmentRef {
  requestId: string;
  account: CarrierAccount;
  shipment: CarrierShipment;
  trackingNo: string;
}

export interface CarrierDocument {
  documentId: string;
  documentName: string;
  content: Buffer;
}

export interface RatingRequest {
  account: CarrierAccount;
  content: ShipmentContent;
  /** The request time: delivery promises count from it. */
  at: string;
}

export interface CarrierRate {
  serviceName: string;
  serviceDescription: string;
  estimatedDays: number;
  cost: ShippingCost;
}

/** A manifest handed over to the carrier: `requestId` makes a repeated submission return the same reference. */
export interface CarrierManifestRequest {
  requestId: string;
  account: CarrierAccount;
  manifestId: string;
  shipments: { shipment_id: string; tracking_no?: string }[];
  pickupFrom?: string;
  pickupTo?: string;
}

/**
 * The carrier port. `book` must be idempotent by request id: a worker that crashed after the call and
 * retries gets the same tracking number back instead of a second booking.
 */
export interface Carrier {
  readonly code: CarrierCode;
  readonly capabilities: CarrierCapabilities;
  book(request: BookingRequest): Promise<CarrierOutcome<CarrierBooking>>;
  cancel(booking: BookedShipmentRef): Promise<CarrierOutcome<true>>;
  /** The carrier's own PDF label, or undefined when it produces none. */
  fetchLabel(booking: BookedShipmentRef): Promise<Buffer | undefined>;
  scheduleCollection(booking: BookedShipmentRef): Promise<CarrierOutcome<true>>;
  uploadDocument(booking: BookedShipmentRef, document: CarrierDocument): Promise<CarrierOutcome<true>>;
  /** A price for the shipment as it stands, or the reasons the carrier would refuse it. Books nothing. */
  rate(request: RatingRequest): Promise<CarrierOutcome<CarrierRate>>;
  /** What this carrier needs for the account's shipments, checked before any booking (absent: nothing beyond the common checks). */
  requirements?(account: CarrierAccount): CarrierRequirements;
  /** Problems with an account's properties, as `property.KEY : problem` (account create and update). */
  checkAccount?(property: Readonly<Record<string, string>>): Promise<string[]>;
  /** Accepts a manifest (the day's hand-over) and answers the carrier's reference; absent: no electronic manifests. */
  submitManifest?(request: CarrierManifestRequest): Promise<CarrierOutcome<{ reference: string }>>;
}

/** A transient failure (no answer, network, 5xx): worth trying again within the retry budget. */
export class CarrierUnavailableError extends Error {
  override readonly name = 'CarrierUnavailableError';
}

export function carrierError(
  trigger: ErrorDetail['trigger'], code: string, message: string, field?: string, type: ErrorDetail['type'] = 'VALIDATION',
): ErrorDetail {
  return { level: 'ERROR', trigger, source: 'CARRIER', type, message, code, ...(field ? { field } : {}) };
}

export function unsupported(trigger: ErrorDetail['trigger'], what: string): CarrierOutcome<never> {
  return { ok: false, errors: [carrierError(trigger, 'operation_not_supported', `The carrier does not support ${what}`, undefined, 'TECHNICAL')] };
}
