import type { OrderEventType } from '@shipledger/ordering';

/**
 * Which webhook trigger an order event raises (where-the-spec-is-silent, "Webhook delivery"): one row per
 * event type of the Ordering context. An operation appends several events (a merge also updates and
 * removes FOs, then recalculates the status); only the event that names the operation raises its
 * trigger, the others raise none, so one operation is one delivery (plus ORDER_CLOSED when it closes
 * the order).
 */
export const ORDER_TRIGGERS = [
  'ORDER_CREATE', 'ORDER_UPDATE', 'ORDER_CANCEL', 'ORDER_CLOSED',
  'FULFILLMENT_ORDER_FULFILL', 'FULFILLMENT_ORDER_UNFULFILL', 'FULFILLMENT_ORDER_MERGE', 'FULFILLMENT_ORDER_SPLIT',
  'FULFILLMENT_ORDER_UPDATE_LOCATION', 'FULFILLMENT_ORDER_SHIP_LINE_ITEMS', 'FULFILLMENT_ORDER_CANCEL_LINE_ITEMS',
  'FULFILLMENT_ORDER_UPDATE_DETAILS',
] as const;
export type OrderTrigger = (typeof ORDER_TRIGGERS)[number];

/** The envelope's `operation`: the order appeared (INSERT) or changed (MODIFY), as in a change stream. */
export type OrderOperation = 'INSERT' | 'MODIFY';

type OrderTriggerRule = OrderTrigger | null | ((data: Record<string, unknown>) => OrderTrigger | null);

/** Event type → trigger (null: raises none). Every order event type has a row: adding one is one line. */
export const ORDER_EVENT_TRIGGERS: Readonly<Record<OrderEventType, OrderTriggerRule>> = {
  OrderCreated: 'ORDER_CREATE',
  OrderUpdated: 'ORDER_UPDATE',
  OrderCancelled: 'ORDER_CANCEL',
  OrderStatusRecalculated: (data) => (data.to === 'closed' ? 'ORDER_CLOSED' : null),
  FulfillmentOrderCreated: null,
  FulfillmentOrderUpdated: null,
  FulfillmentOrderRemoved: null,
  FulfillmentOrderFulfilled: 'FULFILLMENT_ORDER_FULFILL',
  FulfillmentOrderUnfulfilled: 'FULFILLMENT_ORDER_UNFULFILL',
  FulfillmentOrderMerged: 'FULFILLMENT_ORDER_MERGE',
  FulfillmentOrderSplit: 'FULFILLMENT_ORDER_SPLIT',
  FulfillmentOrderLineItemsCancelled: 'FULFILLMENT_ORDER_CANCEL_LINE_ITEMS',
  FulfillmentOrderLineItemsShipped: 'FULFILLMENT_ORDER_SHIP_LINE_ITEMS',
  FulfillmentOrderLocationUpdated: 'FULFILLMENT_ORDER_UPDATE_LOCATION',
  FulfillmentOrderDetailsUpdated: 'FULFILLMENT_ORDER_UPDATE_DETAILS',
};

/** The trigger of one order event, or null. */
export function orderTrigger(type: string, data: Record<string, unknown>): OrderTrigger | null {
  const rule = (ORDER_EVENT_TRIGGERS as Record<string, OrderTriggerRule | undefined>)[type];
  if (rule === undefined || rule === null) return null;
  return typeof rule === 'function' ? rule(data) : rule;
}

export function orderOperation(type: string): OrderOperation {
  return type === 'OrderCreated' ? 'INSERT' : 'MODIFY';
}
