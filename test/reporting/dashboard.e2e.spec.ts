import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestTenant } from '@shipledger/testing';
import { launchBrowser, screenshot, watchedPage, type WatchedPage } from './dashboard-browser';
import { runMixedWorkload, runOrderWorkload, type WorkloadResult } from './report-workload';

jest.setTimeout(180_000);

describe('the dashboard in headless Chromium', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let workload: WorkloadResult;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let page: Page;
  const origin = () => new URL(app.baseUrl).origin;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ merchants: ['SHOP-A', 'SHOP-B'] });
    workload = await runMixedWorkload(app, tenant);
    browser = await launchBrowser();
    context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    watched = await watchedPage(context, origin());
    page = watched.page;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('serves the page with a strict content security policy', async () => {
    const response = await app.http.request('GET', '/dashboard');
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.text).not.toMatch(/https?:\/\//);
  });

  it('signs in with the client credentials and shows the reports', async () => {
    await page.goto(`${app.baseUrl}/dashboard`);
    await screenshot(page, 'dashboard-sign-in');
    await page.getByLabel('Tenant id').fill(tenant.tenantId);
    await page.getByLabel('API key').fill(tenant.apiKey);
    await page.getByLabel('Client id').fill(tenant.clientId);
    await page.getByLabel('Client secret').fill(tenant.clientSecret);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Reports for' }).waitFor();
    // The token is in memory only: not in the address, not in storage, and the secret left the form.
    expect(page.url()).not.toContain(tenant.clientSecret);
    expect(await page.evaluate('window.localStorage.length + window.sessionStorage.length')).toBe(0);
    expect(await page.evaluate('document.cookie')).toBe('');
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');

    const perDay = page.locator('#table-per-day tbody tr');
    const created = await perDay.evaluateAll((rows) => rows.reduce((sum, row) => sum + Number(row.children[2]?.textContent ?? 0), 0));
    expect(created).toBe(7);
    await page.locator('#table-booking').filter({ hasText: workload.accounts.main.carrier_account_name }).waitFor();
    await page.locator('#exception-counts').filter({ hasText: 'Returned' }).waitFor();
    await screenshot(page, 'dashboard-reports');
  });

  it('filters a report by date', async () => {
    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('To').fill('2020-01-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: 'Reports for 2020-01-01 to 2020-01-31' }).waitFor();
    expect(await page.locator('#table-per-day tbody td').first().textContent()).toBe('Nothing in this period');
    expect(await page.locator('#table-on-time tbody td').first().textContent()).toBe('No shipment with a promised date in this period');

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From').fill(yesterday);
    await page.getByLabel('To').fill(today);
    await page.getByLabel('Time zone').selectOption('UTC');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: `Reports for ${yesterday} to ${today} (UTC)` }).waitFor();
    expect(await page.locator('#table-per-day tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('#table-per-day tbody td.empty').count()).toBe(0);
  });

  it('charts the orders per status and tables the order → shipment percentiles, even with a carrier account filter', async () => {
    // Orders come after the shipment reports' checks above: their shipments are shipments too.
    const { orders } = await runOrderWorkload(app, tenant);
    await page.getByLabel('Carrier account id').fill(workload.accounts.main.carrier_account_id);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: 'Reports for' }).waitFor();
    await page.locator('#table-order-shipment').filter({ hasText: 'SHOP-A' }).waitFor();
    const total = await page.evaluate<number>(() => {
      const chart = (globalThis as any).Chart.getChart('chart-orders');
      return chart.data.datasets.reduce((sum: number, set: any) => sum + set.data.reduce((s: number, v: number | null) => s + (v ?? 0), 0), 0);
    });
    expect(total).toBe(orders.length);
    const created = await page.locator('#table-orders tbody tr').evaluateAll((rows) => rows.reduce((sum, row) => sum + Number(row.children[2]?.textContent ?? 0), 0));
    expect(created).toBe(orders.length);
    expect(await page.locator('#table-orders thead th').allTextContents()).toEqual(
      ['Date', 'Merchant', 'Created', 'Open', 'Partially allocated', 'Allocated', 'Partially fulfilled', 'Fulfilled', 'Closed', 'Cancelled']);
    const shopA = page.locator('#table-order-shipment tbody tr').filter({ hasText: 'SHOP-A' });
    expect(await shopA.locator('td').allTextContents()).toEqual(['SHOP-A', '4', '3', '0', '1', expect.stringMatching(/^\d+ s \/ \d+ s \/ \d+ s$/)]);
    expect(await page.locator('#chart-orders').getAttribute('aria-label')).toMatch(/the table below has the same numbers/);
    await page.getByLabel('Carrier account id').fill('');
  });

  it('finds a shipment and shows its timeline, as of an earlier event, and its label', async () => {
    const shipmentId = workload.shipmentIds[0]!;
    const shipment = (await app.http.request('GET', `/shipments/${shipmentId}`, { headers: tenant.headers })).body;
    const history = (await app.http.request('GET', `/shipments/${shipmentId}/history`, { headers: tenant.headers })).body as unknown[];
    const reference: string = shipment.references.partner_shipment_reference;

    await page.getByRole('link', { name: 'Shipments' }).click();
    await page.getByLabel(/^Search by id/).fill(reference.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: '1 shipment' }).waitFor();
    await screenshot(page, 'dashboard-search');
    await page.getByRole('link', { name: shipmentId }).click();

    await page.getByRole('heading', { name: `Shipment ${reference}` }).waitFor();
    await page.getByRole('status').filter({ hasText: `${history.length} events` }).waitFor();
    expect(await page.locator('#timeline li').count()).toBe(history.length);
    expect(await page.locator('#shipment-summary').textContent()).toContain('delivered');

    const slider = page.getByLabel(/^Shipment as of/);
    await slider.focus();
    await page.keyboard.press('Home');
    await page.locator('#as-of-value').filter({ hasText: `event 1 of ${history.length}` }).waitFor();
    expect(await page.locator('#timeline li.later').count()).toBe(history.length - 1);
    await page.locator('#as-of-state').filter({ hasText: 'Status then' }).waitFor();
    expect(await page.locator('#as-of-state dd').first().textContent()).not.toBe('delivered');

    await page.keyboard.press('End');
    await page.locator('#as-of-state dd').first().filter({ hasText: 'delivered' }).waitFor();
    // The label's first page is drawn (PDF.js) from its signed link on this origin: dark ink on white.
    const preview = page.locator('canvas.label-canvas[data-drawn="true"]');
    await preview.waitFor();
    expect(await preview.getAttribute('data-url')).toMatch(/^\/labels\//);
    expect(await preview.getAttribute('aria-label')).toMatch(/^Preview of /);
    // (The test tsconfig has no DOM types: the canvas is typed by what is used of it.)
    type Canvas = { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
    const ink = await preview.evaluate((node) => {
      const canvas = node as unknown as Canvas;
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 96 && data[i + 1]! < 96 && data[i + 2]! < 96 && data[i + 3]! > 0) dark += 1;
      return { dark, pixels: data.length / 4 };
    });
    expect(ink.dark).toBeGreaterThan(ink.pixels * 0.01);
    expect(ink.dark).toBeLessThan(ink.pixels * 0.9);
    await page.locator('#labels figcaption').filter({ hasText: /^Page 1 of \d+: / }).waitFor();
    await screenshot(page, 'dashboard-shipment');
  });

  it('shows projector lag and parked events', async () => {
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.getByRole('status').filter({ hasText: 'Operations loaded' }).waitFor();
    await page.locator('#table-lag').filter({ hasText: 'report-shipments' }).waitFor();
    expect(await page.locator('#table-parked tbody td').first().textContent()).toBe('No parked event');
    await screenshot(page, 'dashboard-operations');
  });

  it('fits a phone screen and signs out without a trace', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Reports for' }).waitFor();
    // Chart.js resizes its canvases a frame or more after the viewport changes (later on a busy machine):
    // give the layout up to 10 s to settle, then measure; a page that never fits still fails below.
    // (Polled from here: waitForFunction with a string would eval in the page, which its CSP refuses.)
    const measure = () => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    let overflow = await measure();
    for (const settleBy = Date.now() + 10_000; overflow > 0 && Date.now() < settleBy; overflow = await measure()) {
      await page.waitForTimeout(100);
    }
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'dashboard-phone');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.locator('#nav').isHidden()).toBe(true);
  });

  it('logged no console error and asked no other host for anything', () => {
    expect(watched.errors).toEqual([]);
    expect(watched.foreignRequests).toEqual([]);
  });
});
