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

  describe('one shape for carrier_account, documents with their upload status', () => {
    const pdf = Buffer.from('%PDF-1.4\n% invoice\n%%EOF\n').toString('base64');

    it('a draft naming an account by id shows all three fields, null where not known yet; none → {}', async () => {
      const named = await api.create(shipmentRequest(merchant, { carrier_account: { carrier_id: 'ACC-LATER' } }), '?draft=true');
      expect(named.body.carrier_account).toEqual({ carrier: null, carrier_id: 'ACC-LATER', carrier_account_name: null });
      const byName = await api.create(shipmentRequest(merchant, { carrier_account: { carrier_account_name: 'Main' } }), '?draft=true');
      expect(byName.body.carrier_account).toEqual({ carrier: null, carrier_id: null, carrier_account_name: 'Main' });
      expect((await api.create(shipmentRequest(merchant), '?draft=true')).body.carrier_account).toEqual({});
    });

    it('a prebooked shipment shows its carrier and null (not "") for the account it has none of', async () => {
      const prebooked = await api.create(shipmentRequest(merchant, { pre_booked: true, pre_booking_info: { input_carrier: 'DHL', carrier_tracking_no: 'JD0001' } }));
      expect(prebooked.body.carrier_account).toEqual({ carrier: 'DHL', carrier_id: null, carrier_account_name: null });
      expect((await api.get(prebooked.body.shipment_id)).body.carrier_account).toEqual({ carrier: 'DHL', carrier_id: null, carrier_account_name: null });
    });

    it('a confirmed shipment shows the assigned account with every field', async () => {
      const confirmed = await api.create(shipmentRequest(merchant));
      expect(confirmed.body.carrier_account).toEqual({ carrier: 'SANDBOX', carrier_id: expect.any(String), carrier_account_name: expect.any(String) });
    });

    it('the document upload answer carries carrier_upload_status (null: stored only, no carrier upload started)', async () => {
      const setting = (await api.call('POST', '/document-settings', { document_name: `Invoice ${randomUUID().slice(0, 6)}` })).body;
      const draft = await api.create(shipmentRequest(merchant), '?draft=true');
      const uploaded = await api.call('POST', `/shipments/${draft.body.shipment_id}/documents`, { document_id: setting.document_id, content_base64: pdf });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.documents).toEqual([{ document_id: setting.document_id, document_name: setting.document_name, carrier_upload_status: null }]);
    });
  });
});

describe('shipping conformance with the worker running (bookings, labels)', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ShipmentClient;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    api = shipmentClient(app, tenant);
    await createCarrierAccount(app, tenant);
  });
  afterAll(() => app?.close());

  it('a booked shipment lists its label documents under post_shipping_info.documents', async () => {
    const created = await api.create(shipmentRequest(tenant.merchants[0]!));
    await app.waitUntilCaughtUp();
    const booked = (await api.get(created.body.shipment_id)).body;
    expect(booked.post_shipping_info.status).toBe('booked');
    const info = booked.post_shipping_info;
    expect(info.documents).toEqual(expect.arrayContaining([
      { name: 'shipping_label', type: 'LABEL', source: 'shipledger', format: 'PDF', url: info.service_pdf_label_url },
      { name: 'shipping_label', type: 'LABEL', source: 'shipledger', format: 'ZPL', url: info.service_zpl_label_url },
    ]));
    expect(info.documents.every((document: { url: string }) => typeof document.url === 'string' && document.url.length > 0)).toBe(true);
    expect(created.body.post_shipping_info.documents).toEqual([]);
  });
});
