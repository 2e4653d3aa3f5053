import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (.ci/run installs it when missing). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface WatchedPage {
  page: Page;
  /** console.error lines and uncaught exceptions of the page. */
  errors: string[];
  /** Every network request (http, https, ws, wss) the page made to another origin than the app's. */
  foreignRequests: string[];
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}

/** A page that records its console errors and any request leaving the app's origin. */
export async function watchedPage(context: BrowserContext, origin: string): Promise<WatchedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  const foreignRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    // data:, blob: and the browser's own chrome:// and chrome-extension:// pages (its PDF viewer) reach no host.
    const url = new URL(request.url());
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
    if (url.origin !== origin) foreignRequests.push(url.href);
  });
  return { page, errors, foreignRequests };
}

/** Saves a screenshot when SCREENSHOT_DIR is set (docs/images is refreshed that way); else nothing. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
