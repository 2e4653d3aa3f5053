import type { CancelOrder, CreateOrder, FoInput, FoUpdateInput, UpdateOrder } from './order.commands';
import type { FoLineItem, FulfillmentOrder, LineItem, LineItemInput, LineItemQuantity } from './order.content';
import type { Stamp } from './order.decide-fulfillment';
import { reject } from './order.errors';
import type { OrderEvent } from './order.events';
import { fold } from './order.evolve';
import { checkFoReferences } from './order.fo-lookup';
import { OrderMessages } from './order.messages';
import { normalizeItems, reconcile } from './order.placement';
import type { OrderState } from './order.state';
import { foMoves, KEPT_ON_UPDATE, SENT_ON_UPDATE, targetStatus } from './order.transitions';

function checkLineIds(lines: readonly LineItemInput[]): void {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.id)) throw reject('duplicate_line_item', OrderMessages.duplicateLineItem(line.id), `line_items[${index}].id`);
    seen.add(line.id);
  });
}

/** Open or allocated shares for the units a request places in `fo` (rule 2: only these are sent). */
function placedShares(lines: readonly LineItem[], requested: readonly LineItemQuantity[], fo: Pick<FulfillmentOrder, 'location_id'>, field: string): FoLineItem[] {
  return requested.map(({ id, quantity }, index) => {
    if (!lines.some((line) => line.id === id)) throw reject('line_item_not_found', OrderMessages.lineItemUnknown(id), `${field}.line_items[${index}].id`);
    return { id, quantity, status: targetStatus('split', 'open', fo), shipment_ids: [] };
  });
}

function fromInput(input: FoInput, lines: readonly LineItem[], index: number): FulfillmentOrder {
  const { line_items: requested, ...fields } = input;
  return { ...fields, line_items: normalizeItems(placedShares(lines, requested, fields, `fulfillment_orders[${index}]`)) };
}

function diffFos(before: readonly FulfillmentOrder[], after: readonly FulfillmentOrder[], stamp: Stamp): OrderEvent[] {
  const events: OrderEvent[] = [];
  for (const fo of before) {
    if (!after.some((next) => next.fulfillment_order_id === fo.fulfillment_order_id)) {
      events.push({ type: 'FulfillmentOrderRemoved', data: { fulfillment_order_id: fo.fulfillment_order_id, ...stamp } });
    }
  }
  for (const fo of after) {
    const previous = before.find((old) => old.fulfillment_order_id === fo.fulfillment_order_id);
    if (!previous) events.push({ type: 'FulfillmentOrderCreated', data: { fulfillment_order: fo, ...stamp } });
    else if (JSON.stringify(previous) !== JSON.stringify(fo)) events.push({ type: 'FulfillmentOrderUpdated', data: { fulfillment_order: fo, ...stamp } });
  }
  return events;
}

export function decideCreate(command: CreateOrder, state: OrderState, stamp: Stamp): OrderEvent[] {
  if (state.exists) throw reject('order_already_exists', OrderMessages.alreadyExists(state.order_id));
  checkLineIds(command.line_items);
  const lines: LineItem[] = command.line_items.map((line) => ({ ...line, removed_quantity: 0 }));
  const autoAllocated = command.fulfillment_orders === undefined;
  const inputs = command.fulfillment_orders ?? command.allocation?.fulfillment_orders ?? [];
  const given = inputs.map((input, index) => fromInput(input, lines, index));
  checkFoReferences(given);
  const fos = reconcile(lines, given, command.remainder, true);
  // Failed: some unit sits in an FO without a location (the remainder), i.e. no location could take it.
  const failed = autoAllocated && fos.some((fo) => fo.location_id === undefined);
  const created: OrderEvent = {
    type: 'OrderCreated',
    data: {
      order_id: command.order_id,
      tenant_id: command.tenant_id,
      content: command.content,
      line_items: lines,
      auto_allocation_failed: failed,
      ...(autoAllocated && command.allocation ? { allocation: command.allocation.explanation } : {}),
      ...stamp,
    },
  };
  const events = [created, ...fos.map((fo): OrderEvent => ({ type: 'FulfillmentOrderCreated', data: { fulfillment_order: fo, ...stamp } }))];
  const reason = command.allocation?.cancellation_reason;
  if (!failed || !autoAllocated || reason === undefined) return events;
  // The merchant's setting cancels an order automatic allocation could not fill (the cancel row applies).
  return [...events, ...decideCancel({ type: 'CancelOrder', cancellation_reason: reason, ...stamp }, fold(events, state), stamp)];
}

/** Rule 2 for the line items: the list replaces; a reduction (or an unlisted line, as 0) is removed quantity. */
function replaceLines(current: readonly LineItem[], inputs: readonly LineItemInput[]): LineItem[] {
  checkLineIds(inputs);
  const listed = inputs.map((input): LineItem => {
    const previous = current.find((line) => line.id === input.id);
    const reduction = previous ? Math.max(0, previous.quantity - input.quantity) : 0;
    return { ...input, removed_quantity: (previous?.removed_quantity ?? 0) + reduction };
  });
  const unlisted = current
    .filter((line) => !inputs.some((input) => input.id === line.id))
    .map((line) => ({ ...line, quantity: 0, removed_quantity: line.removed_quantity + line.quantity }));
  return [...listed, ...unlisted];
}

