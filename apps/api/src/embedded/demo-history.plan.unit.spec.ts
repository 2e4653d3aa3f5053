import { decide, fold, initialOrderState, type OrderEvent } from '@shipledger/ordering';
import { DEMO_HISTORY_ORDERS, DEMO_HISTORY_SHIPMENTS, demoOrderHistory, demoShipmentHistory, demoShipmentId } from './demo-history.plan';
import { demoSeedEnabled } from './demo-history.seeder';

const ACCOUNTS = [
  { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'Sandbox' },
  { carrier: 'SANDBOX', carrier_id: 'ca-2', carrier_account_name: 'Sandbox express' },
];
const NOW = new Date('2026-11-24T08:00:00.000Z');
const all = (now = NOW) => Array.from({ length: DEMO_HISTORY_SHIPMENTS }, (_, i) => demoShipmentHistory('demo', 'DEMO-SHOP', ACCOUNTS, i, now));

describe('the demo tenant history plan', () => {
  it('is the same plan on every run (ids from tenant and number), and other tenants get other ids', () => {
    expect(all()).toEqual(all());
    expect(demoShipmentId('demo', 0)).not.toBe(demoShipmentId('demo-2', 0));
    expect(new Set(all().map((h) => h.shipmentId)).size).toBe(DEMO_HISTORY_SHIPMENTS);
  });

  it('starts each shipment with its create under the demo merchant, a demo-history reference, and nothing after now', () => {
    const twoWeeksAgo = NOW.getTime() - 14 * 86_400_000;
    for (const history of all()) {
      const [create, ...rest] = history.commands;
      expect(create).toMatchObject({ type: 'CreateShipment', shipment_id: history.shipmentId, tenant_id: 'demo', draft: false, content: { merchant: 'DEMO-SHOP' } });
      expect(create?.type === 'CreateShipment' && create.content.references?.partner_shipment_reference).toMatch(/^demo-history-\d{3}$/);
      for (const command of history.commands) {
        expect(Date.parse(command.at)).toBeGreaterThanOrEqual(twoWeeksAgo);
        expect(Date.parse(command.at)).toBeLessThanOrEqual(NOW.getTime());
      }
      expect(rest.map((c) => Date.parse(c.at))).toEqual([...rest.map((c) => Date.parse(c.at))].sort((a, b) => a - b));
    }
  });

  it('mixes the outcomes the reports show: failed and retried bookings, promises, deliveries, failed attempts, returns, stuck ones', () => {
    const last = all().map((h) => h.commands[h.commands.length - 1]!);
    const statuses = last.map((c) => (c.type === 'RecordTrackingUpdate' ? c.status : c.type));
    for (const expected of ['RecordBookingFailed', 'RecordBookingSucceeded', 'UpdateDeliveryPromise', 'in_transit', 'delivered', 'returned']) {
      expect(statuses).toContain(expected);
    }
    const commands = all().flatMap((h) => h.commands.map((c) => (c.type === 'RecordTrackingUpdate' ? c.status : c.type)));
    expect(commands).toEqual(expect.arrayContaining(['ReprocessShipment', 'failed_delivery_attempt']));
    expect(statuses.filter((s) => s === 'delivered').length).toBeGreaterThan(DEMO_HISTORY_SHIPMENTS / 2);
  });

  it('gives a few dozen orders the order decider accepts, in the past, most fulfilled with a demo shipment of the same reference', () => {
    const orders = Array.from({ length: DEMO_HISTORY_ORDERS }, (_, i) => demoOrderHistory('demo', 'DEMO-SHOP', 'demo-warehouse', i, NOW));
    expect(orders).toEqual(Array.from({ length: DEMO_HISTORY_ORDERS }, (_, i) => demoOrderHistory('demo', 'DEMO-SHOP', 'demo-warehouse', i, NOW)));
    const shipments = new Map(all().map((h) => [h.shipmentId, h.commands[0]]));
    const statuses: string[] = [];
    for (const order of orders) {
      let events: OrderEvent[] = [];
      for (const command of order.commands) {
        expect(Date.parse(command.at)).toBeLessThanOrEqual(NOW.getTime());
        events = [...events, ...decide(command, fold(events, initialOrderState()))];
      }
      statuses.push(fold(events).status);
      const fulfilled = events.find((e) => e.type === 'FulfillmentOrderFulfilled');
      if (fulfilled?.type === 'FulfillmentOrderFulfilled' && fulfilled.data.shipment) {
        // Its shipment is a demo shipment created when the order was fulfilled, with the order's reference.
        const create = shipments.get(fulfilled.data.shipment.shipment_id);
        expect(create?.type === 'CreateShipment' && [create.at, create.content.references?.partner_order_reference])
          .toEqual([fulfilled.data.at, fold(events).content.partner_order_reference]);
      }
    }
    for (const status of ['allocated', 'partially_fulfilled', 'fulfilled', 'closed', 'cancelled']) expect(statuses).toContain(status);
    expect(statuses.filter((s) => s === 'fulfilled' || s === 'partially_fulfilled').length).toBeGreaterThan(DEMO_HISTORY_ORDERS / 2);
    expect(new Set(orders.map((o) => o.commands[0]?.type === 'CreateOrder' && o.commands[0].content.partner_order_reference)).size).toBe(DEMO_HISTORY_ORDERS);
  });

  it('is on unless DEMO_SEED=off', () => {
    expect(demoSeedEnabled({})).toBe(true);
    expect(demoSeedEnabled({ DEMO_SEED: 'on' })).toBe(true);
    expect(demoSeedEnabled({ DEMO_SEED: 'off' })).toBe(false);
    expect(demoSeedEnabled({ DEMO_SEED: 'OFF' })).toBe(false);
  });
});
