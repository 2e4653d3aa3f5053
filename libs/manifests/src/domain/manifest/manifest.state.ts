import type { ManifestErrorDetail, ManifestShipment } from './manifest.events';
import type { ManifestStatus } from './manifest.status';

/** The Manifest aggregate's state, folded from its events. */
export interface ManifestState {
  exists: boolean;
  manifest_id: string;
  tenant_id: string;
  status: ManifestStatus;
  merchant: string;
  carrier_account_id: string;
  carrier: string;
  carrier_account_name: string;
  pickup: string;
  pickup_schedule_from?: string;
  pickup_schedule_to?: string;
  ship_manifest_date?: string;
  shipments: ManifestShipment[];
  carrier_manifest_reference?: string | null;
  error_details: ManifestErrorDetail[];
  /** Submissions started (create, then each retry): a carrier answer names the one it answers. */
  submission: number;
  creation_date: string;
  update_date: string;
  shipped_date?: string;
}

export function initialManifestState(): ManifestState {
  return {
    exists: false, manifest_id: '', tenant_id: '', status: 'pending', merchant: '', carrier_account_id: '', carrier: '',
    carrier_account_name: '', pickup: '', shipments: [], error_details: [], submission: 0, creation_date: '', update_date: '',
  };
}