/** Rule 2 for the FOs: matched by id then partner reference, else created; unlisted ones keep only kept items. */
function replaceFos(current: readonly FulfillmentOrder[], inputs: readonly FoUpdateInput[], lines: readonly LineItem[]): FulfillmentOrder[] {
  const matched = new Set<string>();
  const listed = inputs.map((input, index) => {
    const previous = current.find((fo) => input.fulfillment_order_id !== undefined && fo.fulfillment_order_id === input.fulfillment_order_id)
      ?? current.find((fo) => input.partner_fulfillment_order_reference !== undefined
        && fo.partner_fulfillment_order_reference === input.partner_fulfillment_order_reference);
    if (previous && matched.has(previous.fulfillment_order_id)) {
      throw reject('fulfillment_order_reference_conflict', OrderMessages.foReferenceConflict(previous.fulfillment_order_id), `fulfillment_orders[${index}]`);
    }
    if (previous) matched.add(previous.fulfillment_order_id);
    const fo: FulfillmentOrder = {
      fulfillment_order_id: previous?.fulfillment_order_id ?? input.new_fulfillment_order_id,
      partner_fulfillment_order_reference: input.partner_fulfillment_order_reference ?? previous?.partner_fulfillment_order_reference,
      location_id: input.location_id ?? previous?.location_id,
      delivery: input.delivery ?? previous?.delivery,
      service_metadata: input.service_metadata ?? previous?.service_metadata,
      line_items: [],
    };
    const kept = (previous?.line_items ?? []).filter((item) => KEPT_ON_UPDATE.includes(item.status));
    const sent = input.line_items
      ? placedShares(lines, input.line_items, fo, `fulfillment_orders[${index}]`)
      : (previous?.line_items ?? []).filter((item) => SENT_ON_UPDATE.includes(item.status))
        .map((item) => ({ ...item, status: foMoves('update_location', item.status) ? targetStatus('update_location', item.status, fo) : item.status }));
    return { ...fo, line_items: normalizeItems([...kept, ...sent]) };
  });
  const keptUnlisted = current
    .filter((fo) => !matched.has(fo.fulfillment_order_id))
    .map((fo) => ({ ...fo, line_items: fo.line_items.filter((item) => KEPT_ON_UPDATE.includes(item.status)) }))
    .filter((fo) => fo.line_items.length > 0);
  return [...listed, ...keptUnlisted];
}

/** The line items as an update leaves them (rule 2), for the application's automatic allocation. */
export function linesAfterUpdate(state: OrderState, inputs: readonly LineItemInput[] | undefined): LineItem[] {
  return inputs ? replaceLines(state.line_items, inputs) : state.line_items;
}

export function decideUpdate(command: UpdateOrder, state: OrderState, stamp: Stamp): OrderEvent[] {
  const lines = linesAfterUpdate(state, command.line_items);
  const replaced = command.fulfillment_orders ? replaceFos(state.fulfillment_orders, command.fulfillment_orders, lines) : state.fulfillment_orders;
  const allocated = command.fulfillment_orders ? [] : (command.allocation?.fulfillment_orders ?? []).map((input, index) => fromInput(input, lines, index));
  const given = [...replaced, ...allocated];
  checkFoReferences(given);
  const fos = reconcile(lines, given, command.remainder, command.fulfillment_orders !== undefined);
  const allocation = !command.fulfillment_orders && command.allocation ? { allocation: command.allocation.explanation } : {};
  const updated: OrderEvent = {
    type: 'OrderUpdated',
    data: { changes: command.changes, ...(command.line_items ? { line_items: lines } : {}), ...allocation, ...stamp },
  };
  return [updated, ...diffFos(state.fulfillment_orders, fos, stamp)];
}

/** The cancel row: every line to 0 (recorded as removed), every open or allocated unit cancelled. */
export function decideCancel(command: CancelOrder, state: OrderState, stamp: Stamp): OrderEvent[] {
  const lines = state.line_items.map((line) => ({ ...line, quantity: 0, removed_quantity: line.removed_quantity + line.quantity }));
  const fos = state.fulfillment_orders.map((fo) => ({
    ...fo,
    line_items: normalizeItems(fo.line_items.map((item) => (foMoves('cancel_line_items', item.status)
      ? { ...item, status: targetStatus('cancel_line_items', item.status, fo), cancellation_reason: command.cancellation_reason }
      : item))),
  }));
  return [{ type: 'OrderCancelled', data: { cancellation_reason: command.cancellation_reason, line_items: lines, fulfillment_orders: fos, ...stamp } }];
}
