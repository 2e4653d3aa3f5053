import { sql } from 'kysely';
import type { Browser, BrowserContext } from 'playwright-core';
import { provisionDemoCarrierAccount } from '@shipledger/carriers';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { provisionDemoWebhook } from '@shipledger/webhooks';
import { DEMO_HISTORY_ORDERS, DEMO_HISTORY_SHIPMENTS, demoOrderId, demoShipmentId } from '../../apps/api/src/embedded/demo-history.plan';
import { seedDemoHistory } from '../../apps/api/src/embedded/demo-history.seeder';
import { launchBrowser, screenshot, watchedPage } from './dashboard-browser';

jest.setTimeout(240_000);

/** What `npm start` gives the demo tenant in the background: two weeks of shipments, on the charts. */
describe('the demo tenant history', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const get = async (path: string) => {
    const response = await app.http.request('GET', path, { headers: tenant.headers });
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ merchants: ['DEMO-SHOP'] });
    await provisionDemoCarrierAccount(app, tenant.tenantId);
    await provisionDemoWebhook(app, tenant.tenantId);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('records each shipment once through the event store, in the past, and a second run records nothing', async () => {
    expect(await seedDemoHistory(app, tenant.tenantId, 'DEMO-SHOP'))
      .toEqual({ recorded: DEMO_HISTORY_SHIPMENTS, existing: 0, orders: { recorded: DEMO_HISTORY_ORDERS, existing: 0 } });
    expect(await seedDemoHistory(app, tenant.tenantId, 'DEMO-SHOP'))
      .toEqual({ recorded: 0, existing: DEMO_HISTORY_SHIPMENTS, orders: { recorded: 0, existing: DEMO_HISTORY_ORDERS } });
    await app.waitUntilCaughtUp(60_000);

    const first = await app.eventStore.readStream(`shipment-${demoShipmentId(tenant.tenantId, 0)}`);
    expect(first[0]).toMatchObject({ type: 'ShipmentCreated', metadata: { tenantId: tenant.tenantId, actor: 'demo-history' } });
    expect(Date.parse(first[0]!.metadata.occurredAt)).toBeLessThan(Date.now() - 13 * 86_400_000);
    // The whole history was there when the booking reactor looked: it booked nothing again today.
    expect(first.filter((event) => event.type === 'ShipmentBooked').length).toBeLessThanOrEqual(1);
    expect(first.every((event) => event.metadata.actor === 'demo-history' && Date.parse(event.metadata.occurredAt) < Date.now() - 8 * 86_400_000)).toBe(true);
    const order = await app.eventStore.readStream(`order-${demoOrderId(tenant.tenantId, 0)}`);
    expect(order[0]).toMatchObject({ type: 'OrderCreated', metadata: { tenantId: tenant.tenantId, actor: 'demo-history' } });
    expect(Date.parse(order[0]!.metadata.occurredAt)).toBeLessThan(Date.now() - 13 * 86_400_000);
  });

  it('fills the order reports: every status of the mix, and order → shipment from the shipments already recorded', async () => {
    const range = `from=${new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`;
    const perStatus = await get(`/reports/orders-per-status?${range}`);
    const total = (key: string) => perStatus.rows.reduce((sum: number, row: any) => sum + row[key], 0);
    expect(total('created')).toBe(DEMO_HISTORY_ORDERS);
    for (const status of ['allocated', 'partially_fulfilled', 'fulfilled', 'closed', 'cancelled']) expect({ status, some: total(status) > 0 }).toEqual({ status, some: true });
    const [row, ...others] = (await get(`/reports/order-to-shipment?${range}`)).rows;
    expect(others).toEqual([]);
    expect(row).toMatchObject({ merchant: 'DEMO-SHOP', orders: DEMO_HISTORY_ORDERS });
    expect(row.shipped).toBeGreaterThan(DEMO_HISTORY_ORDERS / 2);
    expect(row.awaiting).toBeGreaterThan(0);
    expect(row.p50).toBeGreaterThan(600 * 0.98);
    expect(row.p99).toBeLessThan(8 * 3600 + 600);
    // A fulfilled order names a shipment already recorded: the order-shipments reactor created none today.
    const perDay = await get(`/reports/shipments-per-day?${range}`);
    expect(perDay.rows.reduce((sum: number, r: any) => sum + r.created, 0)).toBe(DEMO_HISTORY_SHIPMENTS);
  });

  it('fills every report and the shipment list under the demo merchant, without a webhook', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${from}&to=${today}&time_zone=UTC`;
    const perDay = await get(`/reports/shipments-per-day?${range}`);
    const total = (key: string) => perDay.rows.reduce((sum: number, row: any) => sum + row[key], 0);
    expect(total('created')).toBe(DEMO_HISTORY_SHIPMENTS);
    expect(total('delivered')).toBeGreaterThan(DEMO_HISTORY_SHIPMENTS / 2);
    // Every shipment got through validation to its carrier account; only the planned ~5 % stay unbooked.
    expect(perDay.rows.every((row: any) => row.carrier_account_id !== null)).toBe(true);
    expect(total('booked')).toBeGreaterThan(DEMO_HISTORY_SHIPMENTS * 0.9);
    const booking = await get(`/reports/booking-outcomes?${range}`);
    expect(booking.rows.flatMap((row: any) => row.error_codes.map((e: any) => e.code))).toEqual(expect.arrayContaining(['address_invalid']));
    expect(booking.rows.some((row: any) => row.retries > 0)).toBe(true);
    const onTime = await get(`/reports/on-time?${range}`);
    expect(onTime.rows.length).toBeGreaterThan(0);
    const exceptions = await get('/reports/exceptions');
    expect(JSON.stringify(exceptions)).toContain('returned');

    const list = await get('/shipments?limit=50');
    expect(list.length).toBeGreaterThan(0);
    for (const shipment of list) {
      expect(shipment.merchant).toBe('DEMO-SHOP');
      expect(shipment.references.partner_shipment_reference).toMatch(/^demo-history-\d{3}$/);
    }
    expect(list.some((shipment: any) => shipment.status === 'pending')).toBe(false);
    expect((await get('/sandbox/webhook-inbox')).total).toBe(0);
    // Caught up, so the deliveries reactor has seen every seeded event: none was queued for the demo inbox.
    const { rows } = await sql<{ queued: number }>`select count(*)::int as queued from webhooks.deliveries where tenant_id = ${tenant.tenantId}`.execute(app.database.kysely);
    expect(rows[0]!.queued).toBe(0);
  });

  it('shows on the dashboard charts', async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    const watched = await watchedPage(context, new URL(app.baseUrl).origin);
    const page = watched.page;
    await page.goto(`${app.baseUrl}/dashboard`);
    await page.getByLabel('Tenant id').fill(tenant.tenantId);
    await page.getByLabel('API key').fill(tenant.apiKey);
    await page.getByLabel('Client id').fill(tenant.clientId);
    await page.getByLabel('Client secret').fill(tenant.clientSecret);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('status').filter({ hasText: 'Reports for' }).waitFor();
    const plotted = (id: string) => page.evaluate<number, string>((canvasId) => {
      const chart = (globalThis as any).Chart.getChart(canvasId);
      return chart.data.datasets.reduce((sum: number, set: any) => sum + set.data.reduce((s: number, v: number | null) => s + (v ?? 0), 0), 0);
    }, id);
    expect(await plotted('chart-per-day')).toBeGreaterThan(DEMO_HISTORY_SHIPMENTS);
    expect(await plotted('chart-booking')).toBeGreaterThan(0);
    expect(await plotted('chart-on-time')).toBeGreaterThan(0);
    expect(await plotted('chart-orders')).toBe(DEMO_HISTORY_ORDERS);
    expect(await page.locator('#table-order-shipment tbody tr').filter({ hasText: 'DEMO-SHOP' }).count()).toBe(1);
    await screenshot(page, 'dashboard-demo-history');
    expect(watched.errors).toEqual([]);
    expect(watched.foreignRequests).toEqual([]);
  });
});
