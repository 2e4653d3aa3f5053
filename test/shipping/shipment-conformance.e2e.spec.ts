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

  describe('confirm answers with everything it knows, at once', () => {
    const codesOf = (body: any) => body.post_shipping_info.error_details.map((detail: any) => `${detail.level}:${detail.code}:${detail.field}`);
    const bookingRequests = async (id: string) =>
      (await app.eventStore.readStream(`shipment-${id}`)).filter((event) => event.type === 'ShipmentBookingRequested').length;

    it('a create missing parcels and pickup answers status error with every problem; the worker changes nothing', async () => {
      const body = shipmentRequest(tenant.merchants[0]!, { pickup: undefined, parcels: [] });
      const created = await api.create(body);
      expect(created.status).toBe(200);
      expect(created.body.post_shipping_info.status).toBe('error');
      expect(codesOf(created.body)).toEqual(expect.arrayContaining(['ERROR:required_data_missing:pickup', 'ERROR:parcel_info_missing:parcels']));
      await app.waitUntilCaughtUp();
      const read = (await api.get(created.body.shipment_id)).body;
      expect(read.post_shipping_info).toMatchObject({ status: 'error', error_details: created.body.post_shipping_info.error_details });
      expect(await bookingRequests(created.body.shipment_id)).toBe(0);
    });

    it('confirm and reprocess of a draft run the whole check synchronously: every failure in the one answer', async () => {
      const draft = await api.create(shipmentRequest(tenant.merchants[0]!, {
        parcels: [{ weight: { value: 0 } }, { weight: { value: 1, unit: 'kg' }, dimension: { width: 10, height: 10, depth: 10, unit: 'furlong' } }],
        dropoff: { contact_name: 'Ann', contact_email: 'ann@example.com', address1: '1 Road', city: 'Paris', country: 'FR', contact_phone: '12' },
      }), '?draft=true');
      const id = draft.body.shipment_id as string;
      const expected = [
        'ERROR:parcel_weight_missing:parcels[0].weight',
        'ERROR:dimension_unit_invalid:parcels[1].dimension.unit',
        'ERROR:postcode_missing:dropoff.postcode',
        'ERROR:phone_number_invalid:dropoff.contact_phone',
      ];
      const confirmed = await api.call('POST', `/shipments/${id}/confirm`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.post_shipping_info.status).toBe('error');
      expect(codesOf(confirmed.body)).toEqual(expect.arrayContaining(expected));
      expect(codesOf(confirmed.body)).toHaveLength(expected.length);
      const reprocessed = await api.call('POST', `/shipments/${id}/reprocess`, { parcels: [{ weight: { value: 1, unit: 'kg' } }] });
      expect(reprocessed.body.post_shipping_info.status).toBe('error');
      expect(codesOf(reprocessed.body)).toEqual(['ERROR:postcode_missing:dropoff.postcode', 'ERROR:phone_number_invalid:dropoff.contact_phone']);
      expect(await bookingRequests(id)).toBe(0);
    });
  });

  describe("the documented error codes, from the carrier's declared requirements", () => {
    let strict: any;
    const codesOf = (body: any) => body.post_shipping_info.error_details.map((detail: any) => `${detail.code}:${detail.field}`);
    const international = { dropoff: { contact_name: 'Ann', contact_email: 'ann@example.com', address1: '1 Rue', city: 'Paris', country: 'FR', postcode: '75001' } };
    const createWithStrict = (overrides: Record<string, unknown>) =>
      api.create(shipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: strict.carrier_account_id }, ...overrides }));

    beforeAll(async () => {
      const response = await app.http.request('POST', '/carrier-accounts', {
        headers: tenant.headers,
        body: {
          carrier_account_name: `Strict ${randomUUID().slice(0, 6)}`, carrier: 'SANDBOX', status: 'active',
          property: { REQUIRE_ITEM_WEIGHT: 'true', REQUIRE_PARCEL_DIMENSIONS: 'true', REQUIRE_CUSTOMS_ITEMS: 'true', PAYMENT_MODES: 'PRE_PAID' },
        },
      });
      expect(response.status).toBe(201);
      strict = response.body;
    });

    it('a shipment meeting every declared requirement is booked', async () => {
      const created = await createWithStrict({
        ...international,
        items: [{ sku: 'SKU-1', quantity: 2, weight: { value: 0.5, unit: 'kg' }, hs_code: '6912.00', origin_country: 'CN' }],
        parcels: [{ weight: { value: 1.2, unit: 'kg' }, dimension: { width: 20, height: 10, depth: 10, unit: 'cm' }, parcel_items: [{ sku: 'SKU-1', quantity: 2 }] }],
      });
      expect(created.body.post_shipping_info).toMatchObject({ status: 'pending', error_details: [] });
      await app.waitUntilCaughtUp();
      expect((await api.get(created.body.shipment_id)).body.post_shipping_info.status).toBe('booked');
    });

    it('item_weight_missing', async () => {
      expect(codesOf((await createWithStrict({})).body)).toContain('item_weight_missing:items[0].weight');
    });

    it('parcel_dimensions_missing', async () => {
      expect(codesOf((await createWithStrict({})).body)).toContain('parcel_dimensions_missing:parcels[0].dimension');
    });

    it('item_hscode_missing and item_origin_country_missing on an international shipment only', async () => {
      const abroad = codesOf((await createWithStrict(international)).body);
      expect(abroad).toEqual(expect.arrayContaining(['item_hscode_missing:items[0].hs_code', 'item_origin_country_missing:items[0].origin_country']));
      const domestic = codesOf((await createWithStrict({})).body);
      expect(domestic.filter((code: string) => code.startsWith('item_hscode') || code.startsWith('item_origin'))).toEqual([]);
    });

    it('payment_method_invalid: a payment mode the carrier does not take', async () => {
      const created = await createWithStrict({ payment: { payment_mode: 'CASH_ON_DELIVERY', total_amount: 120, pending_amount: 120, currency: 'AED' } });
      expect(codesOf(created.body)).toContain('payment_method_invalid:payment.payment_mode');
    });

    it('label_format_invalid: the account prints a label format the carrier does not take', async () => {
      const response = await app.http.request('POST', '/carrier-accounts', {
        headers: tenant.headers,
        body: {
          carrier_account_name: `Zpl only ${randomUUID().slice(0, 6)}`, carrier: 'SANDBOX', status: 'active',
          property: { LABEL_FORMATS: 'service_zpl' }, label: { default_label: 'service_pdf' },
        },
      });
      expect(response.status).toBe(201);
      const created = await api.create(shipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: response.body.carrier_account_id } }));
      expect(created.body.post_shipping_info.status).toBe('error');
      expect(codesOf(created.body)).toEqual(['label_format_invalid:carrier_account']);
    });

    it('dimension_unit_invalid needs no carrier declaration', async () => {
      const created = await api.create(shipmentRequest(tenant.merchants[0]!, {
        parcels: [{ weight: { value: 1, unit: 'kg' }, dimension: { width: 1, height: 1, depth: 1, unit: 'yard' }, parcel_items: [{ sku: 'SKU-1', quantity: 2 }] }],
      }));
      expect(codesOf(created.body)).toEqual(['dimension_unit_invalid:parcels[0].dimension.unit']);
    });
  });
});
