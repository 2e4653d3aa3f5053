import { decide, type OrderCommand, type OrderEvent } from '@shipledger/ordering';
import { deciderSpec } from '@shipledger/testing';
import type { StockReductionTiming } from '../settings/inventory-settings';
import {
  evolveOrderInventory, foldOrderInventory, initialOrderInventory, movementsOf, orderMovements, reservedAt, type HoldEffect, type OrderInventoryState,
} from './order-movements';

/**
 * Orders rule 3, one row per effect: given the order's history (commands decided by ordering's own
 * decider), when an operation is decided, then these level movements [location, SKU, on_hand delta,
 * reserved delta]. The "decider" under test is ordering's decide followed by inventory's fold of the
 * decided events (what the allocator records); its "events" are the movements.
 */
type Moved = { type: 'Moved'; data: [string, string, number, number] };
const STAMP = { at: '2026-11-24T10:00:00.000Z', actor: 'c-1' };

const rule3 = (timing: StockReductionTiming) => deciderSpec<OrderCommand, OrderEvent | Moved, OrderInventoryState>({
  initialState: initialOrderInventory,
  evolve: (state, event) => (event.type === 'Moved' ? state : evolveOrderInventory(state, event as OrderEvent).state),
  decide: (command, state) => {
    const effects: HoldEffect[] = [];
    let at = state;
    for (const event of decide(command, state.order)) {
      const next = evolveOrderInventory(at, event);
      effects.push(...next.effects);
      at = next.state;
    }
    return movementsOf(effects, timing).map((m): Moved => ({ type: 'Moved', data: [m.location_id, m.sku, m.on_hand_delta, m.reserved_delta] }));
  },
});
const moved = (rows: [string, string, number, number][]): Moved[] => rows.map((data) => ({ type: 'Moved', data }));

/** The order's events after these commands, each decided on the state the previous ones left. */
function history(...commands: OrderCommand[]): OrderEvent[] {
  const events: OrderEvent[] = [];
  for (const command of commands) events.push(...decide(command, foldOrderInventory(events).order));
  return events;
}

const line = (id: string, quantity: number) => ({ id, sku: `SKU-${id}`, quantity, requires_shipping: true });
const create = (fos: { id: string; location?: string; items: [string, number][] }[], lines = [line('A', 3), line('B', 1)]): OrderCommand => ({
  type: 'CreateOrder', order_id: 'ord-1', tenant_id: 't-1', content: { merchant: 'SHOP1' }, line_items: lines,
  fulfillment_orders: fos.map((fo) => ({
    fulfillment_order_id: fo.id, ...(fo.location ? { location_id: fo.location } : {}), line_items: fo.items.map(([id, quantity]) => ({ id, quantity })),
  })),
  remainder: { fulfillment_order_id: 'fo-rest' }, ...STAMP,
});
/** 3 × A and 1 × B allocated in fo-1 at loc-1. */
const allocated = create([{ id: 'fo-1', location: 'loc-1', items: [['A', 3], ['B', 1]] }]);
const shipReq = { shipment_id: 'shp-1', create_draft_shipment: true, shipment_request: {} };
const fulfill = (id: string, quantity: number, fulfillmentId = 'f-1', fo = 'fo-1'): OrderCommand => ({
  type: 'FulfillFulfillmentOrder', fulfillment_order_id: fo, line_items: [{ id, quantity }], fulfillment_id: fulfillmentId, skip_shipping: false, ...shipReq, ...STAMP,
});
const unfulfill = (fulfillmentId = 'f-1', fo = 'fo-1'): OrderCommand => ({
  type: 'UnfulfillFulfillmentOrder', fulfillment_order_id: fo, fulfillment_ids: [fulfillmentId], shipped_shipment_ids: [], ...STAMP,
});
const relocate = (location: string, fo = 'fo-1'): OrderCommand => ({ type: 'UpdateFulfillmentOrderLocation', fulfillment_order_id: fo, location_id: location, ...STAMP });
const cancelItems = (id: string, quantity: number, fo = 'fo-1'): OrderCommand => ({
  type: 'CancelFulfillmentOrderLineItems', fulfillment_order_id: fo, cancellation_reason: 'STAFF_ERROR', line_items: [{ id, quantity }], ...STAMP,
});
const update = (lines: ReturnType<typeof line>[], fos: { id?: string; location?: string; items: [string, number][] }[]): OrderCommand => ({
  type: 'UpdateOrder', changes: {}, line_items: lines,
  fulfillment_orders: fos.map((fo, index) => ({
    ...(fo.id ? { fulfillment_order_id: fo.id } : {}), new_fulfillment_order_id: `fo-new-${index}`, ...(fo.location ? { location_id: fo.location } : {}),
    line_items: fo.items.map(([id, quantity]) => ({ id, quantity })),
  })),
  remainder: { fulfillment_order_id: 'fo-rest' }, ...STAMP,
});

