/**
 * npm run bench:orders — the ordering write path in the same run as the project's own shipment create
 * and raw INSERTs on the same database: POST /orders with two fulfillment orders (both allocated at the
 * tenant's location), then POST …/fulfill of the first FO of each order (no draft: the order-shipments
 * process manager makes a confirmed shipment of it), over HTTPS at 1 and 16 connections.
 * Env: BENCH_ORDERS (orders per concurrency level, default 3000; at most 500 at one connection).
 * Reuses bench/shipments: the API in its own process on a fresh Postgres database, the HTTP and raw runs.
 */
import { cpus, loadavg } from 'node:os';
import { Agent, request } from 'undici';
import { startApiProcess } from '../shipments/bench-ipc';
import { createShipmentsRun, postRun, uniqueReferences, type ApiTarget } from '../shipments/http-runs';
import { formatFigures, type RunFigures } from '../shipments/latency-stats';
import { rawInsertRun } from '../shipments/raw-inserts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
const LEVELS = [1, 16];

/** An order of two lines placed in two FOs at `locationCode`; each call gets its own partner reference. */
function orderBody(reference: string, merchant: string, locationCode: string): Record<string, unknown> {
  return {
    merchant,
    partner_order_reference: reference,
    order_date: '2026-11-20T09:00:00',
    shipping_address: { contact_name: 'Bench Customer', contact_phone: '+971 50 000 0000', contact_email: 'customer@bench.test',
      address1: 'Tower 1, Marina', city: 'Dubai', country: 'AE', postcode: '00000' },
    payment: { payment_mode: 'PRE_PAID', currency: 'AED', total_amount: 150 },
    line_items: [
      { id: 'A', sku: 'SKU-A', requires_shipping: true, quantity: 2, unit_price: 50, weight: { value: 500, unit: 'g' } },
      { id: 'B', sku: 'SKU-B', requires_shipping: true, quantity: 1, unit_price: 50, weight: { value: 300, unit: 'g' } },
    ],
    fulfillment_orders: [
      { partner_fulfillment_order_reference: `${reference}-1`, location_id: locationCode, line_items: [{ id: 'A', quantity: 2 }] },
      { partner_fulfillment_order_reference: `${reference}-2`, location_id: locationCode, line_items: [{ id: 'B', quantity: 1 }] },
    ],
  };
}

interface OrderAnswer {
  order_id: string;
  fulfillment_orders: Array<{ fulfillment_order_id: string; line_items: Array<{ shipment_id?: string }> }>;
}

/** POST /orders `amount` times; answers the figures and the path of each created order's first FO. */
async function createOrdersRun(
  target: ApiTarget, merchant: string, locationCode: string, amount: number, connections: number,
): Promise<{ figures: RunFigures; firstFoPaths: string[] }> {
  const reference = uniqueReferences('BENCH');
  const firstFoPaths: string[] = [];
  const figures = await postRun(target, {
    label: 'POST /orders (2 FOs) HTTPS',
    path: '/orders',
    next: () => ({ body: orderBody(reference(), merchant, locationCode) }),
    onAnswer: (body) => {
      const order = body as OrderAnswer;
      firstFoPaths.push(`/orders/${order.order_id}/fulfillment-orders/${order.fulfillment_orders[0]?.fulfillment_order_id}`);
    },
  }, amount, connections);
  return { figures, firstFoPaths };
}

/** POST …/fulfill (all pending items, confirmed shipment) once for each FO path; answers the shipment ids. */
async function fulfillRun(target: ApiTarget, foPaths: string[], connections: number): Promise<{ figures: RunFigures; shipmentIds: string[] }> {
  let next = 0;
  const shipmentIds: string[] = [];
  const figures = await postRun(target, {
    label: 'POST …/fulfill (confirmed) HTTPS',
    path: '/orders',
    next: () => ({ path: `${foPaths[next++ % foPaths.length]}/fulfill`, body: {} }),
    onAnswer: (body) => {
      const shipmentId = (body as OrderAnswer).fulfillment_orders[0]?.line_items[0]?.shipment_id;
      if (shipmentId) shipmentIds.push(shipmentId);
    },
  }, foPaths.length, connections);
  return { figures, shipmentIds };
}

