import { fo, foOf, line, orderWith, REMAINDER, rejection, run, share, STAMP } from './order.fixtures';
import type { CreateOrder, OrderCommand } from './order.commands';
import { decide } from './order.decide';
import { fold, evolve } from './order.evolve';
import { initialOrderState, type OrderState } from './order.state';

const inputLine = (id: string, quantity: number, requires_shipping = true) => ({ id, sku: `SKU-${id}`, quantity, requires_shipping });

function create(overrides: Partial<CreateOrder> = {}): OrderState {
  return run({
    type: 'CreateOrder', order_id: 'ord-1', tenant_id: 't-1', content: { merchant: 'SHOP1' },
    line_items: [inputLine('li-1', 2), inputLine('li-2', 1)], remainder: REMAINDER, ...STAMP, ...overrides,
  } as CreateOrder, initialOrderState());
}

describe('create (rule 1)', () => {
  it('without FOs and with the merchant\'s only location: one allocated FO', () => {
    const state = create({ remainder: { fulfillment_order_id: 'fo-a', location_id: 'loc-1' } });
    expect(state).toMatchObject({ exists: true, status: 'allocated', auto_allocation_failed: false, creation_date: STAMP.at });
    expect(state.fulfillment_orders).toEqual([fo('fo-a', [share('li-1', 2, 'allocated'), share('li-2', 1, 'allocated')])]);
  });

  it('without FOs and no single location: one open FO and auto_allocation_failed', () => {
    const state = create();
    expect(state).toMatchObject({ status: 'open', auto_allocation_failed: true });
    expect(state.fulfillment_orders).toEqual([{ fulfillment_order_id: 'fo-rest', location_id: undefined, line_items: [share('li-1', 2, 'open'), share('li-2', 1, 'open')] }]);
  });

  it('with FOs the caller places items; what no FO holds goes to the remainder FO', () => {
    const state = create({
      fulfillment_orders: [{ fulfillment_order_id: 'fo-a', partner_fulfillment_order_reference: 'A', location_id: 'loc-1', line_items: [{ id: 'li-1', quantity: 2 }] }],
    });
    expect(state.status).toBe('partially_allocated');
    expect(state.auto_allocation_failed).toBe(false);
    expect(state.fulfillment_orders.map((each) => [each.fulfillment_order_id, each.line_items])).toEqual([
      ['fo-a', [share('li-1', 2, 'allocated')]],
      ['fo-rest', [share('li-2', 1, 'open')]],
    ]);
  });

  it('refuses FOs holding more than ordered, an unknown line and a repeated line id, naming the field', () => {
    const over = { fulfillment_order_id: 'fo-a', line_items: [{ id: 'li-1', quantity: 3 }] };
    const command = (extra: Partial<CreateOrder>): OrderCommand => ({
      type: 'CreateOrder', order_id: 'o', tenant_id: 't', content: {}, line_items: [inputLine('li-1', 2)], remainder: REMAINDER, ...STAMP, ...extra,
    } as CreateOrder);
    expect(rejection(command({ fulfillment_orders: [over] }), initialOrderState()).code).toBe('quantity_placement_invalid');
    const unknown = rejection(command({ fulfillment_orders: [{ fulfillment_order_id: 'x', line_items: [{ id: 'li-9', quantity: 1 }] }] }), initialOrderState());
    expect([unknown.code, unknown.details[0].field]).toEqual(['line_item_not_found', 'fulfillment_orders[0].line_items[0].id']);
    const repeated = rejection(command({ line_items: [inputLine('li-1', 1), inputLine('li-1', 1)] }), initialOrderState());
    expect([repeated.code, repeated.details[0].field]).toEqual(['duplicate_line_item', 'line_items[1].id']);
  });

  it('events are JSON-safe and carry actor and time', () => {
    const events = decide({
      type: 'CreateOrder', order_id: 'o', tenant_id: 't', content: {}, line_items: [inputLine('li-1', 1)], remainder: REMAINDER, ...STAMP,
    }, initialOrderState());
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
    for (const event of events) expect(event.data).toMatchObject(STAMP);
    expect(fold(JSON.parse(JSON.stringify(events)))).toEqual(fold(events));
  });
});

