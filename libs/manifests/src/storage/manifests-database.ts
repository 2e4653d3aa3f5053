import type { Json, Timestamp } from '@shipledger/database';
import type { ManifestState } from '../domain/manifest/manifest.state';
import type { ManifestStatus } from '../domain/manifest/manifest.status';

/**
 * The Manifests context's tables: the manifest-list read model (`rm_manifest_list`,
 * manifest-list.migrations.ts). Kept by hand beside the migrations: a column added there is added
 * here, and the compiler then checks every query that names it.
 */
export type ManifestListTables = {
  manifests: {
    tenant_id: string;
    manifest_id: string;
    revision: number;
    merchant: string;
    carrier_account_id: string;
    status: ManifestStatus;
    creation_date: Timestamp;
    update_date: Timestamp;
    state: Json<ManifestState>;
  };
};