/** The post_shipping_info.status of a few of the shipments the fulfills asked for, once the worker caught up. */
async function shipmentStatuses(target: ApiTarget, shipmentIds: string[]): Promise<string> {
  const counts = new Map<string, number>();
  const agent = new Agent({ connect: { rejectUnauthorized: false }, connections: 1 });
  try {
    for (const id of shipmentIds.slice(-20)) {
      const response = await request(`${target.baseUrl}/shipments/${id}`, { headers: target.headers, dispatcher: agent });
      const body = (await response.body.json()) as { post_shipping_info?: { status?: string } };
      const status = response.statusCode === 200 ? body.post_shipping_info?.status ?? '?' : `HTTP ${response.statusCode}`;
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
  } finally {
    await agent.close();
  }
  return [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
}

const ratio = (a: RunFigures, b: RunFigures) => (a.perSecond / b.perSecond).toFixed(2);

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`bench:orders — node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}; `
    + 'starting the API (HTTPS, embedded worker with the order-shipments process manager, Postgres)');
  const api = await startApiProcess({ orderShipments: true });
  const { baseUrl, headers, merchant, databaseUrl, carrierAccountName, locationCode } = api.ready;
  if (!locationCode) throw new Error('the API process could not create a location (POST /locations)');
  const target = { baseUrl, headers };
  console.log(`API at ${baseUrl}; location ${locationCode}; carrier account: ${carrierAccountName ?? 'none'}`);
  try {
    const warmUp = Math.min(100, ORDERS);
    await createShipmentsRun(target, merchant, carrierAccountName, warmUp, 16); // JIT, pools, caches
    await fulfillRun(target, (await createOrdersRun(target, merchant, locationCode, warmUp, 16)).firstFoPaths, 16);
    await api.waitUntilCaughtUp(900_000);
    const summary: string[] = [];
    for (const connections of LEVELS) {
      const amount = connections === 1 ? Math.min(500, ORDERS) : ORDERS;
      console.log(`\n== ${connections} connection(s), ${amount} requests each`);
      const raw = await rawInsertRun(databaseUrl, amount, connections);
      const shipments = await createShipmentsRun(target, merchant, carrierAccountName, amount, connections);
      await api.waitUntilCaughtUp(900_000); // each run starts on a quiet database
      const orders = await createOrdersRun(target, merchant, locationCode, amount, connections);
      await api.waitUntilCaughtUp(900_000);
      const fulfills = await fulfillRun(target, orders.firstFoPaths, connections);
      await api.waitUntilCaughtUp(900_000);
      for (const figures of [orders.figures, fulfills.figures, shipments, raw]) console.log(formatFigures(figures));
      console.log(`${'order / shipment, order / raw'.padEnd(34)} c=${String(connections).padStart(2)}  ${ratio(orders.figures, shipments)}, ${ratio(orders.figures, raw)}`
        + `   fulfill / shipment ${ratio(fulfills.figures, shipments)}   (goal order / shipment ≥ 0.8)`);
      console.log(`shipments made by the fulfills (last 20, after catch-up): ${await shipmentStatuses(target, fulfills.shipmentIds)}`);
      summary.push(`c=${connections}: order ${orders.figures.perSecond.toFixed(0)} req/s (p50 ${orders.figures.p50Ms} ms, p99 ${orders.figures.p99Ms} ms), `
        + `fulfill ${fulfills.figures.perSecond.toFixed(0)}, shipment ${shipments.perSecond.toFixed(0)}, raw ${raw.perSecond.toFixed(0)}; `
        + `order/shipment ${ratio(orders.figures, shipments)}, order/raw ${ratio(orders.figures, raw)}`);
    }
    console.log(`\nsummary: ${summary.join('; ')}; total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
