import pino from 'pino';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { migrateReadModels } from '@shipledger/projections';
import { allProjectors, allReactors } from '../../apps/worker/src/registry';
import { createCarrierAccount } from '../shipping/support/shipment-requests';
import { createLocation, orderClient, orderRequest } from './order-requests';

describe('order-shipments process manager: a crash between the order event and the shipment', () => {
  let app: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    // No worker: the fulfill is acknowledged, and nothing creates its shipment — as if the process died right after.
    app = await startTestApp({ worker: false });
    await migrateReadModels(app.database.kysely, allProjectors());
    tenant = await app.createTenant();
    await createCarrierAccount(app, tenant);
    await createLocation(app, tenant, `WH-${randomUUID().slice(0, 4)}`);
  });
  afterAll(() => app?.close());

  it('given a fulfill whose shipment was never written, when the event is handled (twice), then exactly one shipment exists with the linked id', async () => {
    const api = orderClient(app, tenant);
    const order = (await api.create(orderRequest(tenant.merchants[0]!))).body;
    const fulfilled = await api.call('POST', `/orders/${order.order_id}/fulfillment-orders/${order.fulfillment_orders[0].fulfillment_order_id}/fulfill`);
    expect(fulfilled.body).toMatchObject({ status: 'fulfilled' });
    const shipmentId: string = fulfilled.body.fulfillment_orders[0].line_items[0].shipment_id;
    expect(await app.eventStore.readStream(`shipment-${shipmentId}`)).toEqual([]);

    const reactor = allReactors({ database: app.database, eventStore: app.eventStore, logger: pino({ level: 'silent' }) })
      .find((candidate) => candidate.name === 'order-shipments')!;
    const event = (await app.eventStore.readStream(`order-${order.order_id}`)).find((recorded) => recorded.type === 'FulfillmentOrderFulfilled')!;
    await reactor.handle(event);
    await reactor.handle(event);
    await Promise.all([reactor.handle(event), reactor.handle(event)]);

    const stream = await app.eventStore.readStream(`shipment-${shipmentId}`);
    expect(stream.filter((recorded) => recorded.type === 'ShipmentCreated')).toHaveLength(1);
    expect(stream[0]!.metadata.causationId).toBe(event.id);
    const shipment = await api.call('GET', `/shipments/${shipmentId}`);
    expect(shipment.body.references.partner_order_reference).toBe(order.partner_order_reference);
  });
});
