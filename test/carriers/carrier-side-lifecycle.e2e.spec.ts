import { randomUUID } from 'node:crypto';
import { carriersContextFor } from '@shipledger/carriers';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { bookableShipmentRequest, createAccount } from './carriers-http';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`).toString('base64');

describe('the carrier side of cancel, ready-to-ship, reassign and documents', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let invoice: any;
  const call = (method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: tenant.headers, body });
  const sandboxRows = (shipmentId: string) => app.database.kysely.withSchema('carriers').selectFrom('sandbox_bookings').selectAll()
    .where('shipment_id', '=', shipmentId).orderBy('booked_at').execute();

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    invoice = (await call('POST', '/document-settings', { document_id: `invoice-${randomUUID().slice(0, 6)}`, document_name: 'Commercial invoice' })).body;
  });
  afterAll(() => app?.close());

  async function booked(account: any, overrides: Record<string, unknown> = {}) {
    const created = await call('POST', '/shipments', bookableShipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: account.carrier_account_id }, ...overrides }));
    expect(created.status).toBe(200);
    await app.waitUntilCaughtUp();
    const shipment = (await call('GET', `/shipments/${created.body.shipment_id}`)).body;
    expect(shipment.post_shipping_info.status).toBe('booked');
    return shipment;
  }
  const read = async (id: string) => (await call('GET', `/shipments/${id}`)).body;

  it('a document uploaded to a booked SANDBOX shipment syncs: pending → complete', async () => {
    const shipment = await booked(await createAccount(app, tenant));
    const uploaded = await call('POST', `/shipments/${shipment.shipment_id}/documents`, { document_id: invoice.document_id, content_base64: pdf('invoice') });
    expect(uploaded.status).toBe(200);
    await app.waitUntilCaughtUp();
    expect((await read(shipment.shipment_id)).documents).toEqual([expect.objectContaining({ document_id: invoice.document_id, carrier_upload_status: 'complete' })]);
    const stored = await app.database.kysely.withSchema('carriers').selectFrom('sandbox_documents').selectAll()
      .where('tracking_no', '=', shipment.post_shipping_info.tracking_no).execute();
    expect(stored).toHaveLength(1);
    const statuses = (await app.eventStore.readStream(`shipment-${shipment.shipment_id}`))
      .filter((e) => e.type === 'DocumentUploadStatusChanged').map((e) => (e.data as any).carrier_upload_status);
    expect(statuses).toEqual(['pending', 'complete']);
  });

  it('a document stored before booking syncs once the shipment is booked', async () => {
    const account = await createAccount(app, tenant);
    const draft = await call('POST', '/shipments?draft=true', bookableShipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: account.carrier_account_id } }));
    await call('POST', `/shipments/${draft.body.shipment_id}/documents`, { document_id: invoice.document_id, content_base64: pdf('early') });
    await app.waitUntilCaughtUp();
    expect((await read(draft.body.shipment_id)).documents[0].carrier_upload_status).toBeNull();
    expect((await call('POST', `/shipments/${draft.body.shipment_id}/confirm`, {})).status).toBe(200);
    await app.waitUntilCaughtUp();
    const shipment = await read(draft.body.shipment_id);
    expect(shipment.post_shipping_info.status).toBe('booked');
    expect(shipment.documents[0].carrier_upload_status).toBe('complete');
  });

  it('a failed upload shows error with a message and can be retried', async () => {
    const account = await createAccount(app, tenant, { property: { REJECT_DOCUMENTS: 'true', TRACKING_STEP_SECONDS: '600' } });
    const shipment = await booked(account);
    await call('POST', `/shipments/${shipment.shipment_id}/documents`, { document_id: invoice.document_id, content_base64: pdf('rejected') });
    await app.waitUntilCaughtUp();
    const failed = (await read(shipment.shipment_id)).documents[0];
    expect(failed).toMatchObject({ carrier_upload_status: 'error', message: 'The sandbox carrier rejected the document' });

    const notFailed = await call('POST', `/shipments/${shipment.shipment_id}/documents/unknown-doc/retry-upload`);
    expect(notFailed.status).toBe(404);
    await call('PUT', `/carrier-accounts/${account.carrier_account_id}`, { carrier_account_name: account.carrier_account_name, carrier: 'SANDBOX', property: { TRACKING_STEP_SECONDS: '600' } });
    const retried = await call('POST', `/shipments/${shipment.shipment_id}/documents/Commercial%20invoice/retry-upload`);
    expect(retried.status).toBe(200);
    expect(retried.body.documents[0].carrier_upload_status).toBe('pending');
    await app.waitUntilCaughtUp();
    expect((await read(shipment.shipment_id)).documents[0].carrier_upload_status).toBe('complete');
    const again = await call('POST', `/shipments/${shipment.shipment_id}/documents/${invoice.document_id}/retry-upload`);
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toContain('no failed carrier upload');
  });

  it('SANDBOX_LITE stores documents without syncing and keeps its booking when the shipment is cancelled', async () => {
    const shipment = await booked(await createAccount(app, tenant, { carrier: 'SANDBOX_LITE' }));
    expect(shipment.post_shipping_info.tracking_no).toMatch(/^SBL/);
    await call('POST', `/shipments/${shipment.shipment_id}/documents`, { document_id: invoice.document_id, content_base64: pdf('lite') });
    expect((await call('POST', `/shipments/${shipment.shipment_id}/cancel`, {})).status).toBe(200);
    await app.waitUntilCaughtUp();
    const after = await read(shipment.shipment_id);
    expect(after.documents[0].carrier_upload_status).toBeNull();
    expect(after.post_shipping_info.status).toBe('cancelled');
    expect((await sandboxRows(shipment.shipment_id)).map((r) => r.status)).toEqual(['booked']);
  });

  it('SANDBOX cancels its booking with the carrier', async () => {
    const shipment = await booked(await createAccount(app, tenant));
    await call('POST', `/shipments/${shipment.shipment_id}/cancel`, {});
    await app.waitUntilCaughtUp();
    expect((await sandboxRows(shipment.shipment_id)).map((r) => r.status)).toEqual(['cancelled']);
  });

  it('ready-to-ship schedules the collection with the carrier', async () => {
    const shipment = await booked(await createAccount(app, tenant));
    const ready = await call('POST', `/shipments/${shipment.shipment_id}/ready-to-ship`, {});
    expect(ready.status).toBe(200);
    await app.waitUntilCaughtUp();
    const [row] = await sandboxRows(shipment.shipment_id);
    expect(row!.collection_from).not.toBeNull();
    expect(row!.collection_to).not.toBeNull();
  });

  it("an account's auto_ready_to_ship moves a booked shipment to ready_to_ship and schedules the collection", async () => {
    const account = await createAccount(app, tenant, { auto_ready_to_ship: true });
    const created = await call('POST', '/shipments', bookableShipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: account.carrier_account_id } }));
    await app.waitUntilCaughtUp();
    const shipment = await read(created.body.shipment_id);
    expect(shipment.post_shipping_info.status).toBe('ready_to_ship');
    expect(Object.keys(shipment.post_shipping_info.key_milestones)).toEqual(expect.arrayContaining(['booked', 'ready_to_ship']));
    const [row] = await sandboxRows(created.body.shipment_id);
    expect(row!.collection_from).not.toBeNull();
  });

  it("an account's auto_return_confirmed confirms a shipment the carrier returned", async () => {
    const account = await createAccount(app, tenant, { auto_return_confirmed: true });
    const shipment = await booked(account, { custom_attributes: { sandbox_scenario: ['returned_to_sender'] } });
    expect((await call('POST', '/sandbox/clock/advance', { minutes: 24 * 60 })).status).toBe(200);
    await app.waitUntilCaughtUp();
    const info = (await read(shipment.shipment_id)).post_shipping_info;
    expect(info.status).toBe('return_confirmed');
    expect(info.key_milestones.returned).toBeDefined();
  });

  it('reassign to another account cancels the old booking and books again with a new tracking number', async () => {
    const first = await createAccount(app, tenant);
    const second = await createAccount(app, tenant);
    const shipment = await booked(first);
    const reassigned = await call('POST', `/shipments/${shipment.shipment_id}/reassign`, { carrier_account: { carrier_id: second.carrier_account_id } });
    expect(reassigned.status).toBe(200);
    await app.waitUntilCaughtUp();
    const after = await read(shipment.shipment_id);
    expect(after.post_shipping_info.status).toBe('booked');
    expect(after.carrier_account.carrier_id).toBe(second.carrier_account_id);
    expect(after.post_shipping_info.tracking_no).not.toBe(shipment.post_shipping_info.tracking_no);
    const rows = await sandboxRows(shipment.shipment_id);
    expect(rows.map((r) => [r.carrier_account_id, r.status])).toEqual([
      [first.carrier_account_id, 'cancelled'], [second.carrier_account_id, 'booked'],
    ]);
  });

  it('reassign keeps exactly one live carrier booking: same account (cancel, then book), another account, a carrier without cancellation', async () => {
    const live = (shipmentId: string) => carriersContextFor({ database: app.database, eventStore: app.eventStore }).sandboxStore
      .liveBookingCount(tenant.tenantId, shipmentId);
    const reassign = async (shipmentId: string, account: any) => {
      expect((await call('POST', `/shipments/${shipmentId}/reassign`, { carrier_account: { carrier_id: account.carrier_account_id } })).status).toBe(200);
      await app.waitUntilCaughtUp();
      return read(shipmentId);
    };
    const first = await createAccount(app, tenant);
    const second = await createAccount(app, tenant);
    const shipment = await booked(first);
    expect(await live(shipment.shipment_id)).toBe(1);

    // Same account: the earlier booking is cancelled with the carrier before the new one is made.
    const again = await reassign(shipment.shipment_id, first);
    expect(again.post_shipping_info.status).toBe('booked');
    expect(again.post_shipping_info.tracking_no).not.toBe(shipment.post_shipping_info.tracking_no);
    expect(await live(shipment.shipment_id)).toBe(1);
    expect((await sandboxRows(shipment.shipment_id)).map((r) => [r.tracking_no, r.status])).toEqual([
      [shipment.post_shipping_info.tracking_no, 'cancelled'], [again.post_shipping_info.tracking_no, 'booked'],
    ]);

    const moved = await reassign(shipment.shipment_id, second);
    expect(moved.post_shipping_info.status).toBe('booked');
    expect(await live(shipment.shipment_id)).toBe(1);

    // SANDBOX_LITE cannot cancel: the same account reuses its booking; another account would make two, so it fails.
    const lite = await createAccount(app, tenant, { carrier: 'SANDBOX_LITE' });
    const held = await booked(lite);
    const reused = await reassign(held.shipment_id, lite);
    expect(reused.post_shipping_info).toMatchObject({ status: 'booked', tracking_no: held.post_shipping_info.tracking_no });
    expect(await live(held.shipment_id)).toBe(1);
    const blocked = await reassign(held.shipment_id, first);
    expect(blocked.post_shipping_info.status).toBe('error');
    expect(blocked.post_shipping_info.error_details).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'previous_booking_not_cancelled' })]));
    expect(await live(held.shipment_id)).toBe(1);
    expect(await sandboxRows(held.shipment_id)).toHaveLength(1);
  });
});
