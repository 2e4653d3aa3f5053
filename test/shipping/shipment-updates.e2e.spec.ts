import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { expectShippingError } from './support/expect-error';
import { createCarrierAccount, shipmentClient, shipmentRequest, type ShipmentClient } from './support/shipment-requests';

describe('parcels, delivery promise, schedules and label refresh over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ShipmentClient;
  let merchant: string;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    merchant = tenant.merchants[0];
    api = shipmentClient(app, tenant);
    await createCarrierAccount(app, tenant);
  });
  afterAll(() => app?.close());

  const draft = async () => (await api.create(shipmentRequest(merchant), '?draft=true')).body;
  const post = (id: string, action: string, body?: unknown) => api.call('POST', `/shipments/${id}/${action}`, body);
  const delivered = async () => {
    const created = (await api.create(shipmentRequest(merchant))).body;
    await app.waitUntilCaughtUp();
    await post(created.shipment_id, 'update-status', { new_status: 'shipped' });
    const done = await post(created.shipment_id, 'update-status', { new_status: 'delivered' });
    expect(done.body.post_shipping_info.status).toBe('delivered');
    return done.body;
  };

  it('PUT parcels (deprecated) still works and says so in a Deprecation header', async () => {
    const shipment = await draft();
    const response = await api.call('PUT', `/shipments/${shipment.shipment_id}/parcels`, {
      parcels: [{ partner_parcel_reference: 'A' }, { parcel_id: 'kept-id', partner_parcel_reference: 'B' }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.deprecation).toEqual(expect.any(String));
    expect(response.body.parcels.map((p: any) => p.partner_parcel_reference)).toEqual(['A', 'B']);
    expect(response.body.parcels[1].parcel_id).toBe('kept-id');
    expect(response.body.parcels[0].parcel_id).toEqual(expect.any(String));
  });

  it('delivery promise: the first one is kept as the original; refused in a final status', async () => {
    const shipment = await draft();
    const first = await post(shipment.shipment_id, 'update-delivery-promise', { revised_promised_delivery_date: '2026-12-01T10:00:00Z' });
    expect(first.status).toBe(200);
    const second = await post(shipment.shipment_id, 'update-delivery-promise', { revised_promised_delivery_date: '2026-12-03T10:00:00+04:00' });
    expect(second.body).toMatchObject({
      promised_delivery_date: '2026-12-03T06:00:00.000Z',
      original_promised_delivery_date: '2026-12-01T10:00:00.000Z',
    });
    const done = await delivered();
    expectShippingError(await post(done.shipment_id, 'update-delivery-promise', { revised_promised_delivery_date: '2026-12-05T00:00:00Z' }),
      400, 'A delivery promise update is not allowed in the final status: delivered.');
  });

  it('delivery and collection schedules: slot form or whole-day form; refused in a final status', async () => {
    const shipment = await draft();
    const slot = await post(shipment.shipment_id, 'update-delivery-schedule', { scheduled_from: '2026-12-01T08:00:00', scheduled_to: '2026-12-01T12:00:00' });
    expect(slot.body.delivery).toMatchObject({ scheduled_from: '2026-12-01T08:00:00.000Z', scheduled_to: '2026-12-01T12:00:00.000Z' });
    const day = await post(shipment.shipment_id, 'update-collection-schedule', { scheduled_date: '2026-11-30' });
    expect(day.body.collection).toEqual({ scheduled_date: '2026-11-30' });
    expect((await post(shipment.shipment_id, 'update-delivery-schedule', { scheduled_from: '2026-12-01T08:00:00Z' })).status).toBe(400);
    expect((await post(shipment.shipment_id, 'update-delivery-schedule', { scheduled_date: '2026-12-01', scheduled_from: '2026-12-01T08:00:00Z', scheduled_to: '2026-12-01T09:00:00Z' })).status).toBe(400);
    const cancelled = await draft();
    await post(cancelled.shipment_id, 'cancel');
    expectShippingError(await post(cancelled.shipment_id, 'update-collection-schedule', { scheduled_date: '2026-11-30' }),
      400, 'A schedule update is not allowed in the final status: cancelled.');
  });

  it('label/refresh answers {awb} with the default label URL; 400 before booking', async () => {
    const created = (await api.create(shipmentRequest(merchant))).body;
    await app.waitUntilCaughtUp();
    const booked = (await api.get(created.shipment_id)).body;
    const refreshed = await post(created.shipment_id, 'label/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ awb: booked.post_shipping_info.default_label_url });
    const shipment = await draft();
    expectShippingError(await post(shipment.shipment_id, 'label/refresh'), 400, `Shipment ${shipment.shipment_id} has no label: it is not booked.`);
    const prebooked = (await api.create(shipmentRequest(merchant, { pre_booked: true, pre_booking_info: { input_carrier: 'DHL', carrier_tracking_no: 'X1' } }))).body;
    expectShippingError(await post(prebooked.shipment_id, 'label/refresh'), 400,
      `Shipment ${prebooked.shipment_id} was booked outside the service: it has no label to refresh.`);
  });
});
