import { initialOrderState, type OrderCommand, type OrderState } from '@shipledger/ordering';
import { fo, line, orderWith, run, share, STAMP } from '../../../../ordering/src/domain/order/order.fixtures';
import { orderMovements, type OrderMovement } from './order-movements';

/**
 * Orders rule 3, one row per effect: given an order, when an operation is decided (by ordering's own
 * decider), then these level movements (location, SKU, on_hand delta, reserved delta).
 */
const allocated = () => orderWith([line('A', 3), line('B', 1)], [fo('fo-1', [share('A', 3, 'allocated'), share('B', 1, 'allocated')], 'loc-1')]);
const shipReq = { shipment_id: 'shp-1', create_draft_shipment: true, shipment_request: {} };
type Row = [string, () => OrderState, OrderCommand, [string, string, number, number][]];

const moves = (movements: OrderMovement[]) => movements.map((m) => [m.location_id, m.sku, m.on_hand_delta, m.reserved_delta]);

const cases: Row[] = [
  ['create reserves what is allocated (an FO with a location)', () => initialOrderState(), {
    type: 'CreateOrder', order_id: 'ord-1', tenant_id: 't-1', content: { merchant: 'SHOP1' },
    line_items: [{ id: 'A', sku: 'SKU-A', quantity: 2, requires_shipping: true }, { id: 'B', sku: 'SKU-B', quantity: 1, requires_shipping: true }],
    fulfillment_orders: [{ fulfillment_order_id: 'fo-1', location_id: 'loc-1', line_items: [{ id: 'A', quantity: 2 }] }],
    remainder: { fulfillment_order_id: 'fo-rest' }, ...STAMP,
  }, [['loc-1', 'SKU-A', 0, 2]]],
  ['update reserves a new allocation', allocated, {
    type: 'UpdateOrder', changes: {}, line_items: [{ id: 'A', sku: 'SKU-A', quantity: 3, requires_shipping: true }, { id: 'B', sku: 'SKU-B', quantity: 1, requires_shipping: true },
      { id: 'C', sku: 'SKU-C', quantity: 2, requires_shipping: true }],
    fulfillment_orders: [{ fulfillment_order_id: 'fo-1', new_fulfillment_order_id: 'x', line_items: [{ id: 'A', quantity: 3 }, { id: 'B', quantity: 1 }] },
      { new_fulfillment_order_id: 'fo-2', location_id: 'loc-2', line_items: [{ id: 'C', quantity: 2 }] }],
    remainder: { fulfillment_order_id: 'fo-rest' }, ...STAMP,
  }, [['loc-2', 'SKU-C', 0, 2]]],
  ['update releases a removed allocation', allocated, {
    type: 'UpdateOrder', changes: {}, line_items: [{ id: 'A', sku: 'SKU-A', quantity: 3, requires_shipping: true }],
    fulfillment_orders: [{ fulfillment_order_id: 'fo-1', new_fulfillment_order_id: 'x', line_items: [{ id: 'A', quantity: 3 }] }],
    remainder: { fulfillment_order_id: 'fo-rest' }, ...STAMP,
  }, [['loc-1', 'SKU-B', 0, -1]]],
  ['update adjusts a quantity change (down and up)', allocated, {
    type: 'UpdateOrder', changes: {}, line_items: [{ id: 'A', sku: 'SKU-A', quantity: 1, requires_shipping: true }, { id: 'B', sku: 'SKU-B', quantity: 4, requires_shipping: true }],
    fulfillment_orders: [{ fulfillment_order_id: 'fo-1', new_fulfillment_order_id: 'x', line_items: [{ id: 'A', quantity: 1 }, { id: 'B', quantity: 4 }] }],
    remainder: { fulfillment_order_id: 'fo-rest' }, ...STAMP,
  }, [['loc-1', 'SKU-A', 0, -2], ['loc-1', 'SKU-B', 0, 3]]],
  ['cancel releases every reservation', allocated, { type: 'CancelOrder', cancellation_reason: 'CUSTOMER_CANCELLATION', ...STAMP },
    [['loc-1', 'SKU-A', 0, -3], ['loc-1', 'SKU-B', 0, -1]]],
  ['cancelling FO line items lowers reserved when the FO has a location', allocated, {
    type: 'CancelFulfillmentOrderLineItems', fulfillment_order_id: 'fo-1', cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'A', quantity: 2 }], ...STAMP,
  }, [['loc-1', 'SKU-A', 0, -2]]],
  ['cancelling FO line items of an FO without a location moves nothing', () => orderWith([line('A', 3)], [fo('fo-1', [share('A', 3, 'open')], null)]), {
    type: 'CancelFulfillmentOrderLineItems', fulfillment_order_id: 'fo-1', cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'A', quantity: 2 }], ...STAMP,
  }, []],
  ['fulfill lowers on_hand and reserved by the fulfilled quantity (ON_ORDER_FULFILLED)', allocated, {
    type: 'FulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'A', quantity: 2 }], fulfillment_id: 'f-9', skip_shipping: false, ...shipReq, ...STAMP,
  }, [['loc-1', 'SKU-A', -2, -2]]],
  ['fulfill with skip_shipping (closed) lowers them too', allocated, {
    type: 'FulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'B', quantity: 1 }], fulfillment_id: 'f-9', skip_shipping: true, ...shipReq, ...STAMP,
  }, [['loc-1', 'SKU-B', -1, -1]]],
  ['unfulfill raises on_hand (and reserves again: the items are allocated again)',
    () => orderWith([line('A', 3)], [fo('fo-1', [share('A', 2, 'fulfilled', { fulfillment_id: 'f-1' }), share('A', 1, 'allocated')], 'loc-1')]), {
      type: 'UnfulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', fulfillment_ids: ['f-1'], shipped_shipment_ids: [], ...STAMP,
    }, [['loc-1', 'SKU-A', 2, 2]]],
  ['merge changes no inventory', () => orderWith([line('A', 3)], [fo('fo-1', [share('A', 1, 'allocated')]), fo('fo-2', [share('A', 2, 'allocated')])]), {
    type: 'MergeFulfillmentOrders', source: { fulfillment_order_id: 'fo-1' }, destination: { fulfillment_order_id: 'fo-2' }, ...STAMP,
  }, []],
  ['split changes no inventory', allocated, {
    type: 'SplitFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'A', quantity: 1 }], new_fulfillment_order_id: 'fo-9', ...STAMP,
  }, []],
  ['ship changes no inventory', allocated, {
    type: 'ShipFulfillmentOrderLineItems', fulfillment_order_id: 'fo-1', line_items: [{ id: 'A', quantity: 1 }], ...shipReq, ...STAMP,
  }, []],
  ['update-details changes no inventory', allocated, {
    type: 'UpdateFulfillmentOrderDetails', fulfillment_order_id: 'fo-1', partner_fulfillment_order_reference: 'R-1', ...STAMP,
  }, []],
  ['update-location to the same location changes no inventory', allocated, {
    type: 'UpdateFulfillmentOrderLocation', fulfillment_order_id: 'fo-1', location_id: 'loc-1', ...STAMP,
  }, []],
  ['update-location to another location moves the reservation with the items (docs/api/inventory.md)', allocated, {
    type: 'UpdateFulfillmentOrderLocation', fulfillment_order_id: 'fo-1', location_id: 'loc-2', ...STAMP,
  }, [['loc-1', 'SKU-A', 0, -3], ['loc-1', 'SKU-B', 0, -1], ['loc-2', 'SKU-A', 0, 3], ['loc-2', 'SKU-B', 0, 1]]],
];

