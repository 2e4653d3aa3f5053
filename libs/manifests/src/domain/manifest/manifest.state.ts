import type { ManifestErrorDetail, ManifestHeader } from './manifest.events';
import type { ManifestStatus } from './manifest.status';

/** The Manifest aggregate's state, folded from its events. */
export interface ManifestState extends ManifestHeader {
  exists: boolean;
  status: ManifestStatus;
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
