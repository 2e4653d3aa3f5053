import type { FoLineItem, FulfillmentOrder, LineItem, LineItemQuantity } from './order.content';
import type { RemainderPlacement } from './order.commands';
import { reject } from './order.errors';
import { OrderMessages } from './order.messages';
import type { FoLineItemStatus } from './order.status';

/** Pure helpers that move quantities between FO line items. None reads a clock or an id source. */

function itemKey(item: FoLineItem): string {
  return JSON.stringify([item.id, item.status, item.fulfillment_id, item.partner_fulfillment_reference, item.shipment_ids, item.cancellation_reason]);
}

/** Drops empty shares and merges shares that differ only in quantity ("items with same id and status merged"). */
export function normalizeItems(items: readonly FoLineItem[]): FoLineItem[] {
  const merged = new Map<string, FoLineItem>();
  for (const item of items) {
    if (item.quantity <= 0) continue;
    const key = itemKey(item);
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()];
}

export function quantityOf(items: readonly FoLineItem[], id: string, statuses: readonly FoLineItemStatus[]): number {
  return items.filter((item) => item.id === id && statuses.includes(item.status)).reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * Takes `quantity` units of line `id` from the shares `eligible` accepts, in list order, splitting the
 * last share when only part of it is needed. Returns the shares left and the shares taken (unchanged).
 */
export function takeUnits(
  items: readonly FoLineItem[],
  id: string,
  quantity: number,
  eligible: (item: FoLineItem) => boolean,
): { left: FoLineItem[]; taken: FoLineItem[] } {
  let wanted = quantity;
  const left: FoLineItem[] = [];
  const taken: FoLineItem[] = [];
  for (const item of items) {
    if (wanted === 0 || item.id !== id || !eligible(item)) {
      left.push(item);
      continue;
    }
    const part = Math.min(wanted, item.quantity);
    wanted -= part;
    taken.push({ ...item, quantity: part });
    if (part < item.quantity) left.push({ ...item, quantity: item.quantity - part });
  }
  return { left, taken };
}

/** Sums a request's quantities per line item id (an id named twice counts twice). */
export function byLine(requested: readonly LineItemQuantity[]): LineItemQuantity[] {
  const sums = new Map<string, number>();
  for (const { id, quantity } of requested) sums.set(id, (sums.get(id) ?? 0) + quantity);
  return [...sums].map(([id, quantity]) => ({ id, quantity }));
}

const ACTIVE: readonly FoLineItemStatus[] = ['open', 'allocated', 'fulfilled', 'closed'];
const PENDING: readonly FoLineItemStatus[] = ['open', 'allocated'];

function placed(fos: readonly FulfillmentOrder[], id: string): number {
  return fos.reduce((sum, fo) => sum + quantityOf(fo.line_items, id, ACTIVE), 0);
}

/**
 * Brings the FOs in line with the ordered quantities: every unit of every line item sits in exactly
 * one non-cancelled FO share. Over-placement refuses when the caller placed the items (`strict`);
 * otherwise surplus open, then allocated, units are taken off, latest FO first. Missing units go to the
 * remainder FO. Empty FOs are dropped.
 */
export function reconcile(
  lines: readonly LineItem[],
  fos: readonly FulfillmentOrder[],
  remainder: RemainderPlacement,
  strict: boolean,
): FulfillmentOrder[] {
  let result = fos.map((fo) => ({ ...fo, line_items: [...fo.line_items] }));
  const missing: FoLineItem[] = [];
  for (const line of lines) {
    const surplus = placed(result, line.id) - line.quantity;
    if (surplus > 0 && strict) throw reject('quantity_placement_invalid', OrderMessages.overPlaced(line.id, line.quantity + surplus, line.quantity), 'fulfillment_orders');
    if (surplus > 0) result = takeSurplus(result, line, surplus);
    if (surplus < 0) missing.push({ id: line.id, quantity: -surplus, status: remainder.location_id ? 'allocated' : 'open', shipment_ids: [] });
  }
  if (missing.length > 0) {
    result.push({ fulfillment_order_id: remainder.fulfillment_order_id, location_id: remainder.location_id, line_items: missing });
  }
  return result.map((fo) => ({ ...fo, line_items: normalizeItems(fo.line_items) })).filter((fo) => fo.line_items.length > 0);
}

function takeSurplus(fos: FulfillmentOrder[], line: LineItem, surplus: number): FulfillmentOrder[] {
  let wanted = surplus;
  const result = [...fos];
  for (const status of PENDING) {
    for (let index = result.length - 1; index >= 0 && wanted > 0; index -= 1) {
      const fo = result[index];
      const part = Math.min(wanted, quantityOf(fo.line_items, line.id, [status]));
      if (part === 0) continue;
      result[index] = { ...fo, line_items: takeUnits(fo.line_items, line.id, part, (item) => item.status === status).left };
      wanted -= part;
    }
  }
  if (wanted > 0) {
    throw reject('quantity_placement_invalid', OrderMessages.belowDone(line.id, line.quantity, line.quantity + wanted), 'line_items');
  }
  return result;
}

/** Units of each line that no active FO share holds: what an automatic allocation has to place. */
export function unplacedUnits(lines: readonly LineItem[], fos: readonly FulfillmentOrder[]): LineItemQuantity[] {
  return lines
    .map((line) => ({ id: line.id, quantity: line.quantity - placed(fos, line.id) }))
    .filter((missing) => missing.quantity > 0);
}