describe('rule 3: the level movements of each order operation', () => {
  it.each(cases)('%s', (_name, given, command, expected) => {
    const before = given();
    const after = run(command, before);
    expect(moves(orderMovements(before, after, 'ON_ORDER_FULFILLED'))).toEqual(expected);
  });

  it('ON_STOCK_SYNC: fulfill only releases the reservation; unfulfill only reserves again', () => {
    const before = allocated();
    const after = run({ type: 'FulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'A', quantity: 2 }], fulfillment_id: 'f-9', skip_shipping: false, ...shipReq, ...STAMP }, before);
    expect(moves(orderMovements(before, after, 'ON_STOCK_SYNC'))).toEqual([['loc-1', 'SKU-A', 0, -2]]);
    const back = run({ type: 'UnfulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', fulfillment_ids: ['f-9'], shipped_shipment_ids: [], ...STAMP }, after);
    expect(moves(orderMovements(after, back, 'ON_STOCK_SYNC'))).toEqual([['loc-1', 'SKU-A', 0, 2]]);
  });

  it('names the FOs a movement comes from', () => {
    const before = allocated();
    const after = run({ type: 'CancelFulfillmentOrderLineItems', fulfillment_order_id: 'fo-1', cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'B', quantity: 1 }], ...STAMP }, before);
    expect(orderMovements(before, after, 'ON_ORDER_FULFILLED')[0]!.fulfillment_order_ids).toEqual(['fo-1']);
  });
});
