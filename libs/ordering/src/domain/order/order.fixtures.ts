import type { FoLineItem, FulfillmentOrder, LineItem } from './order.content';
import type { OrderCommand } from './order.commands';
import { decide } from './order.decide';
import { OrderCommandRejected } from './order.errors';
import type { OrderEvent } from './order.events';
import { evolve, fold } from './order.evolve';
import { quantitiesByStatus, recalculateStatus } from './order.recalculate';
import type { OrderState } from './order.state';
import type { FoLineItemStatus, OrderStatus } from './order.status';

/** Test data for the decider specifications (pure, no framework). */
export const AT = '2026-11-21T10:15:00.000Z';
export const ACTOR = 'client-1';
export const STAMP = { at: AT, actor: ACTOR };
export const REMAINDER = { fulfillment_order_id: 'fo-rest' };

export function line(id: string, quantity: number, requires_shipping = true): LineItem {
  return { id, sku: `SKU-${id}`, quantity, requires_shipping, removed_quantity: 0 };
}

export function share(id: string, quantity: number, status: FoLineItemStatus, extra: Partial<FoLineItem> = {}): FoLineItem {
  const done = status === 'fulfilled' || status === 'closed';
  return { id, quantity, status, shipment_ids: status === 'fulfilled' ? ['shp-old'] : [], ...(done ? { fulfillment_id: 'f-1' } : {}), ...extra };
}

/** `location` null: an FO without a location. */
export function fo(id: string, items: FoLineItem[], location: string | null = 'loc-1', extra: Partial<FulfillmentOrder> = {}): FulfillmentOrder {
  return { fulfillment_order_id: id, location_id: location ?? undefined, line_items: items, ...extra };
}

/** An order holding these lines and FOs as given (evolve trusts its events), with its status recalculated. */
export function orderWith(lines: LineItem[], fos: FulfillmentOrder[], cancelled = false): OrderState {
  const events: OrderEvent[] = [
    { type: 'OrderCreated', data: { order_id: 'ord-1', tenant_id: 't-1', content: { merchant: 'SHOP1' }, line_items: lines, auto_allocation_failed: false, ...STAMP } },
    ...fos.map((each): OrderEvent => ({ type: 'FulfillmentOrderCreated', data: { fulfillment_order: each, ...STAMP } })),
  ];
  if (cancelled) {
    events.push({ type: 'OrderCancelled', data: { cancellation_reason: 'OTHER', line_items: lines, fulfillment_orders: fos, ...STAMP } });
  }
  const state = fold(events);
  const to = recalculateStatus({ quantities: quantitiesByStatus(state.fulfillment_orders), cancelled });
  return to === state.status ? state : evolve(state, { type: 'OrderStatusRecalculated', data: { from: state.status, to, ...STAMP } });
}

/** An order in each status, two lines of two units each. */
export function orderIn(status: OrderStatus): OrderState {
  const lines = [line('li-1', 2), line('li-2', 2)];
  const shapes: Record<OrderStatus, [FoLineItemStatus, FoLineItemStatus]> = {
    open: ['open', 'open'],
    partially_allocated: ['allocated', 'open'],
    allocated: ['allocated', 'allocated'],
    partially_fulfilled: ['fulfilled', 'allocated'],
    fulfilled: ['fulfilled', 'closed'],
    closed: ['closed', 'closed'],
    cancelled: ['cancelled', 'cancelled'],
  };
  const [first, second] = shapes[status];
  const fos = [fo('fo-1', [share('li-1', 2, first)]), fo('fo-2', [share('li-2', 2, second)], second === 'open' ? null : 'loc-1')];
  const state = orderWith(lines, fos, status === 'cancelled');
  if (state.status !== status) throw new Error(`fixture for ${status} came out ${state.status}`);
  return state;
}

export function run(command: OrderCommand, state: OrderState): OrderState {
  return fold(decide(command, state), state);
}

export function rejection(command: OrderCommand, state: OrderState): OrderCommandRejected {
  try {
    decide(command, state);
  } catch (error) {
    if (error instanceof OrderCommandRejected) return error;
    throw error;
  }
  throw new Error(`expected ${command.type} to be rejected`);
}

export function foOf(state: OrderState, id: string): FulfillmentOrder {
  const found = state.fulfillment_orders.find((each) => each.fulfillment_order_id === id);
  if (!found) throw new Error(`no FO ${id} in ${JSON.stringify(state.fulfillment_orders)}`);
  return found;
}
