/**
 * bench:reports — the reporting views at scale, on Postgres (DATABASE_URL, else a local or embedded one):
 * for each size, shipments are seeded through the event store (whole lifecycles, one append per
 * stream; and an order for every fourth shipment, decided by the order decider), the event store's replay speed is measured (readAll from 0), every reporting view is
 * rebuilt from the log (events/s against that replay speed), then each report query runs `runs` times
 * over the last 30 days (p50/p99).
 *   npm run bench:reports -- [sizes, default 100000,1000000] [runs, default 30]
 * A quick check: npm run bench:reports -- 2000 5
 * EXPLAIN=1 prints EXPLAIN (ANALYZE, BUFFERS) of every statement each report query sends.
 */
import { randomUUID } from 'node:crypto';
import { SingleBar, Presets } from 'cli-progress';
import { createEventStore, type EventData, type EventStore, type Position } from '@shipledger/event-store';
import { rebuildProjector } from '@shipledger/projections';
import { decide, fold, initialOrderState, type OrderCommand, type OrderEvent } from '@shipledger/ordering';
import { REPORTING_PROJECTORS } from '@shipledger/reporting';
import type { AssignedCarrierAccount, ShipmentEvent } from '@shipledger/shipping';
import { createTestDatabase } from '@shipledger/testing';
import { explainQueries } from './explain';
import { bookingOutcomes } from '../../libs/reporting/src/read-models/booking-outcomes/booking-outcomes.queries';
import { exceptions } from '../../libs/reporting/src/read-models/exceptions/exceptions.queries';
import { leadTimes } from '../../libs/reporting/src/read-models/lead-times/lead-times.queries';
import { onTime } from '../../libs/reporting/src/read-models/on-time/on-time.queries';
import { orderToShipment, ordersPerStatus } from '../../libs/reporting/src/read-models/orders/orders.queries';
import type { ReportFilter } from '../../libs/reporting/src/read-models/report-filter';
import { shipmentsPerDay } from '../../libs/reporting/src/read-models/shipments-per-day/shipments-per-day.queries';
import type { Database } from '@shipledger/database';
import { sql } from 'kysely';

const DAY_MS = 86_400_000;
const SPAN_DAYS = 90;
const ACCOUNTS: AssignedCarrierAccount[] = Array.from({ length: 6 }, (_, i) => ({
  carrier: i % 2 === 0 ? 'SANDBOX' : 'HTTP', carrier_id: `ca-${i}`, carrier_account_name: `Account ${i}`,
}));
const CITIES = [['AE', 'Dubai'], ['AE', 'Abu Dhabi'], ['SA', 'Riyadh'], ['GB', 'London'], ['DE', 'Berlin']] as const;

/** One shipment's whole lifecycle, spread over minutes to days after a creation within the span. */
function lifecycle(i: number, tenantId: string, end: number): { shipmentId: string; events: EventData[] } {
  const shipmentId = randomUUID();
  const account = ACCOUNTS[i % ACCOUNTS.length]!;
  // Spread evenly over the span whatever the size (the golden-ratio sequence), so a 30-day window holds a third.
  const created = end - Math.floor(((i * 0.618_033_988_75) % 1) * SPAN_DAYS * DAY_MS);
  const at = (offsetMinutes: number) => new Date(created + offsetMinutes * 60_000).toISOString();
  const [pickupCountry, pickupCity] = CITIES[i % CITIES.length]!;
  const [dropoffCountry, dropoffCity] = CITIES[(i * 3 + 1) % CITIES.length]!;
  const events: ShipmentEvent[] = [
    { type: 'ShipmentCreated', data: { shipment_id: shipmentId, tenant_id: tenantId, at: at(0), actor: 'bench', content: {
      merchant: `SHOP-${i % 4}`, references: { partner_shipment_reference: `BENCH-${i}` },
      pickup: { country: pickupCountry, city: pickupCity }, dropoff: { country: dropoffCountry, city: dropoffCity },
    } } },
    { type: 'ShipmentConfirmed', data: { carrier_account: account, warnings: [], at: at(0), actor: 'bench' } },
    { type: 'ShipmentBookingRequested', data: { booking_attempt_id: `${shipmentId}-1`, carrier_account: account, reason: 'confirm', at: at(0), actor: 'system' } },
  ];
  if (i % 10 === 0) {
    events.push({ type: 'ShipmentBookingFailed', data: { booking_attempt_id: `${shipmentId}-1`, at: at(1), actor: 'carrier', error_details: [
      { level: 'ERROR', trigger: 'BOOKING', source: account.carrier, type: 'VALIDATION', message: 'bad address', code: `E_${i % 3}` },
    ] } });
    return { shipmentId, events: envelope(events, tenantId) };
  }
  events.push({ type: 'ShipmentBooked', data: { booking_attempt_id: `${shipmentId}-1`, tracking_no: `T${i}`, carrier: account.carrier, at: at(1 + (i % 30)), actor: 'carrier' } });
  if (i % 2 === 0) {
    const promised = at(2 * 24 * 60 + (i % 1440));
    events.push({ type: 'DeliveryPromiseUpdated', data: { promised_delivery_date: promised, original_promised_delivery_date: promised, at: at(40), actor: 'bench' } });
  }
  if (i % 7 !== 0) events.push({ type: 'ShipmentTrackingUpdated', data: { status: 'shipped', tracking: {}, at: at(60 + (i % 600)), actor: 'carrier' } });
  if (i % 7 !== 0 && i % 13 === 0) events.push({ type: 'ShipmentTrackingUpdated', data: { status: 'failed_delivery_attempt', tracking: {}, at: at(1500), actor: 'carrier' } });
  if (i % 7 !== 0 && i % 5 !== 0) events.push({ type: 'ShipmentTrackingUpdated', data: { status: 'delivered', tracking: {}, at: at(1440 + (i % 4000)), actor: 'carrier' } });
  return { shipmentId, events: envelope(events, tenantId) };
}

