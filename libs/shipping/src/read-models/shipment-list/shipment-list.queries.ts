import type { Kysely } from 'kysely';
import { readModelSchema } from '@shipledger/projections';
import type { ListShipmentsQuery } from '../../application/list-shipments/list-shipments.query';
import type { ShipmentState } from '../../domain/shipment/shipment.state';
import { normaliseSearchText, phoneDigits } from './search-terms';
import type { Milestone } from './milestones';

export const SHIPMENT_LIST_PROJECTOR = 'shipment-list';

/** Merchants a caller may see: '*' or a list (the auth context's merchants). */
export type MerchantScope = readonly string[] | '*';

function scoped(db: Kysely<any>): Kysely<any> {
  return db.withSchema(readModelSchema(SHIPMENT_LIST_PROJECTOR));
}

/** The merchants a list may show: those asked for (all when none), within the caller's scope. */
export function visibleMerchants(requested: readonly string[], scope: MerchantScope): MerchantScope {
  if (scope === '*') return requested.length > 0 ? requested : '*';
  return requested.length > 0 ? requested.filter((m) => scope.includes(m)) : scope;
}

/** One page of the tenant's shipments, newest first, among the merchants the caller may see. */
export async function listShipments(
  db: Kysely<any>, tenantId: string, query: ListShipmentsQuery, scope: MerchantScope,
): Promise<ShipmentState[]> {
  const merchants = visibleMerchants(query.merchants, scope);
  if (merchants !== '*' && merchants.length === 0) return [];
  let select = scoped(db).selectFrom('shipments as s').select('s.state').where('s.tenant_id', '=', tenantId);
  if (merchants !== '*') select = select.where('s.merchant', 'in', [...merchants]);
  if (query.entityType) select = select.where('s.entity_type', '=', query.entityType);
  if (query.orderRef) select = select.where('s.partner_order_reference', '=', query.orderRef);
  if (query.creationFrom) select = select.where('s.creation_date', '>=', query.creationFrom);
  if (query.creationTo) select = select.where('s.creation_date', '<=', query.creationTo);
  if (query.updateFrom || query.updateTo) {
    // The spec: the update range matches shipments created or updated in the period.
    const { updateFrom: from, updateTo: to } = query;
    select = select.where((eb) => eb.or(['s.creation_date', 's.update_date'].map((column) => eb.and([
      ...(from ? [eb(column, '>=', from)] : []),
      ...(to ? [eb(column, '<=', to)] : []),
    ]))));
  }
  if (query.searchString) {
    const patterns = searchPatterns(query.searchString);
    const matching = scoped(db).selectFrom('search_terms as t')
      .select('t.shipment_id')
      .where('t.tenant_id', '=', tenantId)
      .where((w) => w.or(patterns.map((p) => w('t.term', 'like', p))));
    select = select.where('s.shipment_id', 'in', matching);
  }
  const rows = await select
    .orderBy('s.creation_date', 'desc').orderBy('s.shipment_id', 'desc')
    .limit(query.pageSize).offset(query.page * query.pageSize)
    .execute();
  return rows.map((row) => row.state as ShipmentState);
}

/** LIKE patterns for a prefix search: the normalised text and, for a phone-like text, its digits. */
export function searchPatterns(searchString: string): string[] {
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const patterns = [`${escape(normaliseSearchText(searchString))}%`];
  const digits = phoneDigits(searchString);
  if (digits && digits !== normaliseSearchText(searchString)) patterns.push(`${digits}%`);
  return patterns;
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
  db: Kysely<any>, tenantId: string, ids: readonly string[], merchants: MerchantScope,
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
