import type { FulfillmentOrder } from './order.content';
import type { FoLineItemStatus, OrderStatus } from './order.status';

/** Quantities of all FO line items of an order, by status. */
export type StatusQuantities = Record<FoLineItemStatus, number>;

export interface RecalculationInput {
  quantities: StatusQuantities;
  /** The order was cancelled by POST /orders/{reference}/cancel. */
  cancelled: boolean;
}

/** Everything not cancelled: the quantity the order still has to deliver or has delivered. */
export function activeQuantity(q: StatusQuantities): number {
  return q.open + q.allocated + q.fulfilled + q.closed;
}

/**
 * The order status recalculation (the spec does not show it): the first row whose condition holds
 * gives the status. Documented as a table in docs/api/orders.md; one unit test per row.
 */
export const ORDER_STATUS_RULES: readonly { status: OrderStatus; when: string; holds: (input: RecalculationInput) => boolean }[] = [
  {
    status: 'cancelled',
    when: 'the order was cancelled, or every unit is cancelled',
    holds: ({ cancelled, quantities }) => cancelled || (activeQuantity(quantities) === 0 && quantities.cancelled > 0),
  },
  {
    status: 'closed',
    when: 'every active unit is closed (fulfilled without shipping)',
    holds: ({ quantities: q }) => q.closed > 0 && q.closed === activeQuantity(q),
  },
  {
    status: 'fulfilled',
    when: 'every active unit is fulfilled or closed, at least one fulfilled',
    holds: ({ quantities: q }) => q.fulfilled > 0 && q.fulfilled + q.closed === activeQuantity(q),
  },
  {
    status: 'partially_fulfilled',
    when: 'some active units are fulfilled or closed, others are open or allocated',
    holds: ({ quantities: q }) => q.fulfilled + q.closed > 0,
  },
  {
    status: 'allocated',
    when: 'every active unit is allocated',
    holds: ({ quantities: q }) => q.allocated > 0 && q.allocated === activeQuantity(q),
  },
  {
    status: 'partially_allocated',
    when: 'some active units are allocated, others open',
    holds: ({ quantities: q }) => q.allocated > 0,
  },
  {
    status: 'open',
    when: 'otherwise: no unit allocated (or no units at all)',
    holds: () => true,
  },
];

export function quantitiesByStatus(fulfillmentOrders: readonly FulfillmentOrder[]): StatusQuantities {
  const quantities: StatusQuantities = { open: 0, allocated: 0, fulfilled: 0, cancelled: 0, closed: 0 };
  for (const fo of fulfillmentOrders) {
    for (const item of fo.line_items) quantities[item.status] += item.quantity;
  }
  return quantities;
}

/** Pure: the order status its FO line items (and an explicit cancel) call for. */
export function recalculateStatus(input: RecalculationInput): OrderStatus {
  const row = ORDER_STATUS_RULES.find((rule) => rule.holds(input));
  return row ? row.status : 'open';
}
