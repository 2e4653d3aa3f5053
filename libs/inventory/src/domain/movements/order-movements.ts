import type { FulfillmentOrder, OrderState } from '@shipledger/ordering';
import type { StockReductionTiming } from '../settings/inventory-settings';

/** One level change an order decision causes: deltas at one location × SKU, and the FOs behind it. */
export interface OrderMovement {
  location_id: string;
  sku: string;
  on_hand_delta: number;
  reserved_delta: number;
  fulfillment_order_ids: string[];
}

const HELD = new Set(['open', 'allocated']);
const DONE = new Set(['fulfilled', 'closed']);

interface Holding {
  held: number;
  done: number;
  /** Per FO id: its held and done units here, to name the FOs a movement comes from. */
  fos: Map<string, string>;
}

/**
 * What an order holds at each location × SKU: units of open or allocated items of FOs with a location
 * (reserved) and units fulfilled or closed there (taken off on_hand). Items of FOs without a location,
 * and lines without a SKU, hold nothing.
 */
export function holdings(state: OrderState): Map<string, Holding & { location_id: string; sku: string }> {
  const sku = new Map(state.line_items.map((line) => [line.id, line.sku]));
  const result = new Map<string, Holding & { location_id: string; sku: string }>();
  for (const fo of state.fulfillment_orders as FulfillmentOrder[]) {
    if (fo.location_id === undefined) continue;
    for (const item of fo.line_items) {
      const code = sku.get(item.id);
      if (code === undefined || (!HELD.has(item.status) && !DONE.has(item.status))) continue;
      const key = `${fo.location_id}\u0000${code}`;
      let holding = result.get(key);
      if (!holding) result.set(key, (holding = { location_id: fo.location_id, sku: code, held: 0, done: 0, fos: new Map() }));
      if (HELD.has(item.status)) holding.held += item.quantity;
      else holding.done += item.quantity;
      const [held, done] = (holding.fos.get(fo.fulfillment_order_id) ?? '0/0').split('/').map(Number) as [number, number];
      holding.fos.set(fo.fulfillment_order_id, HELD.has(item.status) ? `${held + item.quantity}/${done}` : `${held}/${done + item.quantity}`);
    }
  }
  return result;
}

/**
 * Rule 3 as a difference of two states: reserved moves by the change of units held, and, under
 * ON_ORDER_FULFILLED, on_hand by the change of units fulfilled. So update reserves new allocations,
 * releases removed ones and adjusts quantities; fulfill lowers on_hand and reserved; unfulfill raises
 * on_hand (and reserves again, the items being allocated again); cancelling items of an FO with a location
 * lowers reserved; merge, split, ship and update-details leave every location × SKU total as it was, so
 * they move nothing. Pure; movements are sorted by location and SKU.
 */
export function orderMovements(before: OrderState, after: OrderState, timing: StockReductionTiming): OrderMovement[] {
  const old = before.exists ? holdings(before) : new Map<string, Holding & { location_id: string; sku: string }>();
  const now = holdings(after);
  const keys = [...new Set([...old.keys(), ...now.keys()])].sort();
  const movements: OrderMovement[] = [];
  for (const key of keys) {
    const was = old.get(key);
    const is = now.get(key);
    const reserved = (is?.held ?? 0) - (was?.held ?? 0);
    const onHand = timing === 'ON_ORDER_FULFILLED' ? (was?.done ?? 0) - (is?.done ?? 0) : 0;
    if (reserved === 0 && onHand === 0) continue;
    const fos = [...new Set([...(was?.fos.keys() ?? []), ...(is?.fos.keys() ?? [])])]
      .filter((id) => (was?.fos.get(id) ?? '0/0') !== (is?.fos.get(id) ?? '0/0')).sort();
    const { location_id, sku } = (is ?? was)!;
    movements.push({ location_id, sku, on_hand_delta: onHand, reserved_delta: reserved, fulfillment_order_ids: fos });
  }
  return movements;
}
