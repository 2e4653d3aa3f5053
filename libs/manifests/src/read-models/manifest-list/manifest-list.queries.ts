import type { Kysely } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import type { ManifestState, ManifestStatus } from '../../domain';
import type { ManifestListTables } from '../../storage/manifests-database';
import { MANIFEST_LIST_PROJECTOR } from './manifest-list.projector';

export interface ListManifestsQuery {
  merchants?: readonly string[];
  status?: ManifestStatus;
  carrier_account?: string;
  creation_date_from?: string;
  creation_date_to?: string;
  page: number;
  page_size: number;
}

/** Newest first; `scope` is the caller's merchants ('*' = all). Deleted manifests are listed only when asked by status. */
export async function listManifests(db: Kysely<ManifestListTables>, tenantId: string, query: ListManifestsQuery, scope: readonly string[] | '*'): Promise<ManifestState[]> {
  if (scope !== '*' && scope.length === 0) return [];
  let select = db.withSchema(readModelSchema(MANIFEST_LIST_PROJECTOR)).selectFrom('manifests').select('state').where('tenant_id', '=', tenantId);
  if (scope !== '*') select = select.where('merchant', 'in', [...scope]);
  if (query.merchants && query.merchants.length > 0) select = select.where('merchant', 'in', [...query.merchants]);
  select = query.status ? select.where('status', '=', query.status) : select.where('status', '!=', 'deleted');
  if (query.carrier_account) select = select.where('carrier_account_id', '=', query.carrier_account);
  if (query.creation_date_from) select = select.where('creation_date', '>=', query.creation_date_from);
  if (query.creation_date_to) select = select.where('creation_date', '<=', query.creation_date_to);
  const rows = await select.orderBy('creation_date', 'desc').orderBy('manifest_id', 'desc')
    .limit(query.page_size).offset(query.page * query.page_size).execute();
  return rows.map((row) => row.state as ManifestState);
}
