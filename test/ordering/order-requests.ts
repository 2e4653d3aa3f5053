import { randomUUID } from 'node:crypto';
import type { TestApp, TestResponse, TestTenant } from '@shipledger/testing';

export interface OrderClient {
  call(method: string, path: string, body?: unknown): Promise<TestResponse>;
  create(body: unknown): Promise<TestResponse>;
  get(reference: string, key?: 'partner_order_reference'): Promise<TestResponse>;
}

export function orderClient(app: TestApp, tenant: TestTenant): OrderClient {
  const call = (method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: tenant.headers, body });
  return {
    call,
    create: (body) => call('POST', '/orders', body),
    get: (reference, key) => call('GET', `/orders/${encodeURIComponent(reference)}${key ? `?key=${key}` : ''}`),
  };
}

/** An order of two lines (2 × A, 1 × B) with a fresh partner reference. */
export function orderRequest(merchant: string, overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    merchant,
    partner_order_reference: `ORD-${randomUUID().slice(0, 8)}`,
    order_date: '2026-11-20T09:00:00',
    shipping_address: { contact_name: 'Ann Buyer', address1: '2 Drop Street', city: 'Dubai', country: 'AE', contact_phone: '+971500000002' },
    payment: { payment_mode: 'CASH_ON_DELIVERY', currency: 'AED', total_amount: 150, pending_amount: 150 },
    line_items: [
      { id: 'A', sku: 'SKU-A', requires_shipping: true, quantity: 2, unit_price: 50, weight: { value: 500, unit: 'g' } },
      { id: 'B', sku: 'SKU-B', requires_shipping: true, quantity: 1, unit_price: 50, dimension: { length: 10, width: 4, height: 2, unit: 'in' } },
    ],
    ...overrides,
  };
}

/** A location of the tenant through /locations; answers its location_id. */
export async function createLocation(app: TestApp, tenant: TestTenant, code: string, merchants?: string[]): Promise<string> {
  const response = await app.http.request('POST', '/locations', {
    headers: tenant.headers,
    body: {
      location_name: `Warehouse ${code}`, location_code: code, address1: '1 Pickup Road', city: 'Dubai', country: 'AE',
      contact_name: 'Store keeper', contact_phone: '+971500000001', ...(merchants ? { merchants } : {}),
    },
  });
  if (response.status !== 201) throw new Error(`location: ${response.status} ${response.text}`);
  return response.body.location_id;
}
