import { evolve, initialOrderState, type FulfillmentOrder, type OrderEvent, type OrderState } from '@shipledger/ordering';
import type { StockReductionTiming } from '../settings/inventory-settings';

/** One level change an order decision causes: deltas at one location × SKU, and the FOs behind it. */
export interface OrderMovement {
  location_id: string;
  sku: string;
  on_hand_delta: number;
  reserved_delta: number;
  fulfillment_order_ids: string[];
}

/** Units at one location. */
export interface UnitsAt {
  location_id: string;
  units: number;
}

/**
 * What inventory holds for one FO line item (an order line's share in one FO, of one SKU). The
 * holding location is where the units were reserved; it is not the FO's location once update-location
 * moved the FO (rule 3: update-location changes no inventory), so later operations act there.
 */
export interface ItemHold {
  fulfillment_order_id: string;
  line_item_id: string;
  sku: string;
  /** Reserved units per holding location, oldest reservation first. */
  reserved: UnitsAt[];
  /**
   * Open or allocated units holding no reservation: units of an FO without a location, units placed at
   * a location by update-location, and units unfulfilled (rule 3: unfulfill raises on_hand only).
   */
  unreserved: number;
  /** Fulfilled or closed units per location they left (where an unfulfill returns them); '' = no location. */
  done: UnitsAt[];
}

/** An order as inventory sees it: the order folded, and what is held for each of its FO line items. */
export interface OrderInventoryState {
  order: OrderState;
  /** Sorted by FO id, line item id and SKU. */
  holds: ItemHold[];
}

/** One effect of one order event on one FO line item at one location × SKU. */
export interface HoldEffect {
  location_id: string;
  sku: string;
  fulfillment_order_id: string;
  reserved_delta: number;
  /** Units that left (+) or returned to (−) the location: on_hand moves by −done_delta under ON_ORDER_FULFILLED. */
  done_delta: number;
}

export const initialOrderInventory = (): OrderInventoryState => ({ order: initialOrderState(), holds: [] });

const HELD = new Set(['open', 'allocated']);
const DONE = new Set(['fulfilled', 'closed']);
/** Events that move open/allocated units between FOs of the order without changing inventory. */
const TRANSFERS = new Set(['FulfillmentOrderMerged', 'FulfillmentOrderSplit']);

const holdKey = (fo: string, item: string, sku: string) => `${fo}\u0000${item}\u0000${sku}`;
const sum = (list: readonly UnitsAt[]) => list.reduce((total, each) => total + each.units, 0);

interface Units {
  fo: FulfillmentOrder;
  item: string;
  sku: string;
  held: number;
  done: number;
}

/** Open/allocated and fulfilled/closed units per FO line item of SKU-carrying lines. */
function unitsOf(order: OrderState): Map<string, Units> {
  const sku = new Map(order.line_items.map((line) => [line.id, line.sku]));
  const result = new Map<string, Units>();
  for (const fo of order.fulfillment_orders as FulfillmentOrder[]) {
    for (const item of fo.line_items) {
      const code = sku.get(item.id);
      if (code === undefined || (!HELD.has(item.status) && !DONE.has(item.status))) continue;
      const key = holdKey(fo.fulfillment_order_id, item.id, code);
      const units = result.get(key) ?? { fo, item: item.id, sku: code, held: 0, done: 0 };
      if (HELD.has(item.status)) units.held += item.quantity;
      else units.done += item.quantity;
      result.set(key, units);
    }
  }
  return result;
}

function add(list: UnitsAt[], location_id: string, units: number): void {
  const found = list.find((each) => each.location_id === location_id);
  if (found) found.units += units;
  else list.push({ location_id, units });
}

/** Takes up to `wanted` units from the front of `list` (oldest first); answers what was taken where. */
function take(list: UnitsAt[], wanted: number): UnitsAt[] {
  const taken: UnitsAt[] = [];
  for (const each of list) {
    if (wanted === 0) break;
    const units = Math.min(each.units, wanted);
    if (units === 0) continue;
    each.units -= units;
    wanted -= units;
    taken.push({ location_id: each.location_id, units });
  }
  for (let index = list.length - 1; index >= 0; index--) if (list[index]!.units === 0) list.splice(index, 1);
  return taken;
}

const cloneHold = (hold: ItemHold): ItemHold => ({
  ...hold, reserved: hold.reserved.map((each) => ({ ...each })), done: hold.done.map((each) => ({ ...each })),
});

