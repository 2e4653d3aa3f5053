import { ORDER_EVENT_TYPES } from '@shipledger/ordering';
import { ORDER_EVENT_TRIGGERS, orderOperation, orderTrigger } from './webhook-order-triggers';

describe('order webhook triggers', () => {
  it.each([
    ['OrderCreated', {}, 'ORDER_CREATE'],
    ['OrderUpdated', {}, 'ORDER_UPDATE'],
    ['OrderCancelled', {}, 'ORDER_CANCEL'],
    ['OrderStatusRecalculated', { from: 'fulfilled', to: 'closed' }, 'ORDER_CLOSED'],
    ['OrderStatusRecalculated', { from: 'open', to: 'allocated' }, null],
    ['FulfillmentOrderCreated', {}, null],
    ['FulfillmentOrderUpdated', {}, null],
    ['FulfillmentOrderRemoved', {}, null],
    ['FulfillmentOrderFulfilled', {}, 'FULFILLMENT_ORDER_FULFILL'],
    ['FulfillmentOrderUnfulfilled', {}, 'FULFILLMENT_ORDER_UNFULFILL'],
    ['FulfillmentOrderMerged', {}, 'FULFILLMENT_ORDER_MERGE'],
    ['FulfillmentOrderSplit', {}, 'FULFILLMENT_ORDER_SPLIT'],
    ['FulfillmentOrderLineItemsCancelled', {}, 'FULFILLMENT_ORDER_CANCEL_LINE_ITEMS'],
    ['FulfillmentOrderLineItemsShipped', {}, 'FULFILLMENT_ORDER_SHIP_LINE_ITEMS'],
    ['FulfillmentOrderLocationUpdated', {}, 'FULFILLMENT_ORDER_UPDATE_LOCATION'],
    ['FulfillmentOrderDetailsUpdated', {}, 'FULFILLMENT_ORDER_UPDATE_DETAILS'],
    ['SomethingElse', {}, null],
  ])('given %s %j, then the trigger is %s', (type, data, trigger) => {
    expect(orderTrigger(type, data)).toBe(trigger);
  });

  it('has a row for every order event type of the Ordering context (a new event type needs a decision)', () => {
    expect(Object.keys(ORDER_EVENT_TRIGGERS).sort()).toEqual([...ORDER_EVENT_TYPES].sort());
  });

  it('the operation is INSERT for a created order and MODIFY for every other event', () => {
    expect(orderOperation('OrderCreated')).toBe('INSERT');
    expect(orderOperation('OrderCancelled')).toBe('MODIFY');
  });
});
