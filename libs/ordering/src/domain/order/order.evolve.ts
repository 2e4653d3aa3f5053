import type { FulfillmentOrder, LineItem } from './order.content';
import type { OrderEvent } from './order.events';
import { initialOrderState, type OrderState } from './order.state';

/** Folds one event into the state. Total: never throws, whatever the event order. */
export function evolve(state: OrderState, event: OrderEvent): OrderState {
  const next = applyEvent(state, event);
  return { ...next, update_date: event.data.at, version: state.version + 1 };
}

/** Rebuilds an order from its events (oldest first). */
export function fold(events: readonly OrderEvent[], from: OrderState = initialOrderState()): OrderState {
  return events.reduce(evolve, from);
}

function putFo(fos: readonly FulfillmentOrder[], fo: FulfillmentOrder): FulfillmentOrder[] {
  return fos.some((existing) => existing.fulfillment_order_id === fo.fulfillment_order_id)
    ? fos.map((existing) => (existing.fulfillment_order_id === fo.fulfillment_order_id ? fo : existing))
    : [...fos, fo];
}

function putLines(lines: readonly LineItem[], changed: readonly LineItem[]): LineItem[] {
  return lines.map((line) => changed.find((next) => next.id === line.id) ?? line);
}

function applyEvent(state: OrderState, event: OrderEvent): OrderState {
  const fos = state.fulfillment_orders;
  switch (event.type) {
    case 'OrderCreated':
      return {
        ...initialOrderState(),
        exists: true,
        order_id: event.data.order_id,
        tenant_id: event.data.tenant_id,
        content: event.data.content,
        line_items: event.data.line_items,
        auto_allocation_failed: event.data.auto_allocation_failed,
        creation_date: event.data.at,
      };
    case 'OrderUpdated':
      return {
        ...state,
        content: { ...state.content, ...event.data.changes },
        line_items: event.data.line_items ?? state.line_items,
      };
    case 'OrderCancelled':
      return {
        ...state,
        cancellation_reason: event.data.cancellation_reason,
        line_items: event.data.line_items,
        fulfillment_orders: event.data.fulfillment_orders,
      };
    case 'OrderStatusRecalculated':
      return { ...state, status: event.data.to };
    case 'FulfillmentOrderCreated':
    case 'FulfillmentOrderUpdated':
    case 'FulfillmentOrderFulfilled':
    case 'FulfillmentOrderUnfulfilled':
    case 'FulfillmentOrderLineItemsShipped':
    case 'FulfillmentOrderLocationUpdated':
    case 'FulfillmentOrderDetailsUpdated':
      return { ...state, fulfillment_orders: putFo(fos, event.data.fulfillment_order) };
    case 'FulfillmentOrderRemoved':
      return { ...state, fulfillment_orders: fos.filter((fo) => fo.fulfillment_order_id !== event.data.fulfillment_order_id) };
    case 'FulfillmentOrderMerged':
      return { ...state, fulfillment_orders: putFo(putFo(fos, event.data.source), event.data.destination) };
    case 'FulfillmentOrderSplit':
      return { ...state, fulfillment_orders: putFo(putFo(fos, event.data.fulfillment_order), event.data.new_fulfillment_order) };
    case 'FulfillmentOrderLineItemsCancelled':
      return {
        ...state,
        fulfillment_orders: putFo(fos, event.data.fulfillment_order),
        line_items: putLines(state.line_items, event.data.order_line_items),
      };
    default: {
      // Exhaustive at compile time; an unknown type read from an older or newer writer leaves the state as is.
      const _unknown: never = event;
      return state;
    }
  }
}
