import { fo, line, orderWith, run, share, STAMP } from './order.fixtures';
import { decide } from './order.decide';
import { ORDER_STATUS_RULES, recalculateStatus, type StatusQuantities } from './order.recalculate';
import type { OrderStatus } from './order.status';

const none: StatusQuantities = { open: 0, allocated: 0, fulfilled: 0, cancelled: 0, closed: 0 };
const q = (given: Partial<StatusQuantities>): StatusQuantities => ({ ...none, ...given });

describe('order status recalculation: one case per row of the table', () => {
  const rows: [OrderStatus, string, { quantities: StatusQuantities; cancelled: boolean }][] = [
    ['cancelled', 'cancel called while items were still open', { quantities: q({ cancelled: 3 }), cancelled: true }],
    ['cancelled', 'every unit cancelled item by item', { quantities: q({ cancelled: 2 }), cancelled: false }],
    ['closed', 'every active unit closed, some cancelled', { quantities: q({ closed: 2, cancelled: 1 }), cancelled: false }],
    ['fulfilled', 'fulfilled and closed units, nothing pending', { quantities: q({ fulfilled: 1, closed: 1, cancelled: 4 }), cancelled: false }],
    ['partially_fulfilled', 'one fulfilled, one open', { quantities: q({ fulfilled: 1, open: 1 }), cancelled: false }],
    ['partially_fulfilled', 'one closed, one allocated', { quantities: q({ closed: 1, allocated: 1 }), cancelled: false }],
    ['allocated', 'every active unit allocated', { quantities: q({ allocated: 3, cancelled: 1 }), cancelled: false }],
    ['partially_allocated', 'allocated and open units', { quantities: q({ allocated: 1, open: 2 }), cancelled: false }],
    ['open', 'nothing allocated', { quantities: q({ open: 2 }), cancelled: false }],
    ['open', 'no units at all', { quantities: q({}), cancelled: false }],
  ];

  it.each(rows)('%s when %s', (status, _why, input) => {
    expect(recalculateStatus(input)).toBe(status);
  });

  it('the table yields each of the seven statuses', () => {
    expect(new Set(rows.map(([status]) => status)).size).toBe(7);
    expect(ORDER_STATUS_RULES.map((rule) => rule.status)).toEqual([
      'cancelled', 'closed', 'fulfilled', 'partially_fulfilled', 'allocated', 'partially_allocated', 'open',
    ]);
  });
});

describe('the decider recalculates after an operation', () => {
  it('fulfilling the last pending units appends OrderStatusRecalculated to fulfilled', () => {
    const given = orderWith([line('li-1', 1)], [fo('fo-1', [share('li-1', 1, 'allocated')])]);
    const next = run({
      type: 'FulfillFulfillmentOrder', fulfillment_order_id: 'fo-1', fulfillment_id: 'f-9', shipment_id: 's-9',
      skip_shipping: false, create_draft_shipment: false, shipment_request: {}, ...STAMP,
    }, given);
    expect(next.status).toBe('fulfilled');
  });

  it('an operation that leaves the status as is appends no recalculation event', () => {
    const given = orderWith([line('li-1', 2)], [fo('fo-1', [share('li-1', 2, 'allocated')])]);
    const events = decide(
      { type: 'UpdateFulfillmentOrderDetails', fulfillment_order_id: 'fo-1', partner_fulfillment_order_reference: 'R', ...STAMP }, given,
    );
    expect(events.map((event) => event.type)).toEqual(['FulfillmentOrderDetailsUpdated']);
  });
});
