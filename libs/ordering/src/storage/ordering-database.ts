import type { Json, Timestamp } from '@shipledger/database';
import type { OrderState } from '../domain/order/order.state';
import type { OrderStatus } from '../domain/order/order.status';

/**
 * The Ordering context's tables: the order-list read model (`rm_order_list`, order-list.migrations.ts).
 * Kept by hand beside the migrations: a column added there is added here, and the compiler then
 * checks every query that names it.
 */
export type OrderListTables = {
  orders: {
    tenant_id: string;
    order_id: string;
    revision: number;
    merchant: string | null;
    partner_order_reference: string | null;
    status: OrderStatus;
    order_date: Timestamp | null;
    creation_date: Timestamp;
    update_date: Timestamp;
    state: Json<OrderState>;
  };
};
