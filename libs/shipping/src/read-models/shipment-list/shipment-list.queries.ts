import type { Kysely } from 'kysely';
import type { ShipmentListTables } from '../../storage/shipping-database';
import { readModelSchema } from '@shipledger/projections';
import type { ShipmentState } from '../../domain/shipment/shipment.state';
import { searchShipments, type SearchTuning } from './shipment-search';
import type { Milestone } from './milestones';

/** GET /shipments, parsed and checked (spec: Shipments table and Limits). */
export interface ListShipmentsQuery {
  searchString?: string;
  orderRef?: string;
  merchants: string[];
  entityType?: 'FORWARD' | 'REVERSE';
  creationFrom?: string;
  creationTo?: string;
  updateFrom?: string;
  updateTo?: string;
  page: number;
  pageSize: number;
}

export const SHIPMENT_LIST_PROJECTOR = 'shipment-list';

/** Merchants a caller may see: '*' or a list (the auth context's merchants). */
export type MerchantScope = readonly string[] | '*';

function scoped(db: Kysely<ShipmentListTables>): Kysely<ShipmentListTables> {
  return db.withSchema(readModelSchema(SHIPMENT_LIST_PROJECTOR));
}

/** The merchants a list may show: those asked for (all when none), within the caller's scope. */
export function visibleMerchants(requested: readonly string[], scope: MerchantScope): MerchantScope {
  if (scope === '*') return requested.length > 0 ? requested : '*';
  return requested.length > 0 ? requested.filter((m) => scope.includes(m)) : scope;
}

/** One page of the tenant's shipments, newest first, among the merchants the caller may see. */
export async function listShipments(
  db: Kysely<ShipmentListTables>, tenantId: string, query: ListShipmentsQuery, scope: MerchantScope, tuning?: SearchTuning,
): Promise<ShipmentState[]> {
  const merchants = visibleMerchants(query.merchants, scope);
  if (merchants !== '*' && merchants.length === 0) return [];
  const model = scoped(db);
  const filtered = () => {
    let select = model.selectFrom('shipments as s').where('s.tenant_id', '=', tenantId);
    if (merchants !== '*') select = select.where('s.merchant', 'in', [...merchants]);
    if (query.entityType === 'REVERSE') select = select.where('s.entity_type', '=', 'REVERSE');
    // Rows projected before entity_type defaulted to FORWARD hold NULL.
    if (query.entityType === 'FORWARD') select = select.where((eb) => eb.or([eb('s.entity_type', '=', 'FORWARD'), eb('s.entity_type', 'is', null)]));
    if (query.orderRef) select = select.where('s.partner_order_reference', '=', query.orderRef);
    if (query.creationFrom) select = select.where('s.creation_date', '>=', query.creationFrom);
    if (query.creationTo) select = select.where('s.creation_date', '<=', query.creationTo);
    if (query.updateFrom || query.updateTo) {
      // The spec: the update range matches shipments created or updated in the period.
      const { updateFrom: from, updateTo: to } = query;
      select = select.where((eb) => eb.or((['s.creation_date', 's.update_date'] as const).map((column) => eb.and([
        ...(from ? [eb(column, '>=', from)] : []),
        ...(to ? [eb(column, '<=', to)] : []),
      ]))));
    }
    return select;
  };
  const offset = query.page * query.pageSize;
  if (query.searchString) {
    return searchShipments(model, filtered, { tenantId, searchString: query.searchString, offset, limit: query.pageSize }, tuning);
  }
  const rows = await filtered().select('s.state')
    .orderBy('s.creation_date', 'desc').orderBy('s.shipment_id', 'desc')
    .limit(query.pageSize).offset(offset)
    .execute();
  return rows.map((row) => row.state as ShipmentState);
}

export interface BulkStatusItem {
  shipmentId: string;
  status: string;
  milestones: Milestone[];
}

/**
 * Current status and milestones of the given shipments (ids or partner_shipment_references), in the
 * order asked. Unknown ids, and shipments of other tenants or of merchants outside the scope, are left
 * out rather than reported, so the answer does not reveal whether they exist.
 */
export async function bulkStatus(
  db: Kysely<ShipmentListTables>, tenantId: string, ids: readonly string[], merchants: MerchantScope,
): Promise<BulkStatusItem[]> {
  if (ids.length === 0 || (merchants !== '*' && merchants.length === 0)) return [];
  let select = scoped(db).selectFrom('shipments')
    .select(['shipment_id', 'partner_shipment_reference', 'status', 'milestones'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('shipment_id', 'in', [...ids]), eb('partner_shipment_reference', 'in', [...ids])]));
  if (merchants !== '*') select = select.where('merchant', 'in', [...merchants]);
  const rows = await select.execute();
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    byKey.set(row.shipment_id, row);
    if (row.partner_shipment_reference && !byKey.has(row.partner_shipment_reference)) {
      byKey.set(row.partner_shipment_reference, row);
    }
  }
  const seen = new Set<string>();
  const items: BulkStatusItem[] = [];
  for (const id of ids) {
    const row = byKey.get(id);
    if (!row || seen.has(row.shipment_id)) continue;
    seen.add(row.shipment_id);
    items.push({ shipmentId: row.shipment_id, status: row.status, milestones: row.milestones });
  }
  return items;
}
