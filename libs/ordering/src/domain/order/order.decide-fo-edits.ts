import type {
  CancelFulfillmentOrderLineItems,
  UpdateFulfillmentOrderDetails,
  UpdateFulfillmentOrderLocation,
} from './order.commands';
import type { FoLineItem } from './order.content';
import type { Stamp } from './order.decide-fulfillment';
import { reject } from './order.errors';
import type { OrderEvent } from './order.events';
import { checkFoReferences, checkNamedItems, checkWholeFo, findFo, replaceFo } from './order.fo-lookup';
import { OrderMessages } from './order.messages';
import { normalizeItems, takeUnits } from './order.placement';
import type { OrderState } from './order.state';
import { foMoves, targetStatus } from './order.transitions';

/** Cancel line items: named open or allocated units are cancelled and taken off the order line. */
export function decideCancelLineItems(command: CancelFulfillmentOrderLineItems, state: OrderState, stamp: Stamp): OrderEvent[] {
  const fo = findFo(state, command);
  const named = checkNamedItems(state, fo, 'cancel_line_items', command.line_items);
  let items = fo.line_items;
  for (const { id, quantity } of named) {
    const { left, taken } = takeUnits(items, id, quantity, (item) => foMoves('cancel_line_items', item.status));
    const cancelled = taken.map((item): FoLineItem => ({
      ...item,
      status: targetStatus('cancel_line_items', item.status, fo),
      cancellation_reason: command.cancellation_reason,
    }));
    items = [...left, ...cancelled];
  }
  const orderLines = state.line_items
    .map((line) => {
      const quantity = named.find((item) => item.id === line.id)?.quantity ?? 0;
      return { ...line, quantity: line.quantity - quantity, removed_quantity: line.removed_quantity + quantity };
    })
    .filter((line) => named.some((item) => item.id === line.id));
  return [{
    type: 'FulfillmentOrderLineItemsCancelled',
    data: {
      fulfillment_order: { ...fo, line_items: normalizeItems(items) },
      cancellation_reason: command.cancellation_reason,
      line_items: named,
      order_line_items: orderLines,
      ...stamp,
    },
  }];
}

/** Update location (rule 6, resolved by the application): open and allocated units follow the new location. */
export function decideUpdateLocation(command: UpdateFulfillmentOrderLocation, state: OrderState, stamp: Stamp): OrderEvent[] {
  const fo = findFo(state, command);
  checkWholeFo(fo, 'update_location');
  const moved = { ...fo, location_id: command.location_id };
  moved.line_items = normalizeItems(fo.line_items.map((item) => (
    foMoves('update_location', item.status) ? { ...item, status: targetStatus('update_location', item.status, moved) } : item
  )));
  return [{ type: 'FulfillmentOrderLocationUpdated', data: { fulfillment_order: moved, previous_location_id: fo.location_id, ...stamp } }];
}

/** Update details: the FO's partner reference, or the partner references of its fulfillments (one of them). */
export function decideUpdateDetails(command: UpdateFulfillmentOrderDetails, state: OrderState, stamp: Stamp): OrderEvent[] {
  const fo = findFo(state, command);
  checkWholeFo(fo, 'update_details');
  const reference = command.partner_fulfillment_order_reference;
  const fulfillments = command.fulfillments;
  if ((reference === undefined) === (fulfillments === undefined)) {
    throw reject('update_details_not_possible', OrderMessages.detailsOneOf(), 'partner_fulfillment_order_reference');
  }
  let updated = fo;
  if (reference !== undefined) {
    updated = { ...fo, partner_fulfillment_order_reference: reference };
    checkFoReferences(replaceFo(state, updated));
  } else if (fulfillments !== undefined) {
    fulfillments.forEach(({ fulfillment_id }, index) => {
      if (!fo.line_items.some((item) => item.fulfillment_id === fulfillment_id)) {
        throw reject('fulfillment_not_found', OrderMessages.fulfillmentNotFound(fulfillment_id, fo.fulfillment_order_id), `fulfillments[${index}].fulfillment_id`);
      }
    });
    const items = fo.line_items.map((item) => {
      const named = fulfillments.find((entry) => entry.fulfillment_id === item.fulfillment_id);
      return named ? { ...item, partner_fulfillment_reference: named.partner_fulfillment_reference } : item;
    });
    updated = { ...fo, line_items: normalizeItems(items) };
  }
  return [{ type: 'FulfillmentOrderDetailsUpdated', data: { fulfillment_order: updated, ...stamp } }];
}