/**
 * Rule 3 for one order event: the holds after it and its effects. Every event but update-location
 * (which changes no inventory, so reservations stay at their holding location) reconciles the holds
 * with the order's units per FO line item:
 * - fulfilled/closed units (fulfill) come out of the reservations first, oldest first, at their holding
 *   location (reserved and, under ON_ORDER_FULFILLED, on_hand down there); units no longer reserved
 *   lower on_hand at the FO's location only, so reserved never goes below what the order holds;
 * - units back from fulfilled (unfulfill) return to on_hand where they left and hold no reservation;
 * - merge and split move holds between FOs as they are (no effect);
 * - new open/allocated units (create, update) are reserved at the FO's location (none without one);
 *   removed units (update, cancel, cancel line items) give up unreserved units first, then release
 *   reservations at their holding location, oldest first;
 * - an update moving an FO to another location releases its reservations and reserves all its units
 *   at the new location (a new allocation). Pure.
 */
export function evolveOrderInventory(state: OrderInventoryState, event: OrderEvent): { state: OrderInventoryState; effects: HoldEffect[] } {
  const before = state.order;
  const after = evolve(before, event);
  if (event.type === 'FulfillmentOrderLocationUpdated') return { state: { order: after, holds: state.holds }, effects: [] };
  const units = unitsOf(after);
  const holds = new Map(state.holds.map((hold) => [holdKey(hold.fulfillment_order_id, hold.line_item_id, hold.sku), cloneHold(hold)]));
  for (const [key, each] of units) {
    if (!holds.has(key)) holds.set(key, { fulfillment_order_id: each.fo.fulfillment_order_id, line_item_id: each.item, sku: each.sku, reserved: [], unreserved: 0, done: [] });
  }
  const foOf = (order: OrderState, id: string) => (order.fulfillment_orders as FulfillmentOrder[]).find((fo) => fo.fulfillment_order_id === id);
  const effects: HoldEffect[] = [];
  const effect = (hold: ItemHold, location_id: string, reserved_delta: number, done_delta: number) => {
    if (location_id !== '') effects.push({ location_id, sku: hold.sku, fulfillment_order_id: hold.fulfillment_order_id, reserved_delta, done_delta });
  };
  const keys = [...holds.keys()].sort();

  // Fulfilled/closed units: from reservations first, then from unreserved units; unfulfilled ones back.
  for (const key of keys) {
    const hold = holds.get(key)!;
    const now = units.get(key);
    const change = (now?.done ?? 0) - sum(hold.done);
    if (change > 0) {
      let rest = change;
      for (const taken of take(hold.reserved, change)) {
        add(hold.done, taken.location_id, taken.units);
        effect(hold, taken.location_id, -taken.units, taken.units);
        rest -= taken.units;
      }
      const at = now!.fo.location_id ?? '';
      hold.unreserved -= Math.min(hold.unreserved, rest);
      if (rest > 0) {
        add(hold.done, at, rest);
        effect(hold, at, 0, rest);
      }
    } else if (change < 0) {
      for (const returned of take(hold.done, -change)) effect(hold, returned.location_id, 0, -returned.units);
      hold.unreserved += -change;
    }
  }

  // Merge and split: units leaving an FO line item go, holds and all, to the FO line items gaining them.
  if (TRANSFERS.has(event.type)) {
    const line = (key: string) => key.slice(key.indexOf('\u0000') + 1);
    for (const key of keys) {
      const loser = holds.get(key)!;
      let surplus = sum(loser.reserved) + loser.unreserved - (units.get(key)?.held ?? 0);
      for (const other of keys) {
        if (surplus <= 0) break;
        const gainer = holds.get(other)!;
        if (other === key || line(other) !== line(key)) continue;
        const room = Math.min(surplus, (units.get(other)?.held ?? 0) - sum(gainer.reserved) - gainer.unreserved);
        if (room <= 0) continue;
        const free = Math.min(loser.unreserved, room);
        loser.unreserved -= free;
        gainer.unreserved += free;
        for (const moved of take(loser.reserved, room - free)) add(gainer.reserved, moved.location_id, moved.units);
        surplus -= room;
      }
    }
  }

  // Open/allocated units: new ones reserved at the FO's location, removed ones released where held.
  for (const key of keys) {
    const hold = holds.get(key)!;
    const fo = foOf(after, hold.fulfillment_order_id);
    const location = fo?.location_id;
    const previous = foOf(before, hold.fulfillment_order_id);
    if (fo && previous && previous.location_id !== location && !TRANSFERS.has(event.type)) {
      for (const released of take(hold.reserved, sum(hold.reserved))) {
        effect(hold, released.location_id, -released.units, 0);
        hold.unreserved += released.units;
      }
      if (location !== undefined && hold.unreserved > 0) {
        add(hold.reserved, location, hold.unreserved);
        effect(hold, location, hold.unreserved, 0);
        hold.unreserved = 0;
      }
    }
    const change = (units.get(key)?.held ?? 0) - sum(hold.reserved) - hold.unreserved;
    if (change > 0 && location !== undefined) {
      add(hold.reserved, location, change);
      effect(hold, location, change, 0);
    } else if (change > 0) {
      hold.unreserved += change;
    } else if (change < 0) {
      const free = Math.min(hold.unreserved, -change);
      hold.unreserved -= free;
      for (const released of take(hold.reserved, -change - free)) effect(hold, released.location_id, -released.units, 0);
    }
  }
  const kept = keys.map((key) => holds.get(key)!).filter((hold) => hold.reserved.length > 0 || hold.unreserved > 0 || hold.done.length > 0);
  return { state: { order: after, holds: kept }, effects };
}

