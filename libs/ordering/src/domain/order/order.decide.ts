import type { OrderCommand } from './order.commands';
import { decideCancelLineItems, decideUpdateDetails, decideUpdateLocation } from './order.decide-fo-edits';
import { decideFulfill, decideShip, decideSplit, decideUnfulfill, type Stamp } from './order.decide-fulfillment';
import { decideMerge } from './order.decide-merge';
import { decideCancel, decideCreate, decideUpdate } from './order.decide-order';
import { reject } from './order.errors';
import type { OrderEvent } from './order.events';
import { evolve, fold } from './order.evolve';
import { OrderMessages } from './order.messages';
import { quantitiesByStatus, recalculateStatus } from './order.recalculate';
import { initialOrderState, type OrderState } from './order.state';
import { orderAccepts } from './order.transitions';

/**
 * Decides the events a command produces on an order, or throws OrderCommandRejected. Pure. Every
 * accepted command ends with the status recalculation (an OrderStatusRecalculated when it changes).
 */
export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  const stamp = { at: command.at, actor: command.actor };
  return withRecalculatedStatus(state, decideOperation(command, state, stamp), stamp);
}

function decideOperation(command: OrderCommand, state: OrderState, stamp: Stamp): OrderEvent[] {
  if (command.type === 'CreateOrder') return decideCreate(command, state, stamp);
  if (!state.exists) throw reject('order_not_found', OrderMessages.notFound(state.order_id));
  switch (command.type) {
    case 'UpdateOrder':
      if (!orderAccepts('update', state.status)) throw reject('order_not_updatable', OrderMessages.notUpdatable(state.order_id, state.status));
      return decideUpdate(command, state, stamp);
    case 'CancelOrder':
      if (!orderAccepts('cancel', state.status)) throw reject('order_not_cancellable', OrderMessages.notCancellable(state.order_id, state.status));
      return decideCancel(command, state, stamp);
    default:
      if (!orderAccepts('fulfillment_operation', state.status)) throw reject('order_cancelled', OrderMessages.orderCancelled(state.order_id));
      return decideFulfillmentOperation(command, state, stamp);
  }
}

function decideFulfillmentOperation(command: Exclude<OrderCommand, { type: 'CreateOrder' | 'UpdateOrder' | 'CancelOrder' }>, state: OrderState, stamp: Stamp): OrderEvent[] {
  switch (command.type) {
    case 'FulfillFulfillmentOrder':
      return decideFulfill(command, state, stamp);
    case 'UnfulfillFulfillmentOrder':
      return decideUnfulfill(command, state, stamp);
    case 'MergeFulfillmentOrders':
      return decideMerge(command, state, stamp);
    case 'SplitFulfillmentOrder':
      return decideSplit(command, state, stamp);
    case 'CancelFulfillmentOrderLineItems':
      return decideCancelLineItems(command, state, stamp);
    case 'ShipFulfillmentOrderLineItems':
      return decideShip(command, state, stamp);
    case 'UpdateFulfillmentOrderLocation':
      return decideUpdateLocation(command, state, stamp);
    case 'UpdateFulfillmentOrderDetails':
      return decideUpdateDetails(command, state, stamp);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown order command: ${JSON.stringify(unknown)}`);
    }
  }
}

function withRecalculatedStatus(state: OrderState, events: OrderEvent[], stamp: Stamp): OrderEvent[] {
  const after = fold(events, state);
  const status = recalculateStatus({ quantities: quantitiesByStatus(after.fulfillment_orders), cancelled: after.cancellation_reason !== undefined });
  if (status === after.status) return events;
  return [...events, { type: 'OrderStatusRecalculated', data: { from: after.status, to: status, ...stamp } }];
}

/** The aggregate as one value, in the shape the generic write path takes. */
export const orderDecider = { decide, evolve, initialState: initialOrderState };
