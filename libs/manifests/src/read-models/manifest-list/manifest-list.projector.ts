import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@shipledger/event-store';
import { foldOntoRow, type Projector } from '@shipledger/projections';
import { evolve, initialManifestState, manifestIdOf, MANIFEST_EVENT_TYPES, type ManifestEvent, type ManifestState } from '../../domain';
import type { ManifestListTables } from '../../storage/manifests-database';
import { manifestListMigrations } from './manifest-list.migrations';

export const MANIFEST_LIST_PROJECTOR = 'manifest-list';

/**
 * One row per manifest (GET /manifests: filters, paging), holding the folded state. Idempotent and
 * rebuildable: an event at or below the row's revision is already in it, and a rebuild folds every
 * manifest stream again from position 0.
 */
export const manifestListProjector: Projector = {
  name: MANIFEST_LIST_PROJECTOR,
  version: 1,
  handles: MANIFEST_EVENT_TYPES,
  migrations: manifestListMigrations,
  async apply(db: Kysely<ManifestListTables>, event: RecordedEvent): Promise<void> {
    const manifestId = manifestIdOf(event.streamId);
    if (!manifestId) return;
    const tenantId = event.metadata.tenantId;
    const row = await db.selectFrom('manifests').select(['revision', 'state'])
      .where('tenant_id', '=', tenantId).where('manifest_id', '=', manifestId).executeTakeFirst();
    const stored = row ? { revision: Number(row.revision), state: row.state as ManifestState } : undefined;
    const after = foldOntoRow(stored, [event], (before, { type, data }) => {
      const state = evolve(before?.state ?? initialManifestState(), { type, data } as ManifestEvent);
      return state.exists ? { revision: event.revision, state } : undefined;
    });
    if (!after) return;
    const { state } = after;
    const values = {
      revision: event.revision, merchant: state.merchant, carrier_account_id: state.carrier_account_id, status: state.status,
      creation_date: state.creation_date, update_date: state.update_date, state: JSON.stringify(state),
    };
    // Invariant: a row only moves forward; the runner holds the checkpoint lock (one writer per schema).
    await db.insertInto('manifests').values({ tenant_id: tenantId, manifest_id: manifestId, ...values })
      .onConflict((oc) => oc.columns(['tenant_id', 'manifest_id']).doUpdateSet(values)
        .where('manifests.revision', '<', event.revision))
      .execute();
  },
};
