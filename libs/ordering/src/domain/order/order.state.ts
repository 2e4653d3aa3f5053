import type { FulfillmentOrder, LineItem, OrderContent } from './order.content';
import type { CancellationReason, OrderStatus } from './order.status';

/** The Order aggregate's state, rebuilt by folding `evolve` over its events. */
export interface OrderState {
  /** False until the first event; every other field is meaningless then. */
  exists: boolean;
  order_id: string;
  tenant_id: string;
  status: OrderStatus;
  auto_allocation_failed: boolean;
  cancellation_reason?: CancellationReason;
  content: OrderContent;
  line_items: LineItem[];
  fulfillment_orders: FulfillmentOrder[];
  creation_date: string;
  update_date: string;
  /** Number of events folded in (the stream's next revision). */
  version: number;
}

export function initialOrderState(): OrderState {
  return {
    exists: false,
    order_id: '',
    tenant_id: '',
    status: 'open',
    auto_allocation_failed: false,
    content: {},
    line_items: [],
    fulfillment_orders: [],
    creation_date: '',
    update_date: '',
    version: 0,
  };
}