describe('PATCH (rule 2)', () => {
  const patch = (extra: Partial<Extract<OrderCommand, { type: 'UpdateOrder' }>>): OrderCommand =>
    ({ type: 'UpdateOrder', changes: {}, remainder: { fulfillment_order_id: 'fo-new' }, ...STAMP, ...extra });
  const given = () => orderWith(
    [line('li-1', 3), line('li-2', 1)],
    [fo('fo-1', [share('li-1', 1, 'fulfilled'), share('li-1', 2, 'allocated')], 'loc-1', { partner_fulfillment_order_reference: 'A' }), fo('fo-2', [share('li-2', 1, 'allocated')])],
  );

  it('a quantity reduction is recorded as removed quantity and taken from pending units', () => {
    const next = run(patch({ line_items: [inputLine('li-1', 2), inputLine('li-2', 1)] }), given());
    expect(next.line_items[0]).toMatchObject({ quantity: 2, removed_quantity: 1 });
    expect(foOf(next, 'fo-1').line_items).toEqual([share('li-1', 1, 'fulfilled'), share('li-1', 1, 'allocated')]);
  });

  it('a reduction below what is fulfilled is refused; an unlisted line counts as reduced to 0', () => {
    const error = rejection(patch({ line_items: [inputLine('li-2', 1)] }), given());
    expect([error.code, error.message]).toEqual(['quantity_placement_invalid', 'Line item li-1: quantity 0 is below the 1 already fulfilled or closed.']);
    const dropped = run(patch({ line_items: [inputLine('li-1', 3)] }), given());
    expect(dropped.line_items[1]).toMatchObject({ id: 'li-2', quantity: 0, removed_quantity: 1 });
    expect(dropped.fulfillment_orders.map((each) => each.fulfillment_order_id)).toEqual(['fo-1']);
  });

  it('an added line goes to the remainder FO', () => {
    const next = run(patch({ line_items: [inputLine('li-1', 3), inputLine('li-2', 1), inputLine('li-3', 4)] }), given());
    expect(foOf(next, 'fo-new').line_items).toEqual([share('li-3', 4, 'open')]);
    expect(next.status).toBe('partially_fulfilled');
  });

  it('FOs are replaced: matched by id or reference, unmatched created, unlisted removed, kept items kept, moves by listing', () => {
    const next = run(patch({
      fulfillment_orders: [
        { partner_fulfillment_order_reference: 'A', new_fulfillment_order_id: 'unused', line_items: [{ id: 'li-1', quantity: 1 }] },
        { fulfillment_order_id: 'zzz', new_fulfillment_order_id: 'fo-3', location_id: 'loc-3', line_items: [{ id: 'li-1', quantity: 1 }, { id: 'li-2', quantity: 1 }] },
      ],
    }), given());
    expect(next.fulfillment_orders.map((each) => [each.fulfillment_order_id, each.location_id, each.line_items])).toEqual([
      ['fo-1', 'loc-1', [share('li-1', 1, 'fulfilled'), share('li-1', 1, 'allocated')]],
      ['fo-3', 'loc-3', [share('li-1', 1, 'allocated'), share('li-2', 1, 'allocated')]],
    ]);
  });

  it('the events name each FO change', () => {
    const events = decide(patch({ fulfillment_orders: [{ fulfillment_order_id: 'fo-1', new_fulfillment_order_id: 'n', location_id: 'loc-9' }] }), given());
    expect(events.map((event) => event.type)).toEqual(['OrderUpdated', 'FulfillmentOrderRemoved', 'FulfillmentOrderUpdated', 'FulfillmentOrderCreated']);
  });

  it('FOs listing more than ordered are refused', () => {
    const error = rejection(patch({ fulfillment_orders: [{ fulfillment_order_id: 'fo-1', new_fulfillment_order_id: 'n', line_items: [{ id: 'li-1', quantity: 3 }] }] }), given());
    expect([error.code, error.message]).toEqual(['quantity_placement_invalid', 'Line item li-1: the fulfillment orders hold 4 but the order has 3.']);
  });
});

