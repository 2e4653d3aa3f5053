import type { Kysely } from 'kysely';
import type { Projector } from '@shipledger/projections';
import type { RecordedEvent } from '@shipledger/event-store';
import { evolve } from '../../domain/shipment/shipment.evolve';
import { SHIPMENT_EVENT_TYPES, type ShipmentEvent } from '../../domain/shipment/shipment.events';
import { initialShipmentState, type ShipmentState } from '../../domain/shipment/shipment.state';
import { shipmentListMigrations } from './shipment-list.migrations';
import { newMilestones, type Milestone } from './milestones';
import { searchTermsOfState } from './search-terms';
import { SHIPMENT_LIST_PROJECTOR } from './shipment-list.queries';

const STREAM_PREFIX = 'shipment-';
/** Reference reservation streams share the prefix; their events are not the shipment's. */
const REFERENCE_STREAM_PREFIX = 'shipment-ref-';

interface StoredRow {
  revision: number;
  state: ShipmentState;
  milestones: Milestone[];
}

/**
 * The shipment-list read model: one row per shipment (filters, paging, bulk status) plus its search
 * terms. Apply is idempotent: an event at or below the row's revision was already folded in.
 */
export const shipmentListProjector: Projector = {
  name: SHIPMENT_LIST_PROJECTOR,
  version: 1,
  handles: SHIPMENT_EVENT_TYPES,
  migrations: shipmentListMigrations,
  async apply(db: Kysely<any>, event: RecordedEvent): Promise<void> {
    if (!event.streamId.startsWith(STREAM_PREFIX) || event.streamId.startsWith(REFERENCE_STREAM_PREFIX)) return;
    const tenantId = event.metadata.tenantId;
    const shipmentId = event.streamId.slice(STREAM_PREFIX.length);
    const row = await db.selectFrom('shipments').select(['revision', 'state', 'milestones'])
      .where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId)
      .executeTakeFirst() as StoredRow | undefined;
    if (row && row.revision >= event.revision) return;

    const before = row?.state ?? initialShipmentState();
    const after = evolve(before, event as unknown as ShipmentEvent);
    if (!after.exists) return;
    const milestones = [...(row?.milestones ?? []), ...newMilestones(before, after)];
    const columns = {
      revision: event.revision,
      merchant: after.content.merchant ?? null,
      partner_shipment_reference: after.content.references?.partner_shipment_reference ?? null,
      partner_order_reference: after.content.references?.partner_order_reference ?? null,
      entity_type: after.content.entity_type ?? null,
      status: after.status,
      creation_date: after.creation_date,
      update_date: after.update_date,
      // jsonb parameters go as text: the pg driver would turn a JS array into a Postgres array.
      state: JSON.stringify(after),
      milestones: JSON.stringify(milestones),
    };
    await db.insertInto('shipments')
      .values({ tenant_id: tenantId, shipment_id: shipmentId, ...columns })
      .onConflict((oc) => oc.columns(['tenant_id', 'shipment_id']).doUpdateSet(columns))
      .execute();

    const terms = searchTermsOfState(after);
    if (row && sameSet(searchTermsOfState(before), terms)) return;
    if (row) {
      await db.deleteFrom('search_terms')
        .where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId).execute();
    }
    if (terms.length > 0) {
      await db.insertInto('search_terms')
        .values(terms.map((term) => ({ tenant_id: tenantId, shipment_id: shipmentId, term, creation_date: after.creation_date })))
        .execute();
    }
  },
};

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((term) => set.has(term));
}
