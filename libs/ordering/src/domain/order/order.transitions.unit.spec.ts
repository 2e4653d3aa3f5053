import { fo, foOf, line, orderIn, orderWith, rejection, run, share, STAMP } from './order.fixtures';
import type { OrderCommand } from './order.commands';
import { OrderMessages } from './order.messages';
import type { OrderState } from './order.state';
import { FO_LINE_ITEM_STATUSES, ORDER_STATUSES, type FoLineItemStatus } from './order.status';
import { FO_LINE_ITEM_TRANSITIONS, foKeeps, foMoves, ORDER_TRANSITIONS, type FoOperation } from './order.transitions';

describe('order state table: cancel and PATCH from every status', () => {
  it.each(ORDER_STATUSES)('cancel from %s', (status) => {
    const given = orderIn(status);
    const command: OrderCommand = { type: 'CancelOrder', cancellation_reason: 'CUSTOMER_CANCELLATION', ...STAMP };
    if ((ORDER_TRANSITIONS.cancel.from as readonly string[]).includes(status)) {
      const next = run(command, given);
      expect(next.status).toBe('cancelled');
      expect(next.cancellation_reason).toBe('CUSTOMER_CANCELLATION');
      expect(next.line_items.map((item) => [item.quantity, item.removed_quantity])).toEqual([[0, 2], [0, 2]]);
      expect(next.fulfillment_orders.flatMap((each) => each.line_items.map((item) => item.status))).toEqual(['cancelled', 'cancelled']);
    } else {
      const error = rejection(command, given);
      expect([error.httpStatus, error.code, error.message]).toEqual([400, 'order_not_cancellable', `Order ord-1 cannot be cancelled in status: ${status}.`]);
    }
  });

  it.each(ORDER_STATUSES)('PATCH from %s', (status) => {
    const given = orderIn(status);
    const command: OrderCommand = { type: 'UpdateOrder', changes: { language: 'fr' }, remainder: { fulfillment_order_id: 'fo-x' }, ...STAMP };
    if ((ORDER_TRANSITIONS.update.from as readonly string[]).includes(status)) {
      const next = run(command, given);
      expect(next.content.language).toBe('fr');
      expect(next.status).toBe(status);
    } else {
      const error = rejection(command, given);
      expect([error.httpStatus, error.code, error.message]).toEqual([400, 'order_not_updatable', 'Order ord-1 cannot be updated in status: cancelled.']);
    }
  });

  it('FO operations on a cancelled order are refused', () => {
    const command: OrderCommand = { type: 'UpdateFulfillmentOrderLocation', fulfillment_order_id: 'fo-1', location_id: 'loc-2', ...STAMP };
    expect(rejection(command, orderIn('cancelled')).code).toBe('order_cancelled');
  });
});

/** One FO (`fo-1`, at loc-1) holding 2 units of li-1 in `status`, beside fo-2 (loc-1) with 2 allocated units of li-2. */
function givenItemIn(status: FoLineItemStatus): OrderState {
  const extra = status === 'cancelled' ? { cancellation_reason: 'OTHER' } : {};
  return orderWith([line('li-1', 2), line('li-2', 2)], [fo('fo-1', [share('li-1', 2, status, extra)]), fo('fo-2', [share('li-2', 2, 'allocated')])]);
}