type Row = [string, OrderCommand[], OrderCommand, [string, string, number, number][]];

const cases: Row[] = [
  ['create reserves what is allocated (an FO with a location); an FO without one reserves nothing', [],
    create([{ id: 'fo-1', location: 'loc-1', items: [['A', 2]] }, { id: 'fo-2', items: [['B', 1]] }]), [['loc-1', 'SKU-A', 0, 2]]],
  ['update reserves a new allocation', [allocated],
    update([line('A', 3), line('B', 1), line('C', 2)], [{ id: 'fo-1', location: 'loc-1', items: [['A', 3], ['B', 1]] }, { location: 'loc-2', items: [['C', 2]] }]),
    [['loc-2', 'SKU-C', 0, 2]]],
  ['update releases a removed allocation', [allocated], update([line('A', 3)], [{ id: 'fo-1', location: 'loc-1', items: [['A', 3]] }]), [['loc-1', 'SKU-B', 0, -1]]],
  ['update adjusts a quantity change (down and up)', [allocated],
    update([line('A', 1), line('B', 4)], [{ id: 'fo-1', location: 'loc-1', items: [['A', 1], ['B', 4]] }]), [['loc-1', 'SKU-A', 0, -2], ['loc-1', 'SKU-B', 0, 3]]],
  ['update moving an FO to another location is a new allocation there', [allocated],
    update([line('A', 3), line('B', 1)], [{ id: 'fo-1', location: 'loc-2', items: [['A', 3], ['B', 1]] }]),
    [['loc-1', 'SKU-A', 0, -3], ['loc-1', 'SKU-B', 0, -1], ['loc-2', 'SKU-A', 0, 3], ['loc-2', 'SKU-B', 0, 1]]],
  ['cancel releases every reservation', [allocated], { type: 'CancelOrder', cancellation_reason: 'CUSTOMER_CANCELLATION', ...STAMP },
    [['loc-1', 'SKU-A', 0, -3], ['loc-1', 'SKU-B', 0, -1]]],
  ['cancelling FO line items lowers reserved when the FO has a location', [allocated], cancelItems('A', 2), [['loc-1', 'SKU-A', 0, -2]]],
  ['cancelling FO line items of an FO without a location moves nothing', [create([{ id: 'fo-1', items: [['A', 3]] }])], cancelItems('A', 2), []],
  ['fulfill lowers on_hand and reserved by the fulfilled quantity (ON_ORDER_FULFILLED)', [allocated], fulfill('A', 2), [['loc-1', 'SKU-A', -2, -2]]],
  ['fulfill with skip_shipping (closed) lowers them too', [allocated], { ...fulfill('B', 1), skip_shipping: true } as OrderCommand, [['loc-1', 'SKU-B', -1, -1]]],
  ['unfulfill raises on_hand only: the units are allocated again but not reserved again', [allocated, fulfill('A', 2)], unfulfill(), [['loc-1', 'SKU-A', 2, 0]]],
  ['fulfilling unfulfilled units lowers on_hand only (reserved never below what is held)', [allocated, fulfill('A', 2), unfulfill()], fulfill('A', 3, 'f-2'),
    [['loc-1', 'SKU-A', -3, -1]]],
  ['cancelling unfulfilled units gives up the unreserved ones first', [allocated, fulfill('A', 2), unfulfill()], cancelItems('A', 2), []],
  ['cancelling more than the unfulfilled units releases only what is reserved', [allocated, fulfill('A', 2), unfulfill()], cancelItems('A', 3), [['loc-1', 'SKU-A', 0, -1]]],
  ['merge changes no inventory', [create([{ id: 'fo-1', location: 'loc-1', items: [['A', 1]] }, { id: 'fo-2', location: 'loc-1', items: [['A', 2]] }])],
    { type: 'MergeFulfillmentOrders', source: { fulfillment_order_id: 'fo-1' }, destination: { fulfillment_order_id: 'fo-2' }, ...STAMP }, []],
  ['split changes no inventory', [allocated],
    { type: 'SplitFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'A', quantity: 1 }], new_fulfillment_order_id: 'fo-9', ...STAMP }, []],
  ['split to another location changes no inventory either', [allocated],
    { type: 'SplitFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'A', quantity: 1 }], new_fulfillment_order_id: 'fo-9', location_id: 'loc-2', ...STAMP }, []],
  ['ship changes no inventory', [allocated],
    { type: 'ShipFulfillmentOrderLineItems', fulfillment_order_id: 'fo-1', line_items: [{ id: 'A', quantity: 1 }], ...shipReq, ...STAMP }, []],
  ['update-details changes no inventory', [allocated],
    { type: 'UpdateFulfillmentOrderDetails', fulfillment_order_id: 'fo-1', partner_fulfillment_order_reference: 'R-1', ...STAMP }, []],
  ['update-location to another location changes no inventory', [allocated], relocate('loc-2'), []],
  ['update-location of an FO without a location changes no inventory', [create([{ id: 'fo-1', items: [['A', 3]] }])], relocate('loc-2'), []],
  ['after update-location, fulfill acts at the holding location', [allocated, relocate('loc-2')], fulfill('A', 2), [['loc-1', 'SKU-A', -2, -2]]],
  ['after update-location, cancelling line items releases at the holding location', [allocated, relocate('loc-2')], cancelItems('B', 1), [['loc-1', 'SKU-B', 0, -1]]],
  ['after update-location, cancel releases at the holding location', [allocated, relocate('loc-2')], { type: 'CancelOrder', cancellation_reason: 'OTHER', ...STAMP },
    [['loc-1', 'SKU-A', 0, -3], ['loc-1', 'SKU-B', 0, -1]]],
  ['after update-location, an update lowering a quantity releases at the holding location, raising one reserves at the FO\'s location', [allocated, relocate('loc-2')],
    update([line('A', 1), line('B', 2)], [{ id: 'fo-1', location: 'loc-2', items: [['A', 1], ['B', 2]] }]),
    [['loc-1', 'SKU-A', 0, -2], ['loc-2', 'SKU-B', 0, 1]]],
  ['after update-location, unfulfill returns the units to on_hand where they left', [allocated, relocate('loc-2'), fulfill('A', 2)], unfulfill(), [['loc-1', 'SKU-A', 2, 0]]],
  ['units given a location by update-location were never reserved: fulfill lowers on_hand there only', [create([{ id: 'fo-1', items: [['A', 3]] }]), relocate('loc-2')],
    fulfill('A', 3), [['loc-2', 'SKU-A', -3, 0]]],
  ['after a split, each part keeps its holding location', [allocated, relocate('loc-2'),
    { type: 'SplitFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'A', quantity: 1 }], new_fulfillment_order_id: 'fo-9', ...STAMP }],
  fulfill('A', 1, 'f-9', 'fo-9'), [['loc-1', 'SKU-A', -1, -1]]],
];

describe('rule 3: the level movements of each order operation', () => {
  it.each(cases)('%s', (_name, given, when, expected) => rule3('ON_ORDER_FULFILLED').given(history(...given)).when(when).then(moved(expected)));

  it('ON_STOCK_SYNC: fulfill only releases the reservation; unfulfill moves nothing (the stock feed owns on_hand)', () => {
    rule3('ON_STOCK_SYNC').given(history(allocated)).when(fulfill('A', 2)).then(moved([['loc-1', 'SKU-A', 0, -2]]));
    rule3('ON_STOCK_SYNC').given(history(allocated, fulfill('A', 2))).when(unfulfill()).thenNothing();
  });

  it('update-location then fulfill leaves the holds where they were reserved, down by the fulfilled units', () => {
    const after = foldOrderInventory(history(allocated, relocate('loc-2'), fulfill('A', 2)));
    expect(after.order.fulfillment_orders[0]!.location_id).toBe('loc-2');
    expect(reservedAt(after.holds)).toEqual([{ location_id: 'loc-1', sku: 'SKU-A', reserved: 1 }, { location_id: 'loc-1', sku: 'SKU-B', reserved: 1 }]);
  });

  it('the allocator\'s entry point folds the history, then the decision, and names the FOs a movement comes from', () => {
    const before = history(allocated);
    const movements = orderMovements(before, decide(cancelItems('B', 1), foldOrderInventory(before).order), 'ON_ORDER_FULFILLED');
    expect(movements).toEqual([{ location_id: 'loc-1', sku: 'SKU-B', on_hand_delta: 0, reserved_delta: -1, fulfillment_order_ids: ['fo-1'] }]);
  });
});
