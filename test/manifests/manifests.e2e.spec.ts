import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { createAccount, manifestsHttp, pathOf } from './manifests-http';

describe('manifests over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let http: ReturnType<typeof manifestsHttp>;
  let account: any;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ merchants: [`M${randomUUID().slice(0, 8)}`, `M${randomUUID().slice(0, 8)}`] });
    http = manifestsHttp(app, tenant);
    account = await createAccount(app, tenant);
  });
  afterAll(() => app?.close());

  it('creates, hands over to the sandbox, lists, serves the PDF and ships every shipment', async () => {
    const [a, b] = [await http.booked(account), await http.booked(account)];
    const created = await http.manifest(account, [a.shipment_id, b.shipment_id], {
      pickup_schedule_from: '2026-11-25T09:00:00Z', pickup_schedule_to: '2026-11-25T12:00:00Z', ship_manifest_date: '2026-11-25',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'submitted', merchant: tenant.merchants[0], carrier_account: account.carrier_account_id, carrier: 'SANDBOX',
      shipment_ids: [a.shipment_id, b.shipment_id], totals: { shipments: 2, parcels: 4, weight_kg: 4 }, ship_manifest_date: '2026-11-25',
    });
    expect(created.body.carrier_manifest_reference).toMatch(/^SBX-MAN-[0-9A-F]{10}$/);
    const id = created.body.manifest_id;

    expect((await http.call('GET', `/manifests/${id}`)).body).toMatchObject({ manifest_id: id, status: 'submitted' });
    await app.waitUntilCaughtUp();
    const listed = await http.call('GET', `/manifests?merchant=${tenant.merchants[0]}&status=submitted`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((m: any) => m.manifest_id)).toContain(id);

    const pdf = await app.http.request('GET', pathOf(created.body.manifest_document_url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    expect(pdf.text).toContain('shipments=2 parcels=4');
    const forged = pathOf(created.body.manifest_document_url).replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
    expect((await app.http.request('GET', forged)).status).toBe(404);

    const shipped = await http.call('PATCH', `/manifests/${id}/ship`);
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ manifest_id: id, status: 'shipped' });
    expect(shipped.body.shipments).toEqual([{ shipment_id: a.shipment_id, status: 'shipped' }, { shipment_id: b.shipment_id, status: 'shipped' }]);
    const history = (await http.call('GET', `/shipments/${a.shipment_id}/history`)).body;
    expect(history[history.length - 1]).toMatchObject({ resulting_status: 'shipped', actor: expect.stringContaining(`manifest ${id}`) });
    // Shipping again records nothing new; a shipped manifest is neither cancelled nor deleted.
    expect((await http.call('PATCH', `/manifests/${id}/ship`)).status).toBe(200);
    expect((await http.call('GET', `/shipments/${a.shipment_id}/history`)).body).toHaveLength(history.length);
    const cancel = await http.call('PATCH', `/manifests/${id}/cancel`);
    expect(cancel.status).toBe(400);
    expect(cancel.body.errors).toEqual([expect.stringContaining('cannot cancel a manifest in status shipped')]);
    expect((await http.call('DELETE', `/manifests/${id}`)).status).toBe(400);
    const metrics = (await app.http.request('GET', '/metrics')).text;
    expect(metrics).toMatch(/shipledger_manifest_submissions_total\{carrier="SANDBOX",outcome="submitted"\} [1-9]/);
    expect(metrics).toMatch(/shipledger_manifest_shipments_shipped_total [1-9]/);
  });

  it('answers a precise 400 naming each shipment that cannot join', async () => {
    const other = await createAccount(app, tenant);
    const good = await http.booked(account);
    const otherAccount = await http.booked(other);
    const otherMerchant = await http.booked(account, {}, tenant.merchants[1]);
    const otherPickup = await http.booked(account, { pickup: { contact_name: 'Depot', address1: '9 Other Road', city: 'Sharjah', country: 'AE', contact_phone: '+971500000009' } });
    const draft = await http.call('POST', '/shipments?draft=true', { merchant: tenant.merchants[0], references: { partner_shipment_reference: `D-${randomUUID()}` } });
    const unknown = randomUUID();
    const response = await http.manifest(account, [good.shipment_id, otherAccount.shipment_id, otherMerchant.shipment_id, otherPickup.shipment_id, draft.body.shipment_id, unknown]);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      `shipment_ids[1] : shipment ${otherAccount.shipment_id} has carrier account ${other.carrier_account_id}, not the manifest's ${account.carrier_account_id}`,
      `shipment_ids[2] : shipment ${otherMerchant.shipment_id} belongs to merchant ${tenant.merchants[1]}, not the manifest's ${tenant.merchants[0]}`,
      `shipment_ids[3] : shipment ${otherPickup.shipment_id} is picked up at 9 Other Road, Sharjah, AE, not the manifest's 1 Pickup Road, Dubai, AE`,
      `shipment_ids[4] : shipment ${draft.body.shipment_id} is draft; a manifest takes only booked or ready_to_ship shipments`,
      `shipment_ids[4] : shipment ${draft.body.shipment_id} has carrier account none, not the manifest's ${account.carrier_account_id}`,
      `shipment_ids[4] : shipment ${draft.body.shipment_id} is picked up at no pickup, not the manifest's 1 Pickup Road, Dubai, AE`,
      `shipment_ids[5] : shipment ${unknown} is unknown`,
    ]);
    // Nothing was written: the valid shipment still joins a manifest.
    expect((await http.manifest(account, [good.shipment_id])).status).toBe(201);
  });

  it('keeps a shipment in at most one open manifest; cancel and delete free it', async () => {
    const shipment = await http.booked(account);
    const first = await http.manifest(account, [shipment.shipment_id]);
    expect(first.status).toBe(201);
    const second = await http.manifest(account, [shipment.shipment_id]);
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual([`shipment_ids[0] : shipment ${shipment.shipment_id} is already in open manifest ${first.body.manifest_id}`]);

    expect((await http.call('PATCH', `/manifests/${first.body.manifest_id}/cancel`)).body).toMatchObject({ status: 'cancelled' });
    const third = await http.manifest(account, [shipment.shipment_id]);
    expect(third.status).toBe(201);
    const deleted = await http.call('DELETE', `/manifests/${third.body.manifest_id}`);
    expect(deleted.body).toMatchObject({ manifest_id: third.body.manifest_id, status: 'deleted' });
    expect((await http.manifest(account, [shipment.shipment_id])).status).toBe(201);
    await app.waitUntilCaughtUp();
    const listed = (await http.call('GET', `/manifests?carrier_account=${account.carrier_account_id}&page_size=100`)).body.map((m: any) => m.manifest_id);
    expect(listed).not.toContain(third.body.manifest_id);
    const deletedOnes = (await http.call('GET', '/manifests?status=deleted')).body.map((m: any) => m.manifest_id);
    expect(deletedOnes).toContain(third.body.manifest_id);
  });

  it('of manifests racing for one shipment exactly one wins; the others get a 400 naming it', async () => {
    const shipment = await http.booked(account);
    const answers = await Promise.all(Array.from({ length: 4 }, () => http.manifest(account, [shipment.shipment_id])));
    const won = answers.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((r) => r.status !== 201)) {
      expect(lost.status).toBe(400);
      expect(lost.body.errors).toEqual([`shipment_ids[0] : shipment ${shipment.shipment_id} is already in open manifest ${won[0]!.body.manifest_id}`]);
    }
  });

  it('of two manifests racing with overlapping shipments one wins, and the loser claims nothing', async () => {
    const [a, shared, c] = [await http.booked(account), await http.booked(account), await http.booked(account)];
    const [first, second] = await Promise.all([http.manifest(account, [a.shipment_id, shared.shipment_id]), http.manifest(account, [shared.shipment_id, c.shipment_id])]);
    expect([first.status, second.status].sort()).toEqual([201, 400]);
    const [won, lost, loserOnly] = first.status === 201 ? [first, second, c] : [second, first, a];
    expect(lost.body.errors).toEqual([expect.stringContaining(`shipment ${shared.shipment_id} is already in open manifest ${won.body.manifest_id}`)]);
    // The loser's other shipment was released (or never claimed): it joins a manifest at once.
    expect((await http.manifest(account, [loserOnly.shipment_id])).status).toBe(201);
  });

  it('of ship and cancel racing on one manifest exactly one happens', async () => {
    const shipment = await http.booked(account);
    const created = await http.manifest(account, [shipment.shipment_id]);
    const id = created.body.manifest_id;
    const [ship, cancel] = await Promise.all([http.call('PATCH', `/manifests/${id}/ship`), http.call('PATCH', `/manifests/${id}/cancel`)]);
    expect([ship.status, cancel.status].sort()).toEqual([200, 400]);
    const final = (await http.call('GET', `/manifests/${id}`)).body.status;
    const shipmentStatus = (await http.call('GET', `/shipments/${shipment.shipment_id}`)).body.post_shipping_info.status;
    if (ship.status === 200) expect([final, shipmentStatus]).toEqual(['shipped', 'shipped']);
    else expect([final, shipmentStatus]).toEqual(['cancelled', 'booked']);
  });

  it('records a refused submission, retries it, and refuses what its status does not allow', async () => {
    const refusing = await createAccount(app, tenant, { property: { REJECT_MANIFESTS: 'true', TRACKING_STEP_SECONDS: '600', BOOKING_LATENCY_MS: '20' } });
    const shipment = await http.booked(refusing);
    const created = await http.manifest(refusing, [shipment.shipment_id]);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'submission_failed', carrier_manifest_reference: null, error_details: [{ code: 'manifest_rejected' }] });
    const retried = await http.call('PATCH', `/manifests/${created.body.manifest_id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'submission_failed', error_details: [{ code: 'manifest_rejected' }] });
    const ship = await http.call('PATCH', `/manifests/${created.body.manifest_id}/ship`);
    expect(ship.status).toBe(400);
    expect((await http.call('GET', `/shipments/${shipment.shipment_id}`)).body.post_shipping_info.status).toBe('booked');

    const ok = await http.manifest(account, [(await http.booked(account)).shipment_id]);
    expect((await http.call('PATCH', `/manifests/${ok.body.manifest_id}/retry`)).status).toBe(400);
    expect((await http.call('GET', `/manifests/${randomUUID()}`)).status).toBe(404);
    expect((await http.call('PATCH', `/manifests/${randomUUID()}/ship`)).status).toBe(404);
  });

  it('refuses bad bodies naming each field', async () => {
    const response = await http.call('POST', '/manifests', { merchant: tenant.merchants[0], shipment_ids: [], ship_manifest_date: 'soon' });
    expect(response.status).toBe(400);
    const text = response.body.errors.join(' ');
    for (const field of ['carrier_account', 'shipment_ids', 'ship_manifest_date']) expect(text).toContain(field);
  });
});
