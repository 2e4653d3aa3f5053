import type {
  FulfillFulfillmentOrder,
  ShipFulfillmentOrderLineItems,
  SplitFulfillmentOrder,
  UnfulfillFulfillmentOrder,
} from './order.commands';
import type { FoLineItem, FulfillmentOrder, LineItemQuantity } from './order.content';
import { reject } from './order.errors';
import type { FulfillmentOrderFulfilled, OrderEvent } from './order.events';
import { checkFoReferences, checkNamedItems, findFo, pendingItems, replaceFo } from './order.fo-lookup';
import { OrderMessages } from './order.messages';
import { normalizeItems, takeUnits } from './order.placement';
import type { OrderState } from './order.state';
import { foMoves, targetStatus } from './order.transitions';

export type Stamp = { at: string; actor: string };

/** Fulfill: named (or all pending) units become fulfilled, or closed when nothing is to be shipped. */
export function decideFulfill(command: FulfillFulfillmentOrder, state: OrderState, stamp: Stamp): OrderEvent[] {
  const fo = findFo(state, command);
  const requested = command.line_items ?? pendingItems(fo.line_items);
  if (requested.length === 0) throw reject('nothing_to_fulfill', OrderMessages.nothingToFulfill(fo.fulfillment_order_id));
  const named = checkNamedItems(state, fo, 'fulfill', requested);
  let items = fo.line_items;
  const done: FulfillmentOrderFulfilled['data']['line_items'] = [];
  for (const { id, quantity } of named) {
    const ships = !command.skip_shipping && state.line_items.some((line) => line.id === id && line.requires_shipping);
    const operation = ships ? 'fulfill' : 'fulfill_without_shipping';
    const { left, taken } = takeUnits(items, id, quantity, (item) => foMoves(operation, item.status));
    const status = targetStatus(operation, taken[0].status, fo) as 'fulfilled' | 'closed';
    const moved = taken.map((item): FoLineItem => ({
      ...item,
      status,
      fulfillment_id: command.fulfillment_id,
      partner_fulfillment_reference: command.partner_fulfillment_reference,
      shipment_ids: ships ? [command.shipment_id] : [],
    }));
    items = [...left, ...moved];
    done.push({ id, quantity, status });
  }
  const shipped = done.filter((line) => line.status === 'fulfilled').map(({ id, quantity }) => ({ id, quantity }));
  return [{
    type: 'FulfillmentOrderFulfilled',
    data: {
      fulfillment_order: { ...fo, line_items: normalizeItems(items) },
      fulfillment_id: command.fulfillment_id,
      partner_fulfillment_reference: command.partner_fulfillment_reference,
      line_items: done,
      shipment: shipped.length === 0 ? undefined : {
        shipment_id: command.shipment_id,
        create_draft_shipment: command.create_draft_shipment,
        line_items: shipped,
        request: command.shipment_request,
        ...(command.pickup ? { pickup: command.pickup } : {}),
      },
      ...stamp,
    },
  }];
}

