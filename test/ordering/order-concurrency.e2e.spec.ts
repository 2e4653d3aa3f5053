import { randomUUID } from 'node:crypto';
import { fold, type OrderEvent } from '@shipledger/ordering';
import { startTestApp, type TestApp, type TestResponse, type TestTenant } from '@shipledger/testing';
import { toOrderResponse } from '../../libs/ordering/src/application/shared/order-response';
import { createLocation, orderClient, orderRequest, type OrderClient } from './order-requests';

const toDomain = (event: { type: string; data: unknown }) => ({ type: event.type, data: event.data }) as OrderEvent;

describe.each([['PGlite', false], ['Postgres', true]])('concurrent operations on one order (%s)', (_name, postgres) => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: OrderClient;

  beforeAll(async () => {
    app = await startTestApp({ worker: false, postgres });
    tenant = await app.createTenant();
    api = orderClient(app, tenant);
    await createLocation(app, tenant, `WH-${randomUUID().slice(0, 4)}`);
  });
  afterAll(() => app?.close());

  it('20 concurrent PATCH and FO operations: each answer is 200 with the order its own events left, or 409 with nothing appended', async () => {
    const order = (await api.create(orderRequest(tenant.merchants[0]!))).body;
    const base = `/orders/${order.order_id}`;
    const foId = order.fulfillment_orders[0].fulfillment_order_id;
    const calls: (() => Promise<TestResponse>)[] = Array.from({ length: 20 }, (_, index) => {
      switch (index % 4) {
        case 0: return () => api.call('PATCH', base, { sales_channel: `c${index}` });
        case 1: return () => api.call('PATCH', `${base}/fulfillment-orders/${foId}`, { partner_fulfillment_order_reference: `R${index}` });
        case 2: return () => api.call('POST', `${base}/fulfillment-orders/${foId}/split`, { line_items: [{ id: 'A', quantity: 1 }] });
        default: return () => api.call('POST', `${base}/fulfillment-orders/${foId}/cancel`, { cancellation_reason: 'STAFF_ERROR', line_items: [{ id: 'B', quantity: 1 }] });
      }
    });
    const answers = await Promise.all(calls.map((call) => call()));

    const recorded = await app.eventStore.readStream(`order-${order.order_id}`);
    expect(recorded.map((event) => event.revision)).toEqual(recorded.map((_, index) => index));
    expect((await api.get(order.order_id)).body).toEqual(toOrderResponse(fold(recorded.map(toDomain))));
    for (const response of answers) {
      const own = recorded.filter((event) => event.metadata.requestId === response.headers['x-request-id']);
      if (response.status === 200) {
        const last = own[own.length - 1]!.revision;
        expect(response.body).toEqual(toOrderResponse(fold(recorded.filter((event) => event.revision <= last).map(toDomain))));
      } else {
        expect(own).toEqual([]);
        expect([409, 400]).toContain(response.status);
        if (response.status === 409) expect(response.body.code).toBe('concurrent_update');
      }
    }
    expect(answers.filter((response) => response.status === 200).length).toBeGreaterThan(0);
    // PGlite runs one statement at a time, so its requests rarely overlap; on Postgres they do.
    if (postgres) expect(answers.filter((response) => response.status === 409).length).toBeGreaterThan(0);
  });
});
