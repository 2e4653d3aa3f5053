import { carriersContextFor } from '@shipledger/carriers';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { bookableShipmentRequest, createAccount, pathOf } from './carriers-http';

describe('a confirmed shipment with the sandbox carrier, over HTTPS', () => {
  let app: TestApp;
  let tenant: TestTenant;
  const call = (method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: tenant.headers, body });

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  afterAll(() => app?.close());

  async function bookedShipment(account: any, overrides: Record<string, unknown> = {}) {
    const created = await call('POST', '/shipments', bookableShipmentRequest(tenant.merchants[0]!, { carrier_account: { carrier_id: account.carrier_account_id }, ...overrides }));
    expect(created.status).toBe(200);
    expect(created.body.post_shipping_info.status).toBe('pending');
    await app.waitUntilCaughtUp();
    return (await call('GET', `/shipments/${created.body.shipment_id}`)).body;
  }

  async function advance(minutes: number) {
    const response = await call('POST', '/sandbox/clock/advance', { minutes });
    expect(response.status).toBe(200);
    await app.waitUntilCaughtUp();
    return response.body;
  }

  it('books, serves its labels without a bearer token, and the sandbox drives it to delivered', async () => {
    const account = await createAccount(app, tenant);
    const booked = await bookedShipment(account);
    const info = booked.post_shipping_info;
    expect(info.status).toBe('booked');
    expect(info.tracking_no).toMatch(/^SBX\d{12}$/);
    expect(info.default_label_url).toMatch(/^https:\/\//);

    const label = await app.http.request('GET', pathOf(info.default_label_url));
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.text.startsWith('%PDF-')).toBe(true);
    const zpl = await app.http.request('GET', pathOf(info.service_zpl_label_url));
    expect(zpl.text).toContain(`^FD${info.tracking_no}^FS`);
    expect(zpl.text.match(/\^XA/g)).toHaveLength(2);

    const result = await advance(60 * 24);
    expect(result.tracking_events_recorded).toBe(4);
    const delivered = (await call('GET', `/shipments/${booked.shipment_id}`)).body.post_shipping_info;
    expect(delivered.status).toBe('delivered');
    // Rule 4: the sandbox's pickup scan puts the shipment in transit; shipped is the merchant's to set.
    expect(Object.keys(delivered.key_milestones)).toEqual(expect.arrayContaining(['pending', 'booked', 'in_transit', 'out_for_delivery', 'delivered']));
    expect(Object.keys(delivered.key_milestones)).not.toContain('shipped');
    expect(delivered).toMatchObject({ carrier_status: 'DL', carrier_status_location: 'Destination' });
  });

  it.each([
    ['delivered_after_failed_attempt', 'delivered', 6],
    ['lost_in_transit', 'missing', 3],
    ['returned_to_sender', 'returned', 6],
  ])('scenario %s ends %s', async (scenario, finalStatus, steps) => {
    const account = await createAccount(app, tenant);
    const booked = await bookedShipment(account, { custom_attributes: { sandbox_scenario: [scenario] } });
    expect(booked.post_shipping_info.status).toBe('booked');
    // One step at a time: every intermediate status is reached and recorded.
    const seen: string[] = [];
    for (let i = 0; i < steps; i++) {
      await advance(10);
      seen.push((await call('GET', `/shipments/${booked.shipment_id}`)).body.post_shipping_info.status);
    }
    expect(seen[seen.length - 1]).toBe(finalStatus);
    if (scenario !== 'lost_in_transit') expect(seen).toContain('failed_delivery_attempt');
  });

  it('rejected_at_booking answers status error with a CARRIER error detail', async () => {
    const account = await createAccount(app, tenant);
    const shipment = await bookedShipment(account, { custom_attributes: { sandbox_scenario: ['rejected_at_booking'] } });
    expect(shipment.post_shipping_info.status).toBe('error');
    expect(shipment.post_shipping_info.error_details).toEqual([expect.objectContaining({ source: 'CARRIER', trigger: 'BOOKING', level: 'ERROR' })]);
  });

  it('a forged, tampered or expired label link is refused; a label fetch needs no credentials', async () => {
    const account = await createAccount(app, tenant);
    const booked = await bookedShipment(account);
    const url = new URL(booked.post_shipping_info.service_pdf_label_url);
    const get = (path: string) => app.http.request('GET', path);
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    expect((await get(url.pathname + url.search)).status).toBe(200);
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await get(`${url.pathname}?expires=${expires}&signature=${flipped}`)).status).toBe(404);
    // A later expiry under the old signature is a forgery, not a renewal.
    expect((await get(`${url.pathname}?expires=${expires + 3600}&signature=${signature}`)).status).toBe(404);
    // The same signature on another label kind of the same shipment is refused too.
    expect((await get(`${url.pathname.replace('service_pdf', 'service_zpl')}?expires=${expires}&signature=${signature}`)).status).toBe(404);
    expect((await get(`${url.pathname}`)).status).toBe(403);
    const context = carriersContextFor({ database: app.database, eventStore: app.eventStore });
    const past = new Date(Date.now() - 2 * context.config.labelUrlTtlSeconds * 1000);
    const expired = new URL(context.signer.url(tenant.tenantId, booked.shipment_id, 'service_pdf', past));
    const refused = await get(expired.pathname + expired.search);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: '403', errors: [expect.stringContaining('expired')] });
  });

  it('a link in any spelling but the one the service wrote is refused with 403: expiry and signature have one form', async () => {
    // Given a genuine label link
    const account = await createAccount(app, tenant);
    const booked = await bookedShipment(account);
    const url = new URL(booked.post_shipping_info.service_pdf_label_url);
    const signature = url.searchParams.get('signature')!;
    const expires = url.searchParams.get('expires')!;
    const get = (query: string) => app.http.request('GET', `${url.pathname}?${query}`);
    expect((await get(`expires=${expires}&signature=${signature}`)).status).toBe(200);

    // When it is re-spelled: the same number another way, the same MAC bytes another way
    const lastValue = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(signature.at(-1)!);
    const samePayloadBits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[lastValue + 1]!;
    const respelled = [
      `expires=${expires}.0&signature=${signature}`,
      `expires=0${expires}&signature=${signature}`,
      `expires=%2B${expires}&signature=${signature}`,
      `expires=${expires}&signature=${signature.slice(0, -1)}${samePayloadBits}`,
      `expires=${expires}&signature=${signature}%3D`,
    ];

    // Then each answers 403 in the shipping error body
    for (const query of respelled) {
      const refused = await get(query);
      expect({ query, status: refused.status }).toEqual({ query, status: 403 });
      expect(refused.body).toMatchObject({ status: '403', errors: [expect.stringContaining('not valid')] });
    }
  });

  it('label/refresh re-issues an expired default label link (the labels reactor renders and re-signs)', async () => {
    const account = await createAccount(app, tenant, { label: { default_label: 'service_pdf' } });
    const booked = await bookedShipment(account);
    expect(booked.post_shipping_info.default_label_url).toContain('/service_pdf?');
    const unchanged = await call('POST', `/shipments/${booked.shipment_id}/label/refresh`);
    expect(unchanged.body).toEqual({ awb: booked.post_shipping_info.default_label_url });

    const context = carriersContextFor({ database: app.database, eventStore: app.eventStore });
    const expiredUrl = context.signer.url(tenant.tenantId, booked.shipment_id, 'service_pdf', new Date(Date.now() - 2 * context.config.labelUrlTtlSeconds * 1000));
    await context.shipments.record(tenant.tenantId, booked.shipment_id, { causationId: `expire-${booked.shipment_id}`, correlationId: 'test', requestId: 'test', actor: 'test' },
      () => ({ type: 'RecordLabelGenerated', labels: { default_label_url: expiredUrl }, at: new Date().toISOString(), actor: 'test' }));
    expect((await app.http.request('GET', pathOf(expiredUrl))).status).toBe(403);

    const refreshed = await call('POST', `/shipments/${booked.shipment_id}/label/refresh`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.awb).not.toBe(expiredUrl);
    expect(refreshed.body.awb).toContain('/service_pdf?');
    const label = await app.http.request('GET', pathOf(refreshed.body.awb));
    expect(label.status).toBe(200);
    expect(label.text.startsWith('%PDF-')).toBe(true);
  });

  it('cancelling cancels with the sandbox carrier, whose simulation then stops', async () => {
    const account = await createAccount(app, tenant);
    const booked = await bookedShipment(account);
    const cancelled = await call('POST', `/shipments/${booked.shipment_id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    await app.waitUntilCaughtUp();
    await advance(60 * 24);
    const after = (await call('GET', `/shipments/${booked.shipment_id}`)).body.post_shipping_info;
    expect(after.status).toBe('cancelled');
    expect(after.key_milestones.shipped).toBeUndefined();
  });
});
