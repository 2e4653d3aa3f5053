import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { ShipmentDocumentContents } from '@shipledger/shipping';
import { expectShippingError } from './support/expect-error';
import { shipmentClient, shipmentRequest, type ShipmentClient } from './support/shipment-requests';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`).toString('base64');

describe('document settings and shipment documents over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let api: ShipmentClient;
  let invoice: any;
  let packing: any;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    tenant = await app.createTenant();
    api = shipmentClient(app, tenant);
    invoice = (await api.call('POST', '/document-settings', { document_id: `invoice-${randomUUID().slice(0, 6)}`, document_name: 'Commercial invoice' })).body;
    packing = (await api.call('POST', '/document-settings', { document_name: 'Packing list' })).body;
  });
  afterAll(() => app?.close());

  const draft = async () => (await api.create(shipmentRequest(tenant.merchants[0]), '?draft=true')).body;
  const upload = (id: string, body: unknown) => api.call('POST', `/shipments/${id}/documents`, body);

  it('manages document settings: create 201, get, list, rename, duplicate name, delete', async () => {
    const created = await api.call('POST', '/document-settings', { document_name: `Label ${randomUUID().slice(0, 6)}`, description: 'x' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ document_id: expect.any(String), description: 'x' });
    const id = created.body.document_id;
    expect((await api.call('GET', `/document-settings/${id}`)).body).toEqual(created.body);
    expect((await api.call('GET', '/document-settings')).body.map((s: any) => s.document_id)).toEqual(expect.arrayContaining([id, invoice.document_id]));
    const renamed = await api.call('PUT', `/document-settings/${id}`, { document_name: 'Renamed doc' });
    expect(renamed.body.document_name).toBe('Renamed doc');
    expect((await api.call('POST', '/document-settings', { document_name: 'renamed DOC' })).status).toBe(409);
    expect((await api.call('DELETE', `/document-settings/${id}`)).body.document_id).toBe(id);
    expect((await api.call('GET', `/document-settings/${id}`)).status).toBe(404);
  });

  it('uploads by id or by name; the bytes are stored, the event carries only their hash', async () => {
    const shipment = await draft();
    const byId = await upload(shipment.shipment_id, { document_id: invoice.document_id, content_base64: pdf('invoice') });
    expect(byId.status).toBe(200);
    const byName = await upload(shipment.shipment_id, { document_name: 'packing LIST', content_base64: pdf('packing') });
    expect(byName.body.documents).toEqual([
      { document_id: invoice.document_id, document_name: 'Commercial invoice', carrier_upload_status: null },
      { document_id: packing.document_id, document_name: 'Packing list', carrier_upload_status: null },
    ]);
    const contents = new ShipmentDocumentContents(app.database, app.eventStore);
    expect((await contents.read(tenant.tenantId, shipment.shipment_id, invoice.document_id))?.toString()).toContain('% invoice');
    const events = await app.eventStore.readStream(`shipment-${shipment.shipment_id}`);
    const uploaded = events.find((event) => event.type === 'DocumentUploaded')!;
    expect(uploaded.data).toMatchObject({ document_id: invoice.document_id, content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(uploaded.data)).not.toContain(pdf('invoice'));
  });

  it('single upload refuses a document already on the shipment; bulk creates or replaces; PUT replaces', async () => {
    const shipment = await draft();
    await upload(shipment.shipment_id, { document_id: invoice.document_id, content_base64: pdf('v1') });
    expectShippingError(await upload(shipment.shipment_id, { document_id: invoice.document_id, content_base64: pdf('v2') }), 400,
      `Document ${invoice.document_id} is already uploaded on this shipment`);
    const bulk = await api.call('POST', `/shipments/${shipment.shipment_id}/documents/bulk`, [
      { document_id: invoice.document_id, content_base64: pdf('v3') },
      { document_name: 'Packing list', content_base64: pdf('p1') },
    ]);
    expect(bulk.status).toBe(200);
    expect(bulk.body.documents).toHaveLength(2);
    const contents = new ShipmentDocumentContents(app.database, app.eventStore);
    expect((await contents.read(tenant.tenantId, shipment.shipment_id, invoice.document_id))?.toString()).toContain('% v3');
    const replaced = await api.call('PUT', `/shipments/${shipment.shipment_id}/documents/${invoice.document_id}`, { content_base64: pdf('v4') });
    expect(replaced.status).toBe(200);
    expect((await contents.read(tenant.tenantId, shipment.shipment_id, invoice.document_id))?.toString()).toContain('% v4');
    const types = (await app.eventStore.readStream(`shipment-${shipment.shipment_id}`)).map((event) => event.type);
    expect(types.filter((type) => type.startsWith('Document'))).toEqual(['DocumentUploaded', 'DocumentReplaced', 'DocumentUploaded', 'DocumentReplaced']);
  });

  it('the Errors table rows of document upload', async () => {
    const shipment = await draft();
    expectShippingError(await upload(shipment.shipment_id, { document_id: 'no-such-setting', content_base64: pdf('x') }), 400,
      'document_id : no document setting matches no-such-setting');
    expectShippingError(await upload(shipment.shipment_id, { content_base64: pdf('x') }), 400,
      'document_id : document_id or document_name is required');
    expectShippingError(await upload(shipment.shipment_id, { document_id: invoice.document_id }), 400, 'content_base64 : must not be blank');
    expectShippingError(await upload(shipment.shipment_id, { document_id: invoice.document_id, content_base64: Buffer.from('GIF89a').toString('base64') }), 400,
      'content_base64 : must be a PDF document');
    expectShippingError(await upload(shipment.shipment_id, { document_id: invoice.document_id, content_base64: 'not base64!' }), 400,
      'content_base64 : must be Base64');
    const unknown = randomUUID();
    expectShippingError(await upload(unknown, { document_id: invoice.document_id, content_base64: pdf('x') }), 404,
      `No shipment found with the shipment id: ${unknown}`);
  });

  it('stores no bytes for an upload the shipment refuses', async () => {
    // Given a shipment with an invoice uploaded
    const shipment = await draft();
    const stored = async () => (await app.database.kysely.withSchema('shipping').selectFrom('shipment_document_contents')
      .select('content_sha256').where('shipment_id', '=', shipment.shipment_id).execute()).length;
    await upload(shipment.shipment_id, { document_id: invoice.document_id, content_base64: pdf('first') });
    expect(await stored()).toBe(1);

    // When a second single upload of it, a replace of a document not on the shipment, and uploads
    // that are no PDF or too large are refused
    expect((await upload(shipment.shipment_id, { document_id: invoice.document_id, content_base64: pdf('second') })).status).toBe(400);
    expect((await api.call('PUT', `/shipments/${shipment.shipment_id}/documents/${packing.document_id}`, { content_base64: pdf('p') })).status).toBe(400);
    expect((await upload(shipment.shipment_id, { document_name: 'Packing list', content_base64: Buffer.from('GIF89a').toString('base64') })).status).toBe(400);
    const tooLarge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024)]).toString('base64');
    expect((await upload(shipment.shipment_id, { document_name: 'Packing list', content_base64: tooLarge })).status).toBeGreaterThanOrEqual(400);

    // Then only the first upload's bytes are stored, and they still read back
    expect(await stored()).toBe(1);
    const contents = new ShipmentDocumentContents(app.database, app.eventStore);
    expect((await contents.read(tenant.tenantId, shipment.shipment_id, invoice.document_id))?.toString()).toContain('% first');
  });
});
