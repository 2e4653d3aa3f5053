import type { DomainEvent } from '@shipledger/ddd';

/** A shipment as the manifest lists it (fixed at creation: the PDF and the list show these). */
export interface ManifestShipment {
  shipment_id: string;
  partner_shipment_reference?: string;
  tracking_no?: string;
  parcel_count: number;
  /** Sum of the parcels' weights in kg; 0 when none was given. */
  weight_kg: number;
}

export interface ManifestErrorDetail {
  code: string;
  message: string;
}

interface Stamped {
  at: string;
  actor: string;
}

/** What a manifest is created with, and keeps (its state holds these fields as given). */
export interface ManifestHeader {
  manifest_id: string;
  tenant_id: string;
  merchant: string;
  carrier_account_id: string;
  carrier: string;
  carrier_account_name: string;
  /** The pickup location the shipments share (partner_location_id, or the address as text). */
  pickup: string;
  pickup_schedule_from?: string;
  pickup_schedule_to?: string;
  ship_manifest_date?: string;
  shipments: ManifestShipment[];
}

export type ManifestCreated = DomainEvent<'ManifestCreated', Stamped & ManifestHeader>;
export type ManifestSubmitted = DomainEvent<'ManifestSubmitted', Stamped & { carrier_manifest_reference: string | null }>;
export type ManifestSubmissionFailed = DomainEvent<'ManifestSubmissionFailed', Stamped & { error_details: ManifestErrorDetail[] }>;
export type ManifestRetried = DomainEvent<'ManifestRetried', Stamped>;
export type ManifestCancelled = DomainEvent<'ManifestCancelled', Stamped>;
export type ManifestShipped = DomainEvent<'ManifestShipped', Stamped>;
export type ManifestDeleted = DomainEvent<'ManifestDeleted', Stamped>;

export type ManifestEvent =
  | ManifestCreated
  | ManifestSubmitted
  | ManifestSubmissionFailed
  | ManifestRetried
  | ManifestCancelled
  | ManifestShipped
  | ManifestDeleted;

export const MANIFEST_EVENT_TYPES: readonly ManifestEvent['type'][] = [
  'ManifestCreated', 'ManifestSubmitted', 'ManifestSubmissionFailed', 'ManifestRetried',
  'ManifestCancelled', 'ManifestShipped', 'ManifestDeleted',
];
