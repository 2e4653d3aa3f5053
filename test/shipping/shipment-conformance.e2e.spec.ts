import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { expectShippingError } from './support/expect-error';
import { clientFor, createCarrierAccount, shipmentClient, shipmentRequest, type ShipmentClient } from './support/shipment-requests';

/** Issue 11: where the API answered differently from the spec and what real clients send. */
describe('shipping conformance over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ShipmentClient;
  let merchant: string;
  let other: string;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    tenant = await app.createTenant({ merchants: [`M${randomUUID().slice(0, 8)}`, `M${randomUUID().slice(0, 8)}`] });
    [merchant, other] = tenant.merchants as [string, string];
    api = shipmentClient(app, tenant);
    await createCarrierAccount(app, tenant);
  });
  afterAll(() => app?.close());

  describe('merchants belong to the tenant', () => {
    const unknown = 'NOPE';

    it('create (draft or confirmed) for a merchant the tenant does not have → 400 naming merchant; nothing appended', async () => {
      const before = await app.eventStore.headPosition();
      expectShippingError(await api.create(shipmentRequest(unknown), '?draft=true'), 400, `merchant : unknown merchant ${unknown}`);
      expectShippingError(await api.create(shipmentRequest(unknown)), 400, `merchant : unknown merchant ${unknown}`);
      expect(await app.eventStore.headPosition()).toEqual(before);
    });

    it('PUT, PATCH, confirm and reprocess that name an unknown merchant → 400; nothing appended', async () => {
      const draft = await api.create(shipmentRequest(merchant), '?draft=true');
      const id = draft.body.shipment_id as string;
      const before = await app.eventStore.headPosition();
      expectShippingError(await api.call('PUT', `/shipments/${id}`, shipmentRequest(unknown)), 400, `merchant : unknown merchant ${unknown}`);
      expectShippingError(await api.call('PATCH', `/shipments/${id}`, { merchant: unknown }), 400, `merchant : unknown merchant ${unknown}`);
      expectShippingError(await api.call('POST', `/shipments/${id}/confirm`, { merchant: unknown }), 400, `merchant : unknown merchant ${unknown}`);
      expectShippingError(await api.call('POST', `/shipments/${id}/reprocess`, { merchant: unknown }), 400, `merchant : unknown merchant ${unknown}`);
      expect(await app.eventStore.headPosition()).toEqual(before);
      expect((await api.get(id)).body).toMatchObject({ merchant, post_shipping_info: { status: 'draft' } });
    });

    it('a client limited to one merchant may not create for, or move a shipment to, another → 403; nothing appended', async () => {
      const limited = shipmentClient(app, await clientFor(app, tenant, [merchant]));
      const draft = await limited.create(shipmentRequest(merchant), '?draft=true');
      expect(draft.status).toBe(200);
      const id = draft.body.shipment_id as string;
      const before = await app.eventStore.headPosition();
      expect((await limited.create(shipmentRequest(other), '?draft=true')).status).toBe(403);
      expect((await limited.call('PUT', `/shipments/${id}`, shipmentRequest(other))).status).toBe(403);
      expect((await limited.call('PATCH', `/shipments/${id}`, { merchant: other })).status).toBe(403);
      expect((await limited.call('POST', `/shipments/${id}/confirm`, { merchant: other })).status).toBe(403);
      expect((await limited.call('POST', `/shipments/${id}/reprocess`, { merchant: other })).status).toBe(403);
      expect(await app.eventStore.headPosition()).toEqual(before);
    });

    it('a merchant added to the tenant is accepted at once', async () => {
      const added = `M${randomUUID().slice(0, 8)}`;
      expect((await api.create(shipmentRequest(added), '?draft=true')).status).toBe(400);
      const response = await app.http.request('POST', `/admin/tenants/${tenant.tenantId}/merchants`, { headers: app.adminHeaders, body: { merchant_id: added } });
      expect(response.status).toBe(201);
      expect((await api.create(shipmentRequest(added), '?draft=true')).status).toBe(200);
    });
  });
});