const one = [{ id: 'li-1', quantity: 1 }];
const shipment = { shipment_id: 'shp-new', create_draft_shipment: false, shipment_request: {} };
const commands: Record<FoOperation, OrderCommand> = {
  fulfill: { type: 'FulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: one, fulfillment_id: 'f-new', skip_shipping: false, ...shipment, ...STAMP },
  fulfill_without_shipping: {
    type: 'FulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: one, fulfillment_id: 'f-new', skip_shipping: true, ...shipment, ...STAMP,
  },
  unfulfill: { type: 'UnfulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', fulfillment_ids: ['f-1'], shipped_shipment_ids: [], ...STAMP },
  cancel_line_items: { type: 'CancelFulfillmentOrderLineItems', fulfillment_order_id: 'fo-1', cancellation_reason: 'STAFF_ERROR', line_items: one, ...STAMP },
  split: { type: 'SplitFulfillmentOrder', fulfillment_order_id: 'fo-1', line_items: one, new_fulfillment_order_id: 'fo-new', ...STAMP },
  merge: { type: 'MergeFulfillmentOrders', source: { fulfillment_order_id: 'fo-1' }, destination: { fulfillment_order_id: 'fo-2' }, ...STAMP },
  ship: { type: 'ShipFulfillmentOrderLineItems', fulfillment_order_id: 'fo-1', line_items: one, ...shipment, ...STAMP },
  update_location: { type: 'UpdateFulfillmentOrderLocation', fulfillment_order_id: 'fo-1', location_id: 'loc-2', ...STAMP },
  update_details: { type: 'UpdateFulfillmentOrderDetails', fulfillment_order_id: 'fo-1', partner_fulfillment_order_reference: 'FO-REF', ...STAMP },
};

/** The unit the operation acted on, wherever it ended up. */
const actedOn: Record<FoOperation, (state: OrderState) => { status: FoLineItemStatus }> = {
  fulfill: (state) => foOf(state, 'fo-1').line_items.find((item) => item.fulfillment_id === 'f-new')!,
  fulfill_without_shipping: (state) => foOf(state, 'fo-1').line_items.find((item) => item.fulfillment_id === 'f-new')!,
  unfulfill: (state) => foOf(state, 'fo-1').line_items[0],
  cancel_line_items: (state) => foOf(state, 'fo-1').line_items.find((item) => item.cancellation_reason === 'STAFF_ERROR')!,
  split: (state) => foOf(state, 'fo-new').line_items[0],
  merge: (state) => foOf(state, 'fo-2').line_items.find((item) => item.id === 'li-1')!,
  ship: (state) => foOf(state, 'fo-1').line_items.find((item) => item.shipment_ids.includes('shp-new'))!,
  update_location: (state) => foOf(state, 'fo-1').line_items[0],
  update_details: (state) => foOf(state, 'fo-1').line_items[0],
};

const WHOLE_FO: readonly FoOperation[] = ['merge', 'update_location', 'update_details'];

function expectedRefusal(operation: FoOperation, status: FoLineItemStatus): string {
  if (operation === 'unfulfill' && status !== 'closed') return OrderMessages.fulfillmentNotFound('f-1', 'fo-1');
  if (operation === 'merge' && status === 'fulfilled') return OrderMessages.mergeCondition('no_fulfilled_items', 'fo-1', 'fo-2');
  if (WHOLE_FO.includes(operation)) return OrderMessages.foHasStatus(operation, 'fo-1', status);
  return OrderMessages.itemStatus(operation, 'li-1', 'fo-1', status);
}

describe('FO line-item table: every operation on an item in every status', () => {
  const operations = Object.keys(FO_LINE_ITEM_TRANSITIONS) as FoOperation[];
  const cells = operations.flatMap((operation) => FO_LINE_ITEM_STATUSES.map((status) => [operation, status] as const));

  it.each(cells)('%s on a %s item', (operation, status) => {
    const given = givenItemIn(status);
    const row = FO_LINE_ITEM_TRANSITIONS[operation];
    if (foMoves(operation, status)) {
      const expected = row.to === 'unchanged' ? status : row.to === 'by_location' ? 'allocated' : row.to;
      expect(actedOn[operation](run(commands[operation], given)).status).toBe(expected);
    } else if (foKeeps(operation, status)) {
      const next = run(commands[operation], given);
      expect(foOf(next, 'fo-1').line_items.find((item) => item.id === 'li-1')?.status).toBe(status);
    } else {
      const error = rejection(commands[operation], given);
      expect([error.httpStatus, error.message]).toEqual([400, expectedRefusal(operation, status)]);
    }
  });

  const quantityOps: FoOperation[] = ['fulfill', 'cancel_line_items', 'split', 'ship'];
  it.each(quantityOps)('%s of more units than available is refused with the quantity', (operation) => {
    const command = { ...commands[operation], line_items: [{ id: 'li-1', quantity: 3 }] } as OrderCommand;
    const error = rejection(command, givenItemIn('allocated'));
    expect([error.code, error.message, error.details]).toEqual([
      'quantity_above_available',
      'Line item li-1: requested quantity 3 is above the available quantity 2.',
      [{ field: 'line_items[0].quantity', message: 'Line item li-1: requested quantity 3 is above the available quantity 2.' }],
    ]);
  });

  it.each(quantityOps)('%s of a line the FO does not hold names the field', (operation) => {
    const command = { ...commands[operation], line_items: [{ id: 'li-2', quantity: 1 }] } as OrderCommand;
    const error = rejection(command, givenItemIn('allocated'));
    expect([error.code, error.details[0].field]).toEqual(['line_item_not_found', 'line_items[0].id']);
  });

  it('an unknown FO is a 404', () => {
    const error = rejection({ ...commands.split, fulfillment_order_id: 'nope' } as OrderCommand, givenItemIn('allocated'));
    expect([error.httpStatus, error.code, error.message]).toEqual([404, 'fulfillment_order_not_found', 'No fulfillment order found with the reference: nope']);
  });
});
