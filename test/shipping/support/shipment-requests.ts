import { randomUUID } from 'node:crypto';
import { API_SCOPES, TenantAdmin } from '@shipledger/platform';
import type { TestApp, TestTenant } from '@shipledger/testing';

/** A complete, bookable shipment request with fresh references. */
export function shipmentRequest(merchant: string, overrides: Record<string, unknown> = {}): Record<string, any> {
  const suffix = randomUUID().slice(0, 8);
  return {
    merchant,
    entity_type: 'FORWARD',
    references: { partner_shipment_reference: `PSR-${suffix}`, partner_order_reference: `ORD-${suffix}` },
    payment: { payment_mode: 'PRE_PAID', total_amount: 120, currency: 'AED' },
    pickup: { contact_name: 'Warehouse', address1: '1 Pickup Road', city: 'Dubai', country: 'AE', contact_phone: '+971500000001' },
    dropoff: {
      contact_name: 'Ann Buyer', contact_email: `ann-${suffix}@example.com`, contact_phone: '+971500000002',
      address1: '2 Drop Street', city: 'Dubai', country: 'AE',
    },
    items: [{ sku: 'SKU-1', description: 'Mug', quantity: 2, price: { amount: 60, currency: 'AED' } }],
    parcels: [{ partner_parcel_reference: 'P1', weight: { value: 1.2, unit: 'kg' }, parcel_items: [{ sku: 'SKU-1', quantity: 2 }] }],
    custom_attributes: { gift_note: ['Hi'] },
    ...overrides,
  };
}

export interface ShipmentClient {
  create(body: unknown, query?: string): Promise<any>;
  get(ref: string): Promise<any>;
  call(method: string, path: string, body?: unknown): Promise<any>;
}

export function shipmentClient(app: TestApp, tenant: TestTenant): ShipmentClient {
  const call = (method: string, path: string, body?: unknown) =>
    app.http.request(method, path, { headers: tenant.headers, body });
  return {
    create: (body, query = '') => call('POST', `/shipments${query}`, body),
    get: (ref) => call('GET', `/shipments/${encodeURIComponent(ref)}`),
    call,
  };
}

/** An active sandbox carrier account created through the carriers API. */
export async function createCarrierAccount(app: TestApp, tenant: TestTenant, name = `Sandbox ${randomUUID().slice(0, 6)}`): Promise<any> {
  const response = await app.http.request('POST', '/carrier-accounts', {
    headers: tenant.headers,
    body: { carrier_account_name: name, carrier: 'SANDBOX', property: {}, status: 'active' },
  });
  if (response.status !== 201) throw new Error(`carrier account: ${response.status} ${response.text}`);
  return response.body;
}

/** A second client of the same tenant, limited to some merchants. */
export async function clientFor(app: TestApp, tenant: TestTenant, merchants: string[]): Promise<TestTenant> {
  const admin = new TenantAdmin(app.api.platform.repository, app.api.platform.directory);
  const client = await admin.createClient(tenant.tenantId, { name: 'limited client', scopes: [...API_SCOPES], merchants });
  const token = await app.http.request('POST', '/oauth/token', { body: { client_id: client.client_id, client_secret: client.client_secret } });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${token.text}`);
  return {
    ...tenant,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    token: token.body.access_token,
    headers: { ...tenant.headers, authorization: `Bearer ${token.body.access_token}` },
  };
}