/** Orders per shipment seeded: one for every ORDER_EVERY-th shipment. */
const ORDER_EVERY = 4;

/**
 * Order `i` (of shipment i): created 10 minutes to 4 hours before that shipment, then — decided by the
 * order decider — fulfilled with a shipment when the shipment was created (two in three), cancelled an
 * hour later (one in twenty), or left allocated.
 */
function orderLifecycle(i: number, tenantId: string, end: number): { orderId: string; events: EventData[] } {
  const orderId = randomUUID();
  const shipmentCreated = end - Math.floor(((i * 0.618_033_988_75) % 1) * SPAN_DAYS * DAY_MS);
  const k = Math.floor(i / ORDER_EVERY); // the order's own number: its rolls, whatever ORDER_EVERY is
  const created = shipmentCreated - (10 + (k % 230)) * 60_000;
  const stamp = (instant: number) => ({ at: new Date(instant).toISOString(), actor: 'bench' });
  const commands: OrderCommand[] = [{
    type: 'CreateOrder', order_id: orderId, tenant_id: tenantId, ...stamp(created),
    content: { merchant: `SHOP-${k % 4}`, partner_order_reference: `BENCH-ORDER-${k}` },
    line_items: [{ id: '1', sku: 'SKU-1', quantity: 1 + (k % 3), requires_shipping: true }],
    remainder: { fulfillment_order_id: `${orderId}-fo`, location_id: 'WH-1' },
  }];
  if (k % 20 === 4) commands.push({ type: 'CancelOrder', cancellation_reason: 'OTHER', ...stamp(created + 3_600_000) });
  else if (k % 3 !== 0) {
    commands.push({
      type: 'FulfillFulfillmentOrder', fulfillment_order_id: `${orderId}-fo`, fulfillment_id: `${orderId}-f`, shipment_id: randomUUID(),
      skip_shipping: false, create_draft_shipment: false, shipment_request: {}, ...stamp(shipmentCreated),
    });
  }
  let events: OrderEvent[] = [];
  for (const command of commands) events = [...events, ...decide(command, fold(events, initialOrderState()))];
  return { orderId, events: envelope(events, tenantId) };
}

function envelope(events: (ShipmentEvent | OrderEvent)[], tenantId: string): EventData[] {
  const correlationId = randomUUID();
  return events.map((event) => ({
    id: randomUUID(), type: event.type, data: event.data,
    metadata: { tenantId, actor: 'bench', correlationId, causationId: correlationId, requestId: correlationId, schemaVersion: 1, occurredAt: event.data.at },
  }));
}

async function seed(eventStore: EventStore, tenantId: string, count: number, end: number): Promise<number> {
  const bar = new SingleBar({ format: 'seeding   [{bar}] {value}/{total} shipments  {eta}s left', etaBuffer: 2000 }, Presets.shades_classic);
  bar.start(count, 0);
  let next = 0;
  let events = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < count) {
      const i = next++;
      const shipment = lifecycle(i, tenantId, end);
      await eventStore.append(`shipment-${shipment.shipmentId}`, shipment.events, 'no_stream');
      events += shipment.events.length;
      if (i % ORDER_EVERY === 0) {
        const order = orderLifecycle(i, tenantId, end);
        await eventStore.append(`order-${order.orderId}`, order.events, 'no_stream');
        events += order.events.length;
      }
      if (i % 200 === 0) bar.update(next);
    }
  }));
  bar.update(count);
  bar.stop();
  return events;
}

async function replay(eventStore: EventStore): Promise<{ events: number; perSecond: number }> {
  const started = process.hrtime.bigint();
  let after: Position | undefined;
  let events = 0;
  for (;;) {
    const page = await eventStore.readAll({ after, maxCount: 1000 });
    events += page.length;
    if (page.length < 1000) break;
    after = page[page.length - 1]!.position;
  }
  return { events, perSecond: events / (Number(process.hrtime.bigint() - started) / 1e9) };
}

