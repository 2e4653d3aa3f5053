import type { ManifestErrorDetail, ManifestShipment } from './manifest.events';

interface Stamp {
  at: string;
  actor: string;
}

/** What the application found about one requested shipment (shipping's state, read through its index). */
export type ShipmentFacts =
  | { shipment_id: string; found: false }
  | (ManifestShipment & {
    found: true;
    status: string;
    carrier_account_id?: string;
    merchant?: string;
    /** partner_location_id of its pickup, or its pickup address as text. */
    pickup: string;
    /** The open manifest that holds it when the request was read (the reservation is the atomic check). */
    open_manifest?: string;
  });

export type CreateManifest = Stamp & {
  type: 'CreateManifest';
  manifest_id: string;
  tenant_id: string;
  merchant: string;
  /** The requested carrier account; undefined when the tenant has no such (usable) account. */
  carrier_account?: { carrier_account_id: string; carrier: string; carrier_account_name: string };
  requested_carrier_account_id: string;
  /** The requested pickup location; undefined: the first shipment's pickup, shared by all. */
  pickup?: string;
  pickup_schedule_from?: string;
  pickup_schedule_to?: string;
  ship_manifest_date?: string;
  /** In request order. */
  shipments: ShipmentFacts[];
};

/** The carrier's answer to submission number `submission` (a stale answer records nothing). */
export type RecordManifestSubmission = Stamp & {
  type: 'RecordManifestSubmission';
  submission: number;
  outcome: { ok: true; carrier_manifest_reference: string | null } | { ok: false; error_details: ManifestErrorDetail[] };
};

export type RetryManifest = Stamp & { type: 'RetryManifest' };
export type CancelManifest = Stamp & { type: 'CancelManifest' };
export type ShipManifest = Stamp & { type: 'ShipManifest' };
export type DeleteManifest = Stamp & { type: 'DeleteManifest' };

export type ManifestCommand = CreateManifest | RecordManifestSubmission | RetryManifest | CancelManifest | ShipManifest | DeleteManifest;
