import type { TestApp, TestTenant } from '@shipledger/testing';
import { bookableShipmentRequest, createAccount } from '../carriers/carriers-http';

export { createAccount };

/** A tenant's HTTP calls and the shipments a manifest needs (booked by the sandbox carrier). */
export function manifestsHttp(app: TestApp, tenant: TestTenant) {
  const call = (method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: tenant.headers, body });
  async function booked(account: any, overrides: Record<string, unknown> = {}, merchant = tenant.merchants[0]!): Promise<any> {
    const created = await call('POST', '/shipments', bookableShipmentRequest(merchant, { carrier_account: { carrier_id: account.carrier_account_id }, ...overrides }));
    if (created.status !== 200) throw new Error(`shipment: ${created.status} ${created.text}`);
    await app.waitUntilCaughtUp();
    const shipment = (await call('GET', `/shipments/${created.body.shipment_id}`)).body;
    if (shipment.post_shipping_info.status !== 'booked') throw new Error(`not booked: ${JSON.stringify(shipment.post_shipping_info)}`);
    return shipment;
  }
  const manifest = (account: any, shipmentIds: string[], extra: Record<string, unknown> = {}) => call('POST', '/manifests', {
    merchant: tenant.merchants[0], carrier_account: account.carrier_account_id, shipment_ids: shipmentIds, ...extra,
  });
  return { call, booked, manifest };
}

/** The path part of a signed URL (the API's public base URL is not the test server's port). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