/** Unfulfill: the fulfillments' units go back to allocated, their ids, shipments and references cleared. */
export function decideUnfulfill(command: UnfulfillFulfillmentOrder, state: OrderState, stamp: Stamp): OrderEvent[] {
  const fo = findFo(state, command);
  const reference = command.partner_fulfillment_order_reference;
  if (reference !== undefined && reference !== fo.partner_fulfillment_order_reference) {
    throw reject('validation_failed', OrderMessages.foReferenceMismatch(reference, fo.fulfillment_order_id), 'partner_fulfillment_order_reference');
  }
  const shipmentIds = new Set<string>();
  command.fulfillment_ids.forEach((fulfillmentId, index) => {
    const shares = fo.line_items.filter((item) => item.fulfillment_id === fulfillmentId);
    const field = `fulfillment_ids[${index}]`;
    if (shares.length === 0) throw reject('fulfillment_not_found', OrderMessages.fulfillmentNotFound(fulfillmentId, fo.fulfillment_order_id), field);
    const refused = shares.find((item) => !foMoves('unfulfill', item.status));
    if (refused) throw reject('line_item_status_not_allowed', OrderMessages.itemStatus('unfulfill', refused.id, fo.fulfillment_order_id, refused.status), field);
    for (const share of shares) {
      for (const shipmentId of share.shipment_ids) {
        if (command.shipped_shipment_ids.includes(shipmentId)) {
          throw reject('fulfillment_already_shipped', OrderMessages.fulfillmentShipped(fulfillmentId, shipmentId), field);
        }
        shipmentIds.add(shipmentId);
      }
    }
  });
  const items = fo.line_items.map((item): FoLineItem => (
    item.fulfillment_id !== undefined && command.fulfillment_ids.includes(item.fulfillment_id)
      ? { id: item.id, quantity: item.quantity, status: targetStatus('unfulfill', item.status, fo), shipment_ids: [] }
      : item
  ));
  return [{
    type: 'FulfillmentOrderUnfulfilled',
    data: {
      fulfillment_order: { ...fo, line_items: normalizeItems(items) },
      fulfillment_ids: command.fulfillment_ids,
      shipment_ids: [...shipmentIds],
      ...stamp,
    },
  }];
}

/** Moves named units out of `fo`: the shares left and the shares taken, each summed per line. */
export function moveOut(fo: FulfillmentOrder, named: readonly LineItemQuantity[], operation: 'split' | 'merge') {
  let left = fo.line_items;
  const taken: FoLineItem[] = [];
  for (const { id, quantity } of named) {
    const result = takeUnits(left, id, quantity, (item) => foMoves(operation, item.status));
    left = result.left;
    taken.push(...result.taken);
  }
  return { left: normalizeItems(left), taken };
}

/** Split (rule 5): named units move to a new FO that inherits delivery, metadata and (by default) location. */
export function decideSplit(command: SplitFulfillmentOrder, state: OrderState, stamp: Stamp): OrderEvent[] {
  const fo = findFo(state, command);
  const named = checkNamedItems(state, fo, 'split', command.line_items);
  const { left, taken } = moveOut(fo, named, 'split');
  const created: FulfillmentOrder = {
    fulfillment_order_id: command.new_fulfillment_order_id,
    partner_fulfillment_order_reference: command.partner_fulfillment_order_reference,
    location_id: command.location_id ?? fo.location_id,
    delivery: fo.delivery,
    service_metadata: fo.service_metadata,
    line_items: [],
  };
  created.line_items = normalizeItems(taken.map((item) => ({ ...item, status: targetStatus('split', item.status, created) })));
  const original = { ...fo, line_items: left };
  checkFoReferences([...replaceFo(state, original), created]);
  const events: OrderEvent[] = [
    { type: 'FulfillmentOrderSplit', data: { fulfillment_order: original, new_fulfillment_order: created, line_items: named, ...stamp } },
  ];
  if (left.length === 0) events.push({ type: 'FulfillmentOrderRemoved', data: { fulfillment_order_id: fo.fulfillment_order_id, ...stamp } });
  return events;
}

/** Ship (rule 8): named allocated or fulfilled units are linked to a new shipment; statuses unchanged. */
export function decideShip(command: ShipFulfillmentOrderLineItems, state: OrderState, stamp: Stamp): OrderEvent[] {
  const fo = findFo(state, command);
  const named = checkNamedItems(state, fo, 'ship', command.line_items);
  let items = fo.line_items;
  for (const { id, quantity } of named) {
    const { left, taken } = takeUnits(items, id, quantity, (item) => foMoves('ship', item.status));
    items = [...left, ...taken.map((item) => ({ ...item, shipment_ids: [...item.shipment_ids, command.shipment_id] }))];
  }
  return [{
    type: 'FulfillmentOrderLineItemsShipped',
    data: {
      fulfillment_order: { ...fo, line_items: normalizeItems(items) },
      shipment: {
        shipment_id: command.shipment_id, create_draft_shipment: command.create_draft_shipment, line_items: named,
        request: command.shipment_request, ...(command.pickup ? { pickup: command.pickup } : {}),
      },
      ...stamp,
    },
  }];
}
