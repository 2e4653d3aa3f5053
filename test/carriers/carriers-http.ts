import { randomUUID } from 'node:crypto';
import type { TestApp, TestTenant } from '@shipledger/testing';

/** A bookable shipment request (GB receiver with postcode, two weighed parcels, cash on delivery). */
export function bookableShipmentRequest(merchant: string, overrides: Record<string, unknown> = {}): Record<string, any> {
  const suffix = randomUUID().slice(0, 8);
  return {
    merchant,
    entity_type: 'FORWARD',
    references: { partner_shipment_reference: `PSR-${suffix}`, partner_order_reference: `ORD-${suffix}` },
    payment: { payment_mode: 'CASH_ON_DELIVERY', pending_amount: 99.5, total_amount: 99.5, currency: 'AED' },
    pickup: { contact_name: 'Warehouse', address1: '1 Pickup Road', city: 'Dubai', country: 'AE', contact_phone: '+971500000001' },
    dropoff: {
      contact_name: 'Ann Buyer', contact_email: `ann-${suffix}@example.com`, contact_phone: '+971500000002',
      address1: '2 Drop Street', city: 'Dubai', country: 'AE',
    },
    items: [{ sku: 'SKU-1', description: 'Mug', quantity: 2, price: { amount: 60, currency: 'AED' } }],
    parcels: [
      { partner_parcel_reference: 'P1', weight: { value: 1.2, unit: 'kg' }, parcel_items: [{ sku: 'SKU-1', quantity: 1 }] },
      { partner_parcel_reference: 'P2', weight: { value: 0.8, unit: 'kg' }, parcel_items: [{ sku: 'SKU-1', quantity: 1 }] },
    ],
    ...overrides,
  };
}

export async function createAccount(app: TestApp, tenant: TestTenant, body: Record<string, unknown> = {}): Promise<any> {
  const response = await app.http.request('POST', '/carrier-accounts', {
    headers: tenant.headers,
    body: { carrier_account_name: `Sandbox ${randomUUID().slice(0, 8)}`, carrier: 'SANDBOX', property: { TRACKING_STEP_SECONDS: '600', BOOKING_LATENCY_MS: '20' }, ...body },
  });
  if (response.status !== 201) throw new Error(`carrier account: ${response.status} ${response.text}`);
  return response.body;
}

/** The path part of a label URL (the API's public base URL is not the test server's port). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
