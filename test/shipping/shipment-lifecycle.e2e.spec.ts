import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { expectShippingError } from './support/expect-error';
import { createCarrierAccount, shipmentClient, shipmentRequest, type ShipmentClient } from './support/shipment-requests';

describe('shipment commands over HTTPS: confirm, cancel, reprocess, reassign, ready-to-ship, update-status', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ShipmentClient;
  let merchant: string;
  let account: any;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    merchant = tenant.merchants[0];
    api = shipmentClient(app, tenant);
    account = await createCarrierAccount(app, tenant);
  });
  afterAll(() => app?.close());

  const draft = async (overrides: Record<string, unknown> = {}) => (await api.create(shipmentRequest(merchant, overrides), '?draft=true')).body;
  const booked = async () => {
    const created = await api.create(shipmentRequest(merchant));
    expect(created.body.post_shipping_info.status).toBe('pending');
    await app.waitUntilCaughtUp();
    const got = await api.get(created.body.shipment_id);
    expect(got.body.post_shipping_info.status).toBe('booked');
    return got.body;
  };
  const post = (id: string, action: string, body?: unknown) => api.call('POST', `/shipments/${id}/${action}`, body);

  describe('confirm', () => {
    it.each([['no body', undefined], ['{}', {}], ['[] (PHP empty map)', []]])('confirms a draft with %s', async (_label, body) => {
      const shipment = await draft();
      const confirmed = await post(shipment.shipment_id, 'confirm', body);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.post_shipping_info.status).toBe('pending');
      expect(confirmed.body.carrier_account.carrier_id).toBe(account.carrier_account_id);
    });

    it('confirms a draft whose request has a JSON content type and an empty body', async () => {
      const shipment = await draft();
      const confirmed = await app.http.request('POST', `/shipments/${shipment.shipment_id}/confirm`, {
        headers: { ...tenant.headers, 'content-type': 'application/json' }, rawBody: '',
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.post_shipping_info.status).toBe('pending');
    });

    it('applies an optional partial body before booking', async () => {
      const shipment = await draft({ pickup: undefined });
      const confirmed = await post(shipment.shipment_id, 'confirm', { pickup: { city: 'Sharjah', country: 'AE', address1: '9 Road' } });
      expect(confirmed.body.pickup).toEqual({ city: 'Sharjah', country: 'AE', address1: '9 Road' });
      expect(confirmed.body.post_shipping_info.status).toBe('pending');
    });

    it('a draft failing booking validation goes to error (200); fixing it and confirming again works', async () => {
      const shipment = await draft({ dropoff: undefined });
      const failed = await post(shipment.shipment_id, 'confirm');
      expect(failed.status).toBe(200);
      expect(failed.body.post_shipping_info.status).toBe('error');
      const fixed = await post(shipment.shipment_id, 'confirm', { dropoff: { city: 'Dubai', country: 'AE', address1: '1 St', contact_email: 'a@b.co' } });
      expect(fixed.body.post_shipping_info.status).toBe('pending');
    });

    it('confirm outside draft/error → 400 naming the status', async () => {
      // A confirmed shipment is booked by the carrier in the background, so the status is pinned first:
      // a second confirm right after the first raced the booking (pending or booked).
      const shipment = await booked();
      expectShippingError(await post(shipment.shipment_id, 'confirm'), 400, 'Only draft shipments can be confirmed. Current shipment status: booked.');
    });
  });

  describe('PUT and PATCH', () => {
    it('PATCH replaces top-level objects whole and merges custom attributes (null removes)', async () => {
      const shipment = await draft({ custom_attributes: { gift_note: ['Hi'], color: ['red'] } });
      const patched = await api.call('PATCH', `/shipments/${shipment.shipment_id}`, {
        dropoff: { city: 'Abu Dhabi', country: 'AE' },
        custom_attributes: { color: null, size: ['L'] },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.dropoff).toEqual({ city: 'Abu Dhabi', country: 'AE' });
      expect(patched.body.pickup).toEqual(shipment.pickup);
      expect(patched.body.custom_attributes).toEqual({ gift_note: ['Hi'], size: ['L'] });
      expect((await api.get(shipment.shipment_id)).body).toEqual(patched.body);
    });

    it('PUT replaces the whole request', async () => {
      const shipment = await draft();
      const body = shipmentRequest(merchant, { references: shipment.references, items: [{ sku: 'NEW', quantity: 1 }], custom_attributes: {} });
      delete body.pickup;
      const put = await api.call('PUT', `/shipments/${shipment.shipment_id}`, body);
      expect(put.status).toBe(200);
      expect(put.body.items).toEqual([{ sku: 'NEW', quantity: 1 }]);
      expect(put.body).not.toHaveProperty('pickup');
      expect(put.body.custom_attributes).toEqual({});
    });

    it('a client may send back the shipment it read: read-only fields are accepted and ignored', async () => {
      const shipment = await draft({ carrier_account: { carrier_id: account.carrier_account_id } });
      const read = (await api.get(shipment.shipment_id)).body;
      const put = await api.call('PUT', `/shipments/${shipment.shipment_id}`, { ...read, language: 'ar' });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ shipment_id: shipment.shipment_id, language: 'ar', creation_date: read.creation_date });
      const confirmed = await post(shipment.shipment_id, 'confirm', put.body);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.post_shipping_info.status).toBe('pending');
      await post(shipment.shipment_id, 'cancel');
      const reprocessed = await post(shipment.shipment_id, 'reprocess', (await api.get(shipment.shipment_id)).body);
      expect(reprocessed.body.post_shipping_info.status).toBe('pending');
    });

    it('PATCH may change the partner reference: the new one resolves, the old one is free again', async () => {
      const shipment = await draft();
      const old = shipment.references.partner_shipment_reference;
      const renamed = `PSR-${randomUUID()}`;
      const patched = await api.call('PATCH', `/shipments/${shipment.shipment_id}`, { references: { partner_shipment_reference: renamed } });
      expect(patched.status).toBe(200);
      expect((await api.get(renamed)).body.shipment_id).toBe(shipment.shipment_id);
      expect((await api.get(old)).status).toBe(404);
      expect((await api.create(shipmentRequest(merchant, { references: { partner_shipment_reference: old } }), '?draft=true')).status).toBe(200);
    });

    it('PUT/PATCH outside draft or error → 400', async () => {
      const shipment = await draft();
      await post(shipment.shipment_id, 'confirm');
      const message = `Shipment ${shipment.shipment_id} is not [draft, error].`;
      expectShippingError(await api.call('PATCH', `/shipments/${shipment.shipment_id}`, { language: 'fr' }), 400, message);
      expectShippingError(await api.call('PUT', `/shipments/${shipment.shipment_id}`, shipmentRequest(merchant, { references: shipment.references })), 400, message);
    });
  });

  describe('cancel, reprocess, reassign, ready-to-ship, update-status', () => {
    it('cancel with an optional reason code; refused once shipped', async () => {
      const shipment = await draft();
      const cancelled = await post(shipment.shipment_id, 'cancel', { update_reason_code: 'CUSTOMER_REQUEST' });
      expect(cancelled.body.post_shipping_info).toMatchObject({ status: 'cancelled', reason_code: 'CUSTOMER_REQUEST' });
      const shippedOne = await booked();
      const shipped = await post(shippedOne.shipment_id, 'update-status', { new_status: 'shipped' });
      expect(shipped.body.post_shipping_info.status).toBe('shipped');
      expectShippingError(await post(shippedOne.shipment_id, 'cancel'), 400,
        "Status change is not allowed from current status: 'shipped' to the new status: 'cancelled'");
    });

    it('reprocess from its list → pending; from draft → 400', async () => {
      const cancelled = await draft();
      await post(cancelled.shipment_id, 'cancel', []);
      const reprocessed = await post(cancelled.shipment_id, 'reprocess', {});
      expect(reprocessed.body.post_shipping_info.status).toBe('pending');
      const other = await draft();
      expectShippingError(await post(other.shipment_id, 'reprocess'), 400, "Current shipment status 'draft' does not allow reprocessing.");
    });

    it('reassign: to another account, retry with the same, or no effect without accounts to route to', async () => {
      const second = await createCarrierAccount(app, tenant);
      const shipment = await booked();
      const reassigned = await post(shipment.shipment_id, 'reassign', { carrier_account: { carrier_id: second.carrier_account_id } });
      expect(reassigned.body.post_shipping_info.status).toBe('pending');
      expect(reassigned.body.carrier_account.carrier_id).toBe(second.carrier_account_id);
      const retried = await post(shipment.shipment_id, 'reassign', { carrier_account: { carrier_id: second.carrier_account_id } });
      expect(retried.body.post_shipping_info.status).toBe('pending');
      expect(retried.body.carrier_account.carrier_id).toBe(second.carrier_account_id);
      const routed = await post(shipment.shipment_id, 'reassign');
      expect(routed.body.carrier_account.carrier_id).toEqual(expect.any(String));
      const bare = await app.createTenant();
      const bareApi = shipmentClient(app, bare);
      const failed = (await bareApi.create(shipmentRequest(bare.merchants[0]))).body;
      const unchanged = await bareApi.call('POST', `/shipments/${failed.shipment_id}/reassign`);
      expect(unchanged.status).toBe(200);
      expect(unchanged.body).toEqual(failed);
      expectShippingError(await post((await draft()).shipment_id, 'reassign'), 400,
        "Status change is not allowed from current status: 'draft' to the new status: 'pending'");
    });

    it('ready-to-ship with an optional parcel update; refused from draft', async () => {
      const shipment = await booked();
      const ready = await post(shipment.shipment_id, 'ready-to-ship', { parcels: [{ partner_parcel_reference: 'BOX-2', weight: { value: 2, unit: 'kg' } }] });
      expect(ready.body.post_shipping_info.status).toBe('ready_to_ship');
      expect(ready.body.parcels).toEqual([expect.objectContaining({ partner_parcel_reference: 'BOX-2', parcel_id: expect.any(String) })]);
      expectShippingError(await post((await draft()).shipment_id, 'ready-to-ship'), 400,
        "Status change is not allowed from current status: 'draft' to the new status: 'ready_to_ship'");
    });

    it('acting on an unknown shipment → 404 naming the id', async () => {
      const unknown = randomUUID();
      for (const action of ['confirm', 'cancel', 'reprocess', 'reassign', 'ready-to-ship']) {
        expectShippingError(await post(unknown, action), 404, `No shipment found with the shipment id: ${unknown}`);
      }
      expectShippingError(await api.call('PATCH', `/shipments/${unknown}`, { language: 'en' }), 404, `No shipment found with the shipment id: ${unknown}`);
      expectShippingError(await post(unknown, 'update-status', { new_status: 'shipped' }), 404, `No shipment found with the shipment id: ${unknown}`);
    });

    it('a draft shows the carrier account its request names until one is assigned', async () => {
      const shipment = await draft({ carrier_account: { carrier_id: account.carrier_account_id } });
      expect(shipment.carrier_account).toEqual({ carrier: null, carrier_id: account.carrier_account_id, carrier_account_name: null });
      const confirmed = await post(shipment.shipment_id, 'confirm');
      expect(confirmed.body.carrier_account).toEqual({
        carrier: 'SANDBOX', carrier_id: account.carrier_account_id, carrier_account_name: account.carrier_account_name,
      });
    });

    it('update-status follows the manual table; other moves → 400', async () => {
      const shipment = await booked();
      expectShippingError(await post(shipment.shipment_id, 'update-status', { new_status: 'delivered' }), 400,
        "Status change is not allowed from current status: 'booked' to the new status: 'delivered'");
      for (const status of ['shipped', 'out_for_delivery', 'delivered', 'delivery_confirmed']) {
        const moved = await post(shipment.shipment_id, 'update-status', { new_status: status, update_date: '2026-11-20T10:00:00' });
        expect(moved.body.post_shipping_info.status).toBe(status);
      }
      const final = await api.get(shipment.shipment_id);
      expect(Object.keys(final.body.post_shipping_info.key_milestones)).toEqual(
        expect.arrayContaining(['pending', 'booked', 'shipped', 'out_for_delivery', 'delivered', 'delivery_confirmed']),
      );
      expect((await post(shipment.shipment_id, 'update-status', { new_status: 'flying' })).status).toBe(400);
    });
  });
});
