import type { FulfillmentOrder } from './order.content';
import { FO_LINE_ITEM_STATUSES, ORDER_STATUSES, type FoLineItemStatus, type OrderStatus } from './order.status';

/**
 * The spec's tables and rules as data. `decide` consults only these; the table-driven unit tests walk
 * every cell (every status × every trigger) against them.
 */

/** The order state table: the statuses each order-level trigger accepts. */
export const ORDER_TRANSITIONS = {
  cancel: { from: ['open', 'partially_allocated', 'allocated'], to: 'cancelled' },
  update: { from: ORDER_STATUSES.filter((status) => status !== 'cancelled'), to: 'recalculated' },
  /** Not in the spec's table: every FO line item of a cancelled order is cancelled, so FO operations are refused. */
  fulfillment_operation: { from: ORDER_STATUSES.filter((status) => status !== 'cancelled'), to: 'recalculated' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus | 'recalculated' }>;

export type OrderTrigger = keyof typeof ORDER_TRANSITIONS;

export function orderAccepts(trigger: OrderTrigger, status: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[trigger].from as readonly OrderStatus[]).includes(status);
}

/** `by_location`: allocated when the FO has a location, otherwise open. */
export type FoLineItemTarget = FoLineItemStatus | 'unchanged' | 'by_location';

export interface FoLineItemTransition {
  /** Statuses of the items the operation acts on. */
  from: readonly FoLineItemStatus[];
  to: FoLineItemTarget;
  /** Whole-FO operations: statuses they leave as they are. Any status in neither list refuses. */
  keeps: readonly FoLineItemStatus[];
  /** How the refusal names the operation ("... can be fulfilled"). */
  verb: string;
}

/** The FO line-item table (fulfill, unfulfill, cancel line items, split, merge, ship, update location/details). */
export const FO_LINE_ITEM_TRANSITIONS = {
  fulfill: { from: ['open', 'allocated'], to: 'fulfilled', keeps: [], verb: 'fulfilled' },
  fulfill_without_shipping: { from: ['open', 'allocated'], to: 'closed', keeps: [], verb: 'fulfilled' },
  unfulfill: { from: ['fulfilled'], to: 'allocated', keeps: [], verb: 'unfulfilled' },
  cancel_line_items: { from: ['open', 'allocated'], to: 'cancelled', keeps: [], verb: 'cancelled' },
  split: { from: ['open', 'allocated'], to: 'by_location', keeps: [], verb: 'split' },
  merge: { from: ['open', 'allocated'], to: 'by_location', keeps: ['cancelled', 'closed'], verb: 'merged' },
  ship: { from: ['allocated', 'fulfilled'], to: 'unchanged', keeps: [], verb: 'shipped' },
  update_location: { from: ['open', 'allocated'], to: 'by_location', keeps: ['cancelled', 'closed'], verb: 'moved to another location' },
  update_details: { from: [], to: 'unchanged', keeps: FO_LINE_ITEM_STATUSES, verb: 'updated' },
} as const satisfies Record<string, FoLineItemTransition>;

export type FoOperation = keyof typeof FO_LINE_ITEM_TRANSITIONS;

export function foMoves(operation: FoOperation, status: FoLineItemStatus): boolean {
  return (FO_LINE_ITEM_TRANSITIONS[operation].from as readonly FoLineItemStatus[]).includes(status);
}

export function foKeeps(operation: FoOperation, status: FoLineItemStatus): boolean {
  return (FO_LINE_ITEM_TRANSITIONS[operation].keeps as readonly FoLineItemStatus[]).includes(status);
}

/** The status an item reaches under `operation` in an FO with or without a location. */
export function targetStatus(operation: FoOperation, current: FoLineItemStatus, fo: Pick<FulfillmentOrder, 'location_id'>): FoLineItemStatus {
  const to: FoLineItemTarget = FO_LINE_ITEM_TRANSITIONS[operation].to;
  if (to === 'unchanged') return current;
  if (to === 'by_location') return fo.location_id ? 'allocated' : 'open';
  return to;
}

/** Rule 2: what a PATCH sends in an FO's line_items, and what is kept without being sent. */
export const SENT_ON_UPDATE: readonly FoLineItemStatus[] = ['open', 'allocated'];
export const KEPT_ON_UPDATE: readonly FoLineItemStatus[] = ['fulfilled', 'cancelled', 'closed'];

/** Rule 4: the conditions of a merge, in the order they are checked. */
export const MERGE_CONDITIONS = [
  'no_fulfilled_items',
  'same_location',
  'same_delivery_type',
  'same_delivery_method',
  'same_shipping_requirement',
] as const;

export type MergeCondition = (typeof MERGE_CONDITIONS)[number];

/** Rule 5: what a new FO inherits from the one it was split from (location_id only when none is given). */
export const SPLIT_INHERITS = ['delivery', 'service_metadata', 'location_id'] as const;

/** Rule 6: how a location value is resolved, in order (done by the application before deciding). */
export const LOCATION_RESOLUTION_ORDER = ['partner_location_id', 'merchant_location_code'] as const;

/** Rule 7: orders per bulk import. */
export const BULK_IMPORT_LIMIT = 20;

/** The rules of the spec's "Fulfillment orders" section as the data above (3 and 9 are documented choices). */
export const ORDER_RULES = {
  1: 'fulfillment_orders given: caller places the items; omitted: automatic allocation (RemainderPlacement)',
  2: { sent: SENT_ON_UPDATE, kept: KEPT_ON_UPDATE },
  3: 'inventory: none kept yet (a separate issue); no operation reserves or releases stock',
  4: MERGE_CONDITIONS,
  5: SPLIT_INHERITS,
  6: LOCATION_RESOLUTION_ORDER,
  7: BULK_IMPORT_LIMIT,
  8: FO_LINE_ITEM_TRANSITIONS.ship.from,
  9: 'shapes not shown: documented in docs/api/orders.md',
} as const;
