import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { expectIsoMs, expectShippingError } from './support/expect-error';
import { clientFor, createCarrierAccount, shipmentClient, shipmentRequest, type ShipmentClient } from './support/shipment-requests';

describe('POST /shipments and GET /shipments/{shipment_id} over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ShipmentClient;
  let account: any;
  let merchant: string;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    tenant = await app.createTenant({ merchants: [`M${randomUUID().slice(0, 8)}`, `M${randomUUID().slice(0, 8)}`] });
    merchant = tenant.merchants[0];
    api = shipmentClient(app, tenant);
    account = await createCarrierAccount(app, tenant);
  });
  afterAll(() => app?.close());

  it('draft=true stores only: status draft, no carrier account', async () => {
    const created = await api.create(shipmentRequest(merchant), '?draft=true');
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ merchant, carrier_account: {}, post_shipping_info: { status: 'draft', error_details: [] } });
    expect(created.body).not.toHaveProperty('errors');
    expectIsoMs(created.body.creation_date);
    expect(created.body.parcels[0].parcel_id).toEqual(expect.any(String));
    const got = await api.get(created.body.shipment_id);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
  });

  it('draft accepts 1/0 and TRUE; anything else → 400', async () => {
    expect((await api.create(shipmentRequest(merchant), '?draft=1')).body.post_shipping_info.status).toBe('draft');
    expect((await api.create(shipmentRequest(merchant), '?draft=TRUE')).body.post_shipping_info.status).toBe('draft');
    expect((await api.create(shipmentRequest(merchant), '?draft=0')).body.post_shipping_info.status).toBe('pending');
    expectShippingError(await api.create(shipmentRequest(merchant), '?draft=maybe'), 400, 'draft : must be true or false');
  });

  it('without draft the shipment is confirmed at once: pending with the assigned carrier account', async () => {
    const created = await api.create(shipmentRequest(merchant));
    expect(created.status).toBe(200);
    expect(created.body.post_shipping_info.status).toBe('pending');
    expect(created.body.carrier_account).toEqual({
      carrier: 'SANDBOX', carrier_id: account.carrier_account_id, carrier_account_name: account.carrier_account_name,
    });
    expect(Object.keys(created.body.post_shipping_info.key_milestones)).toEqual(['pending']);
    expectIsoMs(created.body.confirmation_date);
  });

  it('a missing dropoff email is kept as a warning and the shipment stays pending', async () => {
    const body = shipmentRequest(merchant);
    delete body.dropoff.contact_email;
    const created = await api.create(body, '?draft=false');
    expect(created.body.post_shipping_info.status).toBe('pending');
    expect(created.body.post_shipping_info.error_details).toEqual([expect.objectContaining({
      level: 'WARNING', trigger: 'BOOKING', type: 'VALIDATION', code: 'email_missing', field: 'dropoff.contact_email',
    })]);
  });

  it('a booking validation failure answers 200 with status error and error_details', async () => {
    const created = await api.create(shipmentRequest(merchant, { carrier_account: { carrier_id: 'no-such-account' }, dropoff: undefined }));
    expect(created.status).toBe(200);
    expect(created.body.post_shipping_info.status).toBe('error');
    expect(created.body.post_shipping_info.error_details.map((d: any) => [d.level, d.code, d.field])).toEqual([
      ['ERROR', 'carrier_account_invalid', 'carrier_account'],
      ['ERROR', 'required_data_missing', 'dropoff'],
    ]);
  });

  it('no carrier to assign (tenant without accounts) → status error with no_carrier_assigned', async () => {
    const bare = await app.createTenant();
    const created = await shipmentClient(app, bare).create(shipmentRequest(bare.merchants[0]));
    expect(created.status).toBe(200);
    expect(created.body.post_shipping_info).toMatchObject({
      status: 'error',
      error_details: [expect.objectContaining({ level: 'ERROR', code: 'no_carrier_assigned', field: 'carrier', trigger: 'BOOKING' })],
    });
    expect(created.body.carrier_account).toEqual({});
  });

  it('a carrier account named by carrier_account_name is assigned', async () => {
    const created = await api.create(shipmentRequest(merchant, { carrier_account: { carrier_account_name: account.carrier_account_name } }));
    expect(created.body.carrier_account.carrier_id).toBe(account.carrier_account_id);
  });

  it('prebooked: carrier and tracking number taken as given, no booking', async () => {
    const created = await api.create(shipmentRequest(merchant, {
      pre_booked: true, pre_booking_info: { input_carrier: 'DHL', carrier_tracking_no: 'JD0001' },
    }));
    expect(created.body.pre_booked).toBe(true);
    expect(created.body.post_shipping_info).toMatchObject({ status: 'booked', tracking_no: 'JD0001' });
    expect(created.body.carrier_account.carrier).toBe('DHL');
  });

  it('{shipment_id} also accepts the partner_shipment_reference', async () => {
    const body = shipmentRequest(merchant);
    const created = await api.create(body, '?draft=true');
    const got = await api.get(body.references.partner_shipment_reference);
    expect(got.status).toBe(200);
    expect(got.body.shipment_id).toBe(created.body.shipment_id);
  });

  it('a duplicate partner_shipment_reference → 400', async () => {
    const body = shipmentRequest(merchant);
    expect((await api.create(body, '?draft=true')).status).toBe(200);
    expectShippingError(await api.create({ ...body, merchant: tenant.merchants[1] }), 400, 'Duplicate partner shipment reference');
  });

  it('hard 400s: merchant or partner_shipment_reference missing', async () => {
    const noMerchant = shipmentRequest(merchant);
    delete noMerchant.merchant;
    expectShippingError(await api.create(noMerchant, '?draft=true'), 400, 'merchant : must not be blank');
    const noReference = shipmentRequest(merchant, { references: { partner_order_reference: 'ORD-1' } });
    expectShippingError(await api.create(noReference, '?draft=true'), 400, 'partner_shipment_reference : must not be blank');
  });

  it('a blank reference and shape errors in one body are answered together, the reference first; nothing is written', async () => {
    const draft = await api.create(shipmentRequest(merchant), '?draft=true');
    const eventsBefore = (await app.eventStore.readAll()).length;
    const body = shipmentRequest(merchant, { references: { partner_shipment_reference: '  ' } });
    body.dropoff.contact_email = 42;
    body.pre_booked = 'yes';
    const response = await api.create(body);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toBe('partner_shipment_reference : must not be blank');
    expect(response.body.errors).toEqual(expect.arrayContaining(['pre_booked : must be a boolean value', 'dropoff.contact_email : must be a string']));
    const whole = await api.create({ merchant: '', references: {}, language: 7 }, '?draft=true');
    expect(whole.body.errors).toEqual([
      'merchant : must not be blank', 'partner_shipment_reference : must not be blank', 'language : must be a string',
    ]);
    const partial = await app.http.request('PATCH', `/shipments/${draft.body.shipment_id}`, {
      headers: tenant.headers, body: { references: { partner_order_reference: 'O-2' }, language: 7 },
    });
    expect(partial.body.errors).toEqual(['partner_shipment_reference : must not be blank', 'language : must be a string']);
    expect((await app.eventStore.readAll()).length).toBe(eventsBefore);
  });

  it('hard 400s: more than 250 items, a reference over 250 characters, a description over 1000', async () => {
    const items = Array.from({ length: 251 }, (_, index) => ({ sku: `S${index}`, quantity: 1 }));
    const tooMany = await api.create(shipmentRequest(merchant, { items }), '?draft=true');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual(['items : must contain no more than 250 elements']);
    const longRef = shipmentRequest(merchant);
    longRef.references.partner_order_reference = 'x'.repeat(251);
    expect((await api.create(longRef, '?draft=true')).body.errors).toEqual([
      'references.partner_order_reference : must be shorter than or equal to 250 characters',
    ]);
    const longDescription = shipmentRequest(merchant, { items: [{ sku: 'A', description: 'd'.repeat(1001) }] });
    expect((await api.create(longDescription, '?draft=true')).status).toBe(400);
  });

  it('unknown shipment → 404 naming the id; another tenant’s shipment reads exactly the same', async () => {
    const unknown = randomUUID();
    expectShippingError(await api.get(unknown), 404, `No shipment found with the shipment id: ${unknown}`);
    const created = await api.create(shipmentRequest(merchant), '?draft=true');
    const other = await app.createTenant();
    const foreign = await shipmentClient(app, other).get(created.body.shipment_id);
    expectShippingError(foreign, 404, `No shipment found with the shipment id: ${created.body.shipment_id}`);
  });

  it('the OpenAPI document describes every shipment command with its request schema', async () => {
    const doc = (await app.http.request('GET', '/docs/openapi.json')).body;
    for (const [path, method] of [
      ['/shipments', 'post'], ['/shipments/{shipment_id}', 'get'], ['/shipments/{shipment_id}', 'put'], ['/shipments/{shipment_id}', 'patch'],
      ['/shipments/{shipment_id}/confirm', 'post'], ['/shipments/{shipment_id}/cancel', 'post'], ['/shipments/{shipment_id}/reprocess', 'post'],
      ['/shipments/{shipment_id}/reassign', 'post'], ['/shipments/{shipment_id}/ready-to-ship', 'post'], ['/shipments/{shipment_id}/update-status', 'post'],
      ['/shipments/{shipment_id}/parcels', 'put'], ['/shipments/{shipment_id}/update-delivery-promise', 'post'],
      ['/shipments/{shipment_id}/update-delivery-schedule', 'post'], ['/shipments/{shipment_id}/update-collection-schedule', 'post'],
      ['/shipments/{shipment_id}/label/refresh', 'post'], ['/shipments/{shipment_id}/documents', 'post'],
      ['/shipments/{shipment_id}/documents/bulk', 'post'], ['/shipments/{shipment_id}/documents/{document_identifier}', 'put'],
      ['/document-settings', 'post'],
    ]) {
      expect({ path, method, described: Boolean(doc.paths[path]?.[method]) }).toEqual({ path, method, described: true });
    }
    expect(doc.paths['/shipments/{shipment_id}/parcels'].put.deprecated).toBe(true);
    expect(Object.keys(doc.components.schemas.ShipmentRequestDto.properties)).toEqual(expect.arrayContaining([
      'merchant', 'references', 'parcels', 'items', 'freight', 'customs', 'pickup', 'dropoff', 'payment', 'delivery', 'collection',
      'custom_attributes', 'pre_booked', 'pre_booking_info', 'language', 'order_date',
    ]));
  });

  it('merchant scopes: a client limited to another merchant gets 404 on read and 403 on create', async () => {
    const created = await api.create(shipmentRequest(merchant), '?draft=true');
    const limited = await clientFor(app, tenant, [tenant.merchants[1]]);
    const limitedApi = shipmentClient(app, limited);
    expectShippingError(await limitedApi.get(created.body.shipment_id), 404, `No shipment found with the shipment id: ${created.body.shipment_id}`);
    expect((await limitedApi.create(shipmentRequest(merchant), '?draft=true')).status).toBe(403);
    expect((await limitedApi.create(shipmentRequest(tenant.merchants[1]), '?draft=true')).status).toBe(200);
  });
});
