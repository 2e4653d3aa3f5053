import { randomUUID } from 'node:crypto';
import type { TestApp, TestTenant } from '@shipledger/testing';
import { bookableShipmentRequest, createAccount } from '../carriers/carriers-http';
import { createLocation, orderRequest } from '../ordering/order-requests';

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

export interface OrderWorkloadResult {
  /** Each order's id and its status as the orders API answers it after the workload. */
  orders: { order_id: string; merchant: string; status: string }[];
}

/**
 * Orders over HTTPS for the order reports, two merchants: fulfilled with a (draft) shipment, fulfilled
 * without shipping (closed), cancelled, items shipped while allocated, left allocated, and fulfilled then
 * unfulfilled (back to allocated, its first shipment kept). Each order's status moves at least twice.
 */
export async function runOrderWorkload(app: TestApp, tenant: TestTenant): Promise<OrderWorkloadResult> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await app.http.request(method, path, { headers: tenant.headers, body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
    return response.body;
  };
  await createAccount(app, tenant);
  const code = `WH-${randomUUID().slice(0, 4)}`;
  await createLocation(app, tenant, code);
  const [one, two = one!] = tenant.merchants;
  const create = async (merchant: string) => {
    const order = await call('POST', '/orders', orderRequest(merchant, {
      fulfillment_orders: [{ location_id: code, line_items: [{ id: 'A', quantity: 2 }, { id: 'B', quantity: 1 }] }],
    }));
    return { id: order.order_id as string, fo: `/orders/${order.order_id}/fulfillment-orders/${order.fulfillment_orders[0].fulfillment_order_id}` };
  };
  const fulfilled = await create(one!);
  await call('POST', `${fulfilled.fo}/fulfill?create_draft_shipment=true`);
  const closed = await create(one!);
  await call('POST', `${closed.fo}/fulfill?skip_shipping=true`);
  const cancelled = await create(two);
  await call('POST', `/orders/${cancelled.id}/cancel`, { cancellation_reason: 'CUSTOMER_CANCELLATION' });
  const shipped = await create(one!);
  await call('POST', `${shipped.fo}/ship?create_draft_shipment=true`, { line_items: [{ id: 'B', quantity: 1 }] });
  const waiting = await create(two);
  const unfulfilled = await create(one!);
  const done = await call('POST', `${unfulfilled.fo}/fulfill?create_draft_shipment=true`, { line_items: [{ id: 'A', quantity: 1 }] });
  const fulfillmentId = done.fulfillment_orders[0].line_items.find((item: any) => item.status === 'fulfilled').fulfillment_id;
  await app.waitUntilCaughtUp();
  await call('POST', `${unfulfilled.fo}/unfulfill`, { fulfillment_ids: [fulfillmentId] });
  await app.waitUntilCaughtUp();
  const orders = [];
  for (const { id } of [fulfilled, closed, cancelled, shipped, waiting, unfulfilled]) {
    const order = await call('GET', `/orders/${id}`);
    orders.push({ order_id: id, merchant: order.merchant as string, status: order.status as string });
  }
  return { orders };
}
