import { sql, type Kysely } from 'kysely';
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
    if (event.revision === 0) return insertCreated(db, tenantId, shipmentId, event);
    const row = await db.selectFrom('shipments').select(['revision', 'state', 'milestones'])
      .where('tenant_id', '=', tenantId).where('shipment_id', '=', shipmentId)
      .executeTakeFirst() as StoredRow | undefined;
    if (row && row.revision >= event.revision) return;

    const before = row?.state ?? initialShipmentState();
    const after = evolve(before, event as unknown as ShipmentEvent);
    if (!after.exists) return;
    const milestones = [...(row?.milestones ?? []), ...newMilestones(before, after)];
    const columns = rowColumns(event.revision, after, milestones);
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

/**
 * The stream's first event, in one statement: the row, and its search terms only if the row is new
 * (a replayed creation finds the row there, inserts nothing, and so adds no terms either).
 */
async function insertCreated(db: Kysely<any>, tenantId: string, shipmentId: string, event: RecordedEvent): Promise<void> {
  const before = initialShipmentState();
  const after = evolve(before, event as unknown as ShipmentEvent);
  if (!after.exists) return;
  const terms = searchTermsOfState(after);
  await db
    .with('created', (q) => q.insertInto('shipments')
      .values({ tenant_id: tenantId, shipment_id: shipmentId, ...rowColumns(0, after, newMilestones(before, after)) })
      .onConflict((oc) => oc.columns(['tenant_id', 'shipment_id']).doNothing())
      .returning(['tenant_id', 'shipment_id', 'creation_date']))
    .insertInto('search_terms')
    .columns(['tenant_id', 'shipment_id', 'term', 'creation_date'])
    .expression((eb) => eb.selectFrom('created')
      .select(['created.tenant_id', 'created.shipment_id', sql<string>`unnest(${terms}::text[])`.as('term'), 'created.creation_date']))
    .execute();
}

function rowColumns(revision: number, state: ShipmentState, milestones: readonly Milestone[]) {
  return {
    revision,
    merchant: state.content.merchant ?? null,
    partner_shipment_reference: state.content.references?.partner_shipment_reference ?? null,
    partner_order_reference: state.content.references?.partner_order_reference ?? null,
    // The presenter shows a shipment without entity_type as FORWARD; the filter must agree.
    entity_type: state.content.entity_type ?? 'FORWARD',
    status: state.status,
    creation_date: state.creation_date,
    update_date: state.update_date,
    // jsonb parameters go as text: the pg driver would turn a JS array into a Postgres array.
    state: JSON.stringify(state),
    milestones: JSON.stringify(milestones),
  };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((term) => set.has(term));
}
