import { randomUUID } from 'node:crypto';
import type { TestApp, TestResponse, TestTenant } from '@shipledger/testing';
import { createLocation } from '../ordering/order-requests';

/** The inventory API of one tenant, and the locations and settings a test starts from. */
export interface InventoryClient {
  call(method: string, path: string, body?: unknown): Promise<TestResponse>;
  settings(merchant: string, body: Record<string, unknown>): Promise<TestResponse>;
  set(location: string, items: { sku: string; on_hand: number }[]): Promise<TestResponse>;
  level(location: string, sku: string): Promise<{ on_hand: number; reserved: number; available: number } | undefined>;
}

export function inventoryClient(app: TestApp, tenant: TestTenant): InventoryClient {
  const call = (method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: tenant.headers, body });
  return {
    call,
    settings: (merchant, body) => call('PUT', `/inventory/settings/${merchant}`, body),
    set: (location, items) => call('POST', '/inventory/set', { location_id: location, items }),
    async level(location, sku) {
      await app.waitUntilCaughtUp();
      const response = await call('GET', `/inventory?location_id=${encodeURIComponent(location)}&sku=${encodeURIComponent(sku)}`);
      return response.body.levels[0];
    },
  };
}

/** A fresh SKU code. */
export const sku = (prefix = 'SKU') => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Two locations of the tenant (codes WA-…, WB-…) with coordinates, answering their ids and codes. */
export async function twoLocations(app: TestApp, tenant: TestTenant): Promise<{ a: string; b: string; codeA: string; codeB: string }> {
  const codeA = `WA-${randomUUID().slice(0, 6)}`;
  const codeB = `WB-${randomUUID().slice(0, 6)}`;
  return { a: await createLocation(app, tenant, codeA), b: await createLocation(app, tenant, codeB), codeA, codeB };
}

/** An order of the given lines without FOs (automatic allocation). */
export function stockOrder(merchant: string, lines: { id: string; sku: string; quantity: number }[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchant,
    partner_order_reference: `INV-${randomUUID().slice(0, 8)}`,
    shipping_address: { contact_name: 'Ann Buyer', address1: '2 Drop Street', city: 'Dubai', country: 'AE', contact_phone: '+971500000002' },
    line_items: lines.map((line) => ({ ...line, requires_shipping: true, unit_price: 10, weight: { value: 500, unit: 'g' } })),
    ...overrides,
  };
}
