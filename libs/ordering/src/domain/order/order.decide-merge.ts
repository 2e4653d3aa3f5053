import type { MergeFulfillmentOrders } from './order.commands';
import type { FulfillmentOrder } from './order.content';
import { moveOut, type Stamp } from './order.decide-fulfillment';
import { reject } from './order.errors';
import type { OrderEvent } from './order.events';
import { checkNamedItems, findFo, pendingItems } from './order.fo-lookup';
import { OrderMessages } from './order.messages';
import { normalizeItems } from './order.placement';
import type { OrderState } from './order.state';
import { MERGE_CONDITIONS, targetStatus, type MergeCondition } from './order.transitions';

function mergeConditionHolds(condition: MergeCondition, state: OrderState, source: FulfillmentOrder, destination: FulfillmentOrder): boolean {
  switch (condition) {
    case 'no_fulfilled_items':
      return ![source, destination].some((fo) => fo.line_items.some((item) => item.status === 'fulfilled'));
    case 'same_location':
      return source.location_id === destination.location_id;
    case 'same_delivery_type': {
      const [a, b] = [source.delivery?.delivery_type, destination.delivery?.delivery_type];
      return a === undefined || b === undefined || a === b;
    }
    case 'same_delivery_method':
      return source.delivery?.delivery_method === destination.delivery?.delivery_method;
    case 'same_shipping_requirement': {
      const ids = [source, destination].flatMap((fo) => fo.line_items.filter((item) => item.status !== 'cancelled').map((item) => item.id));
      const requirements = new Set(state.line_items.filter((line) => ids.includes(line.id)).map((line) => line.requires_shipping));
      return requirements.size <= 1;
    }
    default: {
      const unknown: never = condition;
      throw new Error(`Unknown merge condition: ${String(unknown)}`);
    }
  }
}

/** Merge (rule 4): named (or all open and allocated) source units move to the destination. */
export function decideMerge(command: MergeFulfillmentOrders, state: OrderState, stamp: Stamp): OrderEvent[] {
  const source = findFo(state, command.source);
  const destination = findFo(state, command.destination);
  if (source.fulfillment_order_id === destination.fulfillment_order_id) {
    throw reject('merge_not_possible', OrderMessages.mergeSame(source.fulfillment_order_id), 'destination');
  }
  for (const condition of MERGE_CONDITIONS) {
    if (!mergeConditionHolds(condition, state, source, destination)) {
      throw reject('merge_not_possible', OrderMessages.mergeCondition(condition, source.fulfillment_order_id, destination.fulfillment_order_id));
    }
  }
  const requested = command.source.line_items ?? pendingItems(source.line_items);
  const named = requested.length === 0 ? [] : checkNamedItems(state, source, 'merge', requested, 'source.line_items');
  const { left, taken } = moveOut(source, named, 'merge');
  const moved = taken.map((item) => ({ ...item, status: targetStatus('merge', item.status, destination) }));
  const after = { source: { ...source, line_items: left }, destination: { ...destination, line_items: normalizeItems([...destination.line_items, ...moved]) } };
  const events: OrderEvent[] = [{ type: 'FulfillmentOrderMerged', data: { ...after, line_items: named, ...stamp } }];
  if (left.length === 0) events.push({ type: 'FulfillmentOrderRemoved', data: { fulfillment_order_id: source.fulfillment_order_id, ...stamp } });
  return events;
}