/** An order's inventory state from its events (oldest first). */
export function foldOrderInventory(events: readonly OrderEvent[], from: OrderInventoryState = initialOrderInventory()): OrderInventoryState {
  let state = from;
  for (const event of events) state = evolveOrderInventory(state, event).state;
  return state;
}

/** Reserved units per location × SKU of an order's holds. */
export function reservedAt(holds: readonly ItemHold[]): { location_id: string; sku: string; reserved: number }[] {
  const result = new Map<string, { location_id: string; sku: string; reserved: number }>();
  for (const hold of holds) {
    for (const each of hold.reserved) {
      const key = `${each.location_id}\u0000${hold.sku}`;
      const entry = result.get(key) ?? { location_id: each.location_id, sku: hold.sku, reserved: 0 };
      entry.reserved += each.units;
      result.set(key, entry);
    }
  }
  return [...result.values()];
}

/**
 * Rule 3 of one decision: the level movements of its events, given the order's events before it.
 * Effects are summed per location × SKU; on_hand moves only under ON_ORDER_FULFILLED (under
 * ON_STOCK_SYNC the merchant's stock feed owns on_hand). Pure; movements sorted by location and SKU.
 */
export function orderMovements(history: readonly OrderEvent[], decision: readonly OrderEvent[], timing: StockReductionTiming): OrderMovement[] {
  let state = foldOrderInventory(history);
  const effects: HoldEffect[] = [];
  for (const event of decision) {
    const next = evolveOrderInventory(state, event);
    effects.push(...next.effects);
    state = next.state;
  }
  return movementsOf(effects, timing);
}

/** Effects summed per location × SKU (and FO, to name the FOs a movement comes from). */
export function movementsOf(effects: readonly HoldEffect[], timing: StockReductionTiming): OrderMovement[] {
  const onHand = (effect: HoldEffect) => (timing === 'ON_ORDER_FULFILLED' ? -effect.done_delta : 0);
  const levels = new Map<string, { location_id: string; sku: string; fos: Map<string, [number, number]> }>();
  for (const effect of effects) {
    const key = `${effect.location_id}\u0000${effect.sku}`;
    const level = levels.get(key) ?? { location_id: effect.location_id, sku: effect.sku, fos: new Map() };
    const [held, taken] = level.fos.get(effect.fulfillment_order_id) ?? [0, 0];
    level.fos.set(effect.fulfillment_order_id, [held + effect.reserved_delta, taken + onHand(effect)]);
    levels.set(key, level);
  }
  const movements: OrderMovement[] = [];
  for (const key of [...levels.keys()].sort()) {
    const { location_id, sku, fos } = levels.get(key)!;
    const deltas = [...fos.values()];
    const reserved = deltas.reduce((total, [held]) => total + held, 0);
    const onHandDelta = deltas.reduce((total, [, taken]) => total + taken, 0);
    if (reserved === 0 && onHandDelta === 0) continue;
    const named = [...fos].filter(([, [held, taken]]) => held !== 0 || taken !== 0).map(([id]) => id).sort();
    movements.push({ location_id, sku, on_hand_delta: onHandDelta, reserved_delta: reserved, fulfillment_order_ids: named });
  }
  return movements;
}
