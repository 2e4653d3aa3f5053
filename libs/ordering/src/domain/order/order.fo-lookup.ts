import type { FoLineItem, FulfillmentOrder, LineItemQuantity } from './order.content';
import type { FoReference } from './order.commands';
import { reject } from './order.errors';
import { OrderMessages } from './order.messages';
import { byLine, quantityOf } from './order.placement';
import type { OrderState } from './order.state';
import { FO_LINE_ITEM_TRANSITIONS, foKeeps, foMoves, type FoOperation } from './order.transitions';

/** The FO a path or body names: by fulfillment_order_id first, then by partner reference. 404 otherwise. */
export function findFo(state: OrderState, reference: FoReference): FulfillmentOrder {
  const byId = reference.fulfillment_order_id === undefined
    ? undefined
    : state.fulfillment_orders.find((fo) => fo.fulfillment_order_id === reference.fulfillment_order_id)
      ?? state.fulfillment_orders.find((fo) => fo.partner_fulfillment_order_reference === reference.fulfillment_order_id);
  const byReference = reference.partner_fulfillment_order_reference === undefined
    ? undefined
    : state.fulfillment_orders.find((fo) => fo.partner_fulfillment_order_reference === reference.partner_fulfillment_order_reference);
  const found = byId ?? byReference;
  if (!found) {
    const named = reference.fulfillment_order_id ?? reference.partner_fulfillment_order_reference ?? '';
    throw reject('fulfillment_order_not_found', OrderMessages.fulfillmentOrderNotFound(named));
  }
  return found;
}

/**
 * Checks the items a request names against the FO line-item table: each must be a line of the order,
 * sit in the FO, have shares in a status the operation moves, and enough of them. Returns the request
 * summed per line id.
 */
export function checkNamedItems(
  state: OrderState,
  fo: FulfillmentOrder,
  operation: FoOperation,
  requested: readonly LineItemQuantity[],
  field = 'line_items',
): LineItemQuantity[] {
  const from = FO_LINE_ITEM_TRANSITIONS[operation].from;
  const summed = byLine(requested);
  for (const { id, quantity } of summed) {
    const at = `${field}[${requested.findIndex((item) => item.id === id)}]`;
    if (!state.line_items.some((line) => line.id === id)) throw reject('line_item_not_found', OrderMessages.lineItemUnknown(id), `${at}.id`);
    const shares = fo.line_items.filter((item) => item.id === id);
    if (shares.length === 0) throw reject('line_item_not_found', OrderMessages.lineItemNotInFo(id, fo.fulfillment_order_id), `${at}.id`);
    const available = quantityOf(fo.line_items, id, from);
    if (available === 0) {
      throw reject('line_item_status_not_allowed', OrderMessages.itemStatus(operation, id, fo.fulfillment_order_id, shares[0].status), `${at}.id`);
    }
    if (quantity > available) {
      throw reject('quantity_above_available', OrderMessages.aboveAvailable(id, quantity, available), `${at}.quantity`);
    }
  }
  return summed;
}

/** Whole-FO operations: every share must be one the operation moves or keeps. */
export function checkWholeFo(fo: FulfillmentOrder, operation: FoOperation): void {
  const refused = fo.line_items.find((item) => !foMoves(operation, item.status) && !foKeeps(operation, item.status));
  if (refused) throw reject('line_item_status_not_allowed', OrderMessages.foHasStatus(operation, fo.fulfillment_order_id, refused.status));
}

export function replaceFo(state: OrderState, fo: FulfillmentOrder): FulfillmentOrder[] {
  return state.fulfillment_orders.map((existing) => (existing.fulfillment_order_id === fo.fulfillment_order_id ? fo : existing));
}

/** Partner FO references name at most one FO of an order (they identify FOs in PATCH and merge). */
export function checkFoReferences(fos: readonly FulfillmentOrder[]): void {
  const seen = new Set<string>();
  for (const fo of fos) {
    const reference = fo.partner_fulfillment_order_reference;
    if (reference === undefined) continue;
    if (seen.has(reference)) throw reject('fulfillment_order_reference_conflict', OrderMessages.foReferenceConflict(reference), 'partner_fulfillment_order_reference');
    seen.add(reference);
  }
}

export function pendingItems(items: readonly FoLineItem[]): LineItemQuantity[] {
  return byLine(items.filter((item) => item.status === 'open' || item.status === 'allocated'));
}
