/**
 * npm run bench:inventory — POST /orders with automatic allocation from stock against plain POST /orders
 * (the same bodies, inventory management off) in the same run, over HTTPS at 16 connections, on a
 * catalogue of SKUS × LOCATIONS levels; then the invariant check (zero oversells, ledger = levels = orders).
 * Env: BENCH_INV_SKUS (default 10000), BENCH_INV_LOCATIONS (default 20), BENCH_INV_ORDERS (per run,
 * default 3000), BENCH_INV_STOCK (max units per level, default 3; a level is empty one time in four).
 * BENCH_INV_PROFILE (a .cpuprofile path: the API process profiled during the allocation run).
 * Smoke: BENCH_INV_SKUS=200 BENCH_INV_ORDERS=300 npm run bench:inventory
 */
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '@shipledger/database';
import { createEventStore } from '@shipledger/event-store';
import { checkInventoryInvariant } from '@shipledger/inventory';
import { startApiProcess, type ApiUsage } from '../shipments/bench-ipc';
import { postRun, uniqueReferences, type ApiTarget } from '../shipments/http-runs';
import { formatFigures, type RunFigures } from '../shipments/latency-stats';
import { call, createLocations, stockCatalogue } from './catalogue';

const SKUS = Number(process.env.BENCH_INV_SKUS ?? 10_000);
const LOCATIONS = Number(process.env.BENCH_INV_LOCATIONS ?? 20);
const ORDERS = Number(process.env.BENCH_INV_ORDERS ?? 3000);
const STOCK = Number(process.env.BENCH_INV_STOCK ?? 3);
const CONNECTIONS = 16;
/** BENCH_INV_PROFILE=file.cpuprofile: the V8 profile of the API process during the allocation run. */
const PROFILE = process.env.BENCH_INV_PROFILE;

/** An order of two random SKUs (1–2 units each) without FOs: automatic allocation. */
function orderBody(reference: string, merchant: string): Record<string, unknown> {
  const pick = () => `BSKU-${Math.floor(Math.random() * SKUS)}`;
  const [first, second] = [pick(), pick()];
  return {
    merchant,
    partner_order_reference: reference,
    shipping_address: { contact_name: 'Bench Customer', contact_phone: '+971 50 000 0000', address1: 'Tower 1, Marina', city: 'Dubai', country: 'AE', coords: [25.08, 55.14] },
    line_items: [
      { id: 'A', sku: first, requires_shipping: true, quantity: 1 + Math.floor(Math.random() * 2), unit_price: 50 },
      ...(second === first ? [] : [{ id: 'B', sku: second, requires_shipping: true, quantity: 1, unit_price: 50 }]),
    ],
  };
}

async function ordersRun(target: ApiTarget, merchant: string, label: string): Promise<{ figures: RunFigures; allocated: number; failed: number }> {
  const reference = uniqueReferences('BINV');
  let allocated = 0;
  let failed = 0;
  const figures = await postRun(target, {
    label,
    path: '/orders',
    next: () => ({ body: orderBody(reference(), merchant) }),
    onAnswer: (body) => {
      if ((body as { auto_allocation_failed: boolean }).auto_allocation_failed) failed++;
      else allocated++;
    },
  }, ORDERS, CONNECTIONS);
  return { figures, allocated, failed };
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`bench:inventory — node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}; `
    + `${SKUS} SKUs × ${LOCATIONS} locations, ${ORDERS} orders per run at ${CONNECTIONS} connections`);
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, databaseUrl, tenantId } = api.ready;
  const target = { baseUrl, headers };
  try {
    const locations = await createLocations(target, merchant, LOCATIONS);
    const stocking = Date.now();
    const levels = await stockCatalogue(target, locations, SKUS, STOCK);
    console.log(`stocked ${levels} levels in ${((Date.now() - stocking) / 1000).toFixed(0)} s`);
    await api.waitUntilCaughtUp(900_000);

    // Work per order, steadier than req/s on a shared machine: the API process's CPU time and the
    // statements it sends to Postgres (each read and append; the embedded worker's projections included).
    await call(target, 'PUT', `/inventory/settings/${merchant}`, { enabled: false });
    await ordersRun(target, merchant, 'warm-up'); // JIT, pools, caches
    await api.waitUntilCaughtUp(900_000);
    const beforePlain = await api.usage();
    const plain = await ordersRun(target, merchant, 'POST /orders, inventory off');
    await api.waitUntilCaughtUp(900_000);
    const afterPlain = await api.usage();
    await call(target, 'PUT', `/inventory/settings/${merchant}`, { enabled: true });
    const beforeAllocating = await api.usage();
    if (PROFILE) await api.startProfile();
    const allocating = await ordersRun(target, merchant, 'POST /orders, allocation from stock');
    await api.waitUntilCaughtUp(900_000);
    if (PROFILE) await api.stopProfile(PROFILE);
    const afterAllocating = await api.usage();
    const perOrder = (from: ApiUsage, to: ApiUsage) =>
      `${((to.cpuMicros - from.cpuMicros) / 1000 / ORDERS).toFixed(1)} ms CPU, ${((to.statements - from.statements) / ORDERS).toFixed(1)} statements`;
    for (const figures of [plain.figures, allocating.figures]) console.log(formatFigures(figures));
    const ratio = allocating.figures.perSecond / plain.figures.perSecond;
    console.log(`allocated ${allocating.allocated}, auto_allocation_failed ${allocating.failed}; allocation / plain = ${ratio.toFixed(2)} (goal ≥ 0.7)`);
    console.log(`per order in the API process (projections included): plain ${perOrder(beforePlain, afterPlain)}; `
      + `allocation ${perOrder(beforeAllocating, afterAllocating)}${PROFILE ? `; allocation run profiled to ${PROFILE}` : ''}`);

    const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
    const eventStore = createEventStore({ database });
    try {
      const report = await checkInventoryInvariant(eventStore, database, tenantId);
      const oversold = report.differences.filter((d) => d.kind === 'negative_available').length;
      console.log(`invariant: ${report.levels} levels, ${report.movements} movements, ${report.orders} orders; `
        + `${report.differences.length} difference(s), ${oversold} oversold level(s)`);
      for (const difference of report.differences.slice(0, 10)) console.log(JSON.stringify(difference));
      console.log(`summary: plain ${plain.figures.perSecond.toFixed(0)} req/s, allocation ${allocating.figures.perSecond.toFixed(0)} req/s `
        + `(p50 ${allocating.figures.p50Ms} ms, p99 ${allocating.figures.p99Ms} ms), ratio ${ratio.toFixed(2)}, oversells ${oversold}, `
        + `differences ${report.differences.length}; total ${((Date.now() - started) / 1000).toFixed(0)} s`);
      if (report.differences.length > 0) process.exitCode = 1;
    } finally {
      await eventStore.close();
      await database.close();
    }
  } finally {
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