async function timeQuery(runs: number, query: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await query(); // warm the plan and the cache once
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    await query();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function benchSize(size: number, runs: number): Promise<void> {
  const fresh = await createTestDatabase({ poolSize: 20 });
  const database: Database = fresh.database;
  const eventStore = createEventStore({ database });
  try {
    await eventStore.init();
    const tenantId = `bench-${randomUUID().slice(0, 8)}`;
    const end = Date.now();
    const seedStarted = Date.now();
    const events = await seed(eventStore, tenantId, size, end);
    console.log(`${size} shipments and ${Math.ceil(size / ORDER_EVERY)} orders: ${events} events seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

    const replayed = await replay(eventStore);
    console.log(`event-store replay (readAll from 0, pages of 1000): ${replayed.events} events, ${Math.round(replayed.perSecond)} events/s`);

    let rebuildMs = 0;
    for (const projector of REPORTING_PROJECTORS) {
      const bar = new SingleBar({ format: `rebuild   [{bar}] {value}/{total} events  ${projector.name}`, etaBuffer: 2000 }, Presets.shades_classic);
      bar.start(events, 0);
      const result = await rebuildProjector({
        database, eventStore, projector, batchSize: 1000, countTotal: false,
        onProgress: (progress) => bar.update(Math.min(events, progress.processed)),
      });
      bar.update(events);
      bar.stop();
      rebuildMs += result.durationMs;
      const perSecond = result.events / (result.durationMs / 1000);
      console.log(`rebuild ${projector.name.padEnd(26)} ${(result.durationMs / 1000).toFixed(1).padStart(7)} s  ${Math.round(perSecond).toString().padStart(7)} events/s  (${(perSecond / replayed.perSecond * 100).toFixed(0)}% of replay)`);
    }
    // Each projector reads the whole log: the five shipment views share one, the order views the other.
    const allPerSecond = (events * REPORTING_PROJECTORS.length) / (rebuildMs / 1000);
    console.log(`rebuild of every view: ${(rebuildMs / 1000).toFixed(1)} s, ${Math.round(events / (rebuildMs / 1000))} events/s for all ${REPORTING_PROJECTORS.length} projectors (${Math.round(allPerSecond)} projector-events/s)`);

    const to = new Date(end).toISOString().slice(0, 10);
    const from = new Date(end - 29 * DAY_MS).toISOString().slice(0, 10);
    const filter: ReportFilter = { tenantId, merchants: '*', carrierAccounts: [], from, to, timeZone: 'UTC' };
    const db = database.kysely;
    await sql`VACUUM ANALYZE`.execute(db); // what autovacuum does after a bulk load anyway
    const queries: [string, (on: typeof db) => Promise<unknown>][] = [
      ['shipments-per-day', (on) => shipmentsPerDay(on, filter)],
      ['shipments-per-day (Berlin, 1 merchant)', (on) => shipmentsPerDay(on, { ...filter, timeZone: 'Europe/Berlin', merchants: ['SHOP-1'] })],
      ['booking-outcomes', (on) => bookingOutcomes(on, filter)],
      ['lead-times', (on) => leadTimes(on, filter)],
      ['on-time', (on) => onTime(on, filter, new Date(end))],
      ['exceptions', (on) => exceptions(on, filter, { pendingMinutes: 60, stuckHours: 72, asOf: new Date(end), limit: 100 })],
      ['orders-per-status', (on) => ordersPerStatus(on, filter)],
      ['orders-per-status (Berlin, 1 merchant)', (on) => ordersPerStatus(on, { ...filter, timeZone: 'Europe/Berlin', merchants: ['SHOP-1'] })],
      ['order-to-shipment', (on) => orderToShipment(on, filter)],
    ];
    console.log(`report queries over ${from}..${to} (${runs} runs each):`);
    for (const [name, query] of queries) {
      const { p50, p99 } = await timeQuery(runs, () => query(db));
      console.log(`  ${name.padEnd(40)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms${p99 > 100 ? '   (over 100 ms)' : ''}`);
      if (process.env.EXPLAIN === '1') for (const plan of await explainQueries(db, query)) console.log(plan.replace(/^/gm, '      '));
    }
  } finally {
    await eventStore.close();
    await fresh.drop();
  }
}

async function main(): Promise<void> {
  const sizes = (process.argv[2] ?? '100000,1000000').split(',').map(Number);
  const runs = Number(process.argv[3] ?? 30);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(runs) || runs < 1) {
    throw new Error('usage: bench/reports/run.ts [sizes, e.g. 100000,1000000] [runs]');
  }
  for (const size of sizes) await benchSize(size, runs);
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
