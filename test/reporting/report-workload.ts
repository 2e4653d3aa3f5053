import type { TestApp, TestTenant } from '@shipledger/testing';
import { bookableShipmentRequest, createAccount } from '../carriers/carriers-http';

export interface WorkloadResult {
  accounts: { main: any; spare: any };
  shipmentIds: string[];
}

/**
 * A mixed workload over HTTPS: shipments delivered (one after a failed attempt), returned, rejected at
 * booking then reassigned, cancelled, left as drafts and pending, some with delivery promises, across
 * two carrier accounts and two merchants; the sandbox clock moves them along their lifecycles.
 */
export async function runMixedWorkload(app: TestApp, tenant: TestTenant): Promise<WorkloadResult> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await app.http.request(method, path, { headers: tenant.headers, body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
    return response.body;
  };
  const main = await createAccount(app, tenant);
  const spare = await createAccount(app, tenant);
  const [shop1, shop2 = shop1!] = tenant.merchants;
  const create = (merchant: string, scenario: string, account: any, draft = false) =>
    call('POST', `/shipments${draft ? '?draft=true' : ''}`, bookableShipmentRequest(merchant!, {
      carrier_account: { carrier_id: account.carrier_account_id },
      custom_attributes: { sandbox_scenario: [scenario] },
    }));
  const shipments = [
    await create(shop1!, 'delivered', main),
    await create(shop1!, 'delivered', main),
    await create(shop2, 'delivered_after_failed_attempt', main),
    await create(shop1!, 'returned_to_sender', spare),
    await create(shop2, 'rejected_at_booking', main),
    await create(shop1!, 'delivered', spare),
    await create(shop1!, 'delivered', main, true),
  ];
  const ids: string[] = shipments.map((s) => s.shipment_id);
  await app.waitUntilCaughtUp();
  const promise = (id: string, at: Date) => call('POST', `/shipments/${id}/update-delivery-promise`, { revised_promised_delivery_date: at.toISOString() });
  await promise(ids[0]!, new Date(Date.now() + 3 * 24 * 3600_000));
  await promise(ids[1]!, new Date(Date.now() - 3600_000));
  await promise(ids[2]!, new Date(Date.now() + 24 * 3600_000));
  // The rejected one is retried with the spare account; one booked shipment is cancelled before pickup.
  await call('POST', `/shipments/${ids[4]}/reassign`, { carrier_account: { carrier_id: spare.carrier_account_id } });
  await call('POST', `/shipments/${ids[5]}/cancel`, { update_reason_code: 'CUSTOMER_REQUEST' });
  await app.waitUntilCaughtUp();
  for (let tick = 0; tick < 7; tick += 1) {
    await call('POST', '/sandbox/clock/advance', { minutes: 10 });
    await app.waitUntilCaughtUp();
  }
  return { accounts: { main, spare }, shipmentIds: ids };
}