describe('fulfillment operations', () => {
  const allocated = () => orderWith([line('li-1', 3), line('li-2', 1, false)], [fo('fo-1', [share('li-1', 3, 'allocated'), share('li-2', 1, 'allocated')])]);
  const fulfill = (extra: object = {}): OrderCommand => ({
    type: 'FulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', fulfillment_id: 'f-9', shipment_id: 'shp-9', skip_shipping: false,
    create_draft_shipment: true, shipment_request: { parcels: [] }, ...STAMP, ...extra,
  } as OrderCommand);

  it('fulfill of all pending: shipping items fulfilled with the shipment, the rest closed', () => {
    const events = decide(fulfill(), allocated());
    expect(events[0]).toMatchObject({
      type: 'FulfillmentOrderFulfilled',
      data: {
        line_items: [{ id: 'li-1', quantity: 3, status: 'fulfilled' }, { id: 'li-2', quantity: 1, status: 'closed' }],
        shipment: { shipment_id: 'shp-9', create_draft_shipment: true, line_items: [{ id: 'li-1', quantity: 3 }], request: { parcels: [] } },
      },
    });
    expect(fold(events, allocated()).status).toBe('fulfilled');
  });

  it('partial fulfill splits the share; skip_shipping creates no shipment', () => {
    const events = decide(fulfill({ line_items: [{ id: 'li-1', quantity: 1 }], skip_shipping: true }), allocated());
    const next = fold(events, allocated());
    expect(foOf(next, 'fo-1').line_items).toEqual([
      share('li-1', 2, 'allocated'), share('li-2', 1, 'allocated'), { id: 'li-1', quantity: 1, status: 'closed', fulfillment_id: 'f-9', shipment_ids: [] },
    ]);
    expect(events[0].type === 'FulfillmentOrderFulfilled' && events[0].data.shipment).toBeUndefined();
    expect(next.status).toBe('partially_fulfilled');
  });

  it('unfulfill returns units to allocated, merges them and lists the shipments to cancel', () => {
    const fulfilled = run(fulfill({ line_items: [{ id: 'li-1', quantity: 2 }] }), allocated());
    const events = decide({ type: 'UnfulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', fulfillment_ids: ['f-9'], shipped_shipment_ids: [], ...STAMP }, fulfilled);
    expect(events[0]).toMatchObject({ type: 'FulfillmentOrderUnfulfilled', data: { shipment_ids: ['shp-9'] } });
    expect(foOf(fold(events, fulfilled), 'fo-1').line_items).toEqual([share('li-1', 3, 'allocated'), share('li-2', 1, 'allocated')]);
  });

  it('unfulfill of a shipped fulfillment is refused', () => {
    const fulfilled = run(fulfill({ line_items: [{ id: 'li-1', quantity: 1 }] }), allocated());
    const error = rejection({ type: 'UnfulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', fulfillment_ids: ['f-9'], shipped_shipment_ids: ['shp-9'], ...STAMP }, fulfilled);
    expect([error.code, error.details[0].field]).toEqual(['fulfillment_already_shipped', 'fulfillment_ids[0]']);
  });

  it('cancel line items records the removed quantity on the order line', () => {
    const next = run({ type: 'CancelFulfillmentOrderLineItems', fulfillment_order_id: 'fo-1', cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'li-1', quantity: 2 }], ...STAMP }, allocated());
    expect(next.line_items[0]).toMatchObject({ quantity: 1, removed_quantity: 2 });
    expect(next.status).toBe('allocated');
  });

  it('split (rule 5): inherits delivery and metadata, location defaults to the original, removes an emptied FO', () => {
    const given = orderWith([line('li-1', 1)], [fo('fo-1', [share('li-1', 1, 'allocated')], 'loc-1', { delivery: { delivery_type: 'EXPRESS' }, service_metadata: [{ k: 'v' }] })]);
    const events = decide({ type: 'SplitFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'li-1', quantity: 1 }], new_fulfillment_order_id: 'fo-2', ...STAMP }, given);
    expect(events.map((event) => event.type)).toEqual(['FulfillmentOrderSplit', 'FulfillmentOrderRemoved']);
    expect(fold(events, given).fulfillment_orders).toEqual([
      { fulfillment_order_id: 'fo-2', location_id: 'loc-1', delivery: { delivery_type: 'EXPRESS' }, service_metadata: [{ k: 'v' }], line_items: [share('li-1', 1, 'allocated')] },
    ]);
  });

  it('split to no location leaves the new items open', () => {
    const given = orderWith([line('li-1', 2)], [fo('fo-1', [share('li-1', 2, 'open')], null)]);
    const next = run({ type: 'SplitFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: [{ id: 'li-1', quantity: 1 }], new_fulfillment_order_id: 'fo-2', ...STAMP }, given);
    expect(foOf(next, 'fo-2').line_items).toEqual([share('li-1', 1, 'open')]);
  });

  it('update details: both fields or neither are refused; fulfillment references are set', () => {
    const fulfilled = run(fulfill(), allocated());
    const both = rejection({ type: 'UpdateFulfillmentOrderDetails', fulfillment_order_id: 'fo-1', partner_fulfillment_order_reference: 'R', fulfillments: [], ...STAMP }, fulfilled);
    expect(both.code).toBe('update_details_not_possible');
    const next = run({ type: 'UpdateFulfillmentOrderDetails', fulfillment_order_id: 'fo-1', fulfillments: [{ fulfillment_id: 'f-9', partner_fulfillment_reference: 'PF' }], ...STAMP }, fulfilled);
    expect(foOf(next, 'fo-1').line_items.every((item) => item.partner_fulfillment_reference === 'PF')).toBe(true);
  });

  it('the path may name an FO by its partner reference', () => {
    const given = orderWith([line('li-1', 1)], [fo('fo-1', [share('li-1', 1, 'allocated')], 'loc-1', { partner_fulfillment_order_reference: 'A/1' })]);
    const next = run({ type: 'UpdateFulfillmentOrderLocation', fulfillment_order_id: 'A/1', location_id: 'loc-2', ...STAMP }, given);
    expect(foOf(next, 'fo-1').location_id).toBe('loc-2');
  });
});

describe('rule 4: every merge condition refuses', () => {
  const pair = (source: object, destination: object, requiresShipping = true) => orderWith(
    [line('li-1', 1), line('li-2', 1, requiresShipping)],
    [{ ...fo('fo-1', [share('li-1', 1, 'allocated')]), ...source }, { ...fo('fo-2', [share('li-2', 1, 'allocated')]), ...destination }],
  );
  const merge: OrderCommand = { type: 'MergeFulfillmentOrders', source: { fulfillment_order_id: 'fo-1' }, destination: { partner_fulfillment_order_reference: 'B' }, ...STAMP };
  const cases: [string, OrderState][] = [
    ['their location_id differs', pair({}, { location_id: 'loc-2', partner_fulfillment_order_reference: 'B' })],
    ['their delivery_type differs', pair({ delivery: { delivery_type: 'X' } }, { delivery: { delivery_type: 'Y' }, partner_fulfillment_order_reference: 'B' })],
    ['their delivery method differs', pair({ delivery: { delivery_method: 'PICKUP' } }, { partner_fulfillment_order_reference: 'B' })],
    ['items that require shipping would be mixed with items that do not', pair({}, { partner_fulfillment_order_reference: 'B' }, false)],
  ];

  it.each(cases)('%s', (reason, given) => {
    const error = rejection(merge, given);
    expect([error.code, error.message]).toEqual(['merge_not_possible', `Fulfillment orders fo-1 and fo-2 cannot be merged: ${reason}.`]);
  });

  it('a merge that holds moves the items and removes the emptied source', () => {
    const given = pair({ delivery: { delivery_type: 'X' } }, { partner_fulfillment_order_reference: 'B' });
    const next = run(merge, given);
    expect(next.fulfillment_orders.map((each) => [each.fulfillment_order_id, each.line_items.map((item) => item.id)])).toEqual([['fo-2', ['li-2', 'li-1']]]);
  });
});

describe('evolve', () => {
  it('is total: an unknown event type leaves the state as is', () => {
    const state = orderWith([line('li-1', 1)], []);
    const next = evolve(state, { type: 'SomethingNew', data: STAMP } as never);
    expect({ ...next, version: state.version, update_date: state.update_date }).toEqual(state);
  });

  it('refuses commands on an order that does not exist with a 404', () => {
    const error = rejection({ type: 'CancelOrder', cancellation_reason: 'OTHER', ...STAMP }, initialOrderState());
    expect([error.httpStatus, error.code]).toEqual([404, 'order_not_found']);
  });
});
