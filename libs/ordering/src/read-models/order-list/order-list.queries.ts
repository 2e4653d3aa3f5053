import type { Kysely } from 'kysely';
import type { OrderListTables } from '../../storage/ordering-database';
import { readModelSchema } from '@shipledger/projections';
import type { OrderState } from '../../domain/order/order.state';
import type { OrderStatus } from '../../domain/order/order.status';
import { ORDER_LIST_PROJECTOR } from './order-list.projector';

/** GET /orders, parsed and checked. */
export interface ListOrdersQuery {
  merchants: string[];
  statuses: OrderStatus[];
  partnerOrderReference?: string;
  orderDateFrom?: string;
  orderDateTo?: string;
  page: number;
  pageSize: number;
}

/** Merchants a caller may see: '*' or a list (the auth context's merchants). */
export type MerchantScope = readonly string[] | '*';

/** One page of the tenant's orders, newest first, among the merchants the caller may see. */
export async function listOrders(db: Kysely<OrderListTables>, tenantId: string, query: ListOrdersQuery, scope: MerchantScope): Promise<OrderState[]> {
  const requested = query.merchants;
  const merchants = scope === '*' ? (requested.length > 0 ? requested : '*') : (requested.length > 0 ? requested.filter((m) => scope.includes(m)) : scope);
  if (merchants !== '*' && merchants.length === 0) return [];
  let select = db.withSchema(readModelSchema(ORDER_LIST_PROJECTOR)).selectFrom('orders').select('state').where('tenant_id', '=', tenantId);
  if (merchants !== '*') select = select.where('merchant', 'in', [...merchants]);
  if (query.statuses.length > 0) select = select.where('status', 'in', query.statuses);
  if (query.partnerOrderReference !== undefined) select = select.where('partner_order_reference', '=', query.partnerOrderReference);
  if (query.orderDateFrom) select = select.where('order_date', '>=', query.orderDateFrom);
  if (query.orderDateTo) select = select.where('order_date', '<=', query.orderDateTo);
  const rows = await select.orderBy('creation_date', 'desc').orderBy('order_id', 'desc')
    .limit(query.pageSize).offset(query.page * query.pageSize).execute();
  return rows.map((row) => row.state as OrderState);
}
