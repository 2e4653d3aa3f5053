/**
 * npm run bench:booking — issue #19 items 4 and 6 on their own (bench:shipments runs the same phase after
 * its rounds): the API (HTTPS, Postgres, `npm start`'s one process) under confirmed creates at half the
 * confirmed rate measured first, the SANDBOX carrier's booking rate and pending → booked lag, and the
 * API's RSS and heap in use after a forced GC at start, after warm-up and at the end. BENCH_SOAK_MINUTES (default 0.5) is the load's length;
 * BENCH_BOOKING_RATE sets the create rate instead of measuring it; BENCH_BOOKING_PROFILE profiles the API process.
 * Per shipment it prints the API process's CPU and statements, and the whole machine's CPU, Postgres's CPU
 * and the WAL (machine-counters.ts), for creates alone and for creates with their bookings: with a fixed
 * BENCH_BOOKING_RATE, alternated between two checkouts, that is the A/B of a change to the booking path.
 */
import { Client } from 'pg';
import { openDatabase } from '@shipledger/database';
import { startApiProcess, type ApiUsage } from './bench-ipc';
import { formatBooking, formatMemory, measureBookingUnderLoad } from './booking-run';
import { createShipmentsRun } from './http-runs';
import { formatFigures } from './latency-stats';
import { readCounters, spentPer, type Counters } from './machine-counters';

const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 0.5);
/** BENCH_HEAP_SNAPSHOTS=<dir>: heap snapshots of the API process after warm-up and after the load (after a forced GC). */
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;
/** BENCH_BOOKING_PROFILE=file.cpuprofile: the V8 profile of the API process during the load and its drain. */
const PROFILE = process.env.BENCH_BOOKING_PROFILE;

/** Confirmed creates measured with the reactors off. */
const CREATES_ALONE = 600;

interface PerShipment { cpuMs: number; statements: number }

function perShipment(from: ApiUsage, to: ApiUsage, shipments: number): PerShipment {
  return { cpuMs: (to.cpuMicros - from.cpuMicros) / 1000 / shipments, statements: (to.statements - from.statements) / shipments };
}

const format = (work: PerShipment) => `${work.cpuMs.toFixed(1)} ms CPU, ${work.statements.toFixed(1)} statements`;

/** The whole machine's share of a phase, per shipment: every process's CPU, Postgres's, and the WAL. */
function formatMachine(shipments: number, before: Counters, after: Counters): string {
  const spent = spentPer(shipments, before, after);
  return `machine CPU ${spent.machine} ms, Postgres CPU ${spent.postgres} ms, WAL ${spent.wal}`;
}

async function main(): Promise<void> {
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, carrierAccountName, databaseUrl } = api.ready;
  if (!carrierAccountName) throw new Error('the booking bench needs the SANDBOX carrier account');
  const target = { baseUrl, headers };
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  const stats = new Client({ connectionString: databaseUrl });
  await stats.connect();
  try {
    const atStart = await api.memory();
    await createShipmentsRun(target, merchant, carrierAccountName, 600, 16); // warm-up: JIT, pools, caches
    await api.waitUntilCaughtUp(300_000);
    const warm = await api.memory();
    if (SNAPSHOTS) console.log(`heap snapshot after warm-up: ${await api.heapSnapshot(`${SNAPSHOTS}/warm.heapsnapshot`)}`);
    // Work per shipment, steadier than rates on a shared machine: creates alone (reactors off) here,
    // creates with their bookings and every reactor's work below; the difference is what booking costs.
    const beforeCreates = await api.usage();
    const machineBeforeCreates = await readCounters(stats);
    await createShipmentsRun(target, merchant, carrierAccountName, CREATES_ALONE, 16);
    await api.waitUntilCaughtUp(300_000);
    const createsAlone = perShipment(beforeCreates, await api.usage(), CREATES_ALONE);
    const machineCreatesAlone = formatMachine(CREATES_ALONE, machineBeforeCreates, await readCounters(stats));
    let rate = Number(process.env.BENCH_BOOKING_RATE ?? 0);
    if (!rate) {
      const max = await createShipmentsRun(target, merchant, carrierAccountName, 1500, 16);
      await api.waitUntilCaughtUp(300_000);
      console.log(formatFigures(max));
      rate = max.perSecond / 2;
    }
    await api.startReactors();
    console.log(`\n== booking under confirmed creates at ${rate.toFixed(0)}/s for ${SOAK_MINUTES} min (SANDBOX carrier; reactors in the API process)`);
    if (PROFILE) await api.startProfile();
    const beforeLoad = await api.usage();
    const machineBeforeLoad = await readCounters(stats);
    const figures = await measureBookingUnderLoad(api, database, target, merchant, carrierAccountName, rate, Math.round(SOAK_MINUTES * 60));
    const withBooking = perShipment(beforeLoad, await api.usage(), figures.requested);
    const machineWithBooking = formatMachine(figures.requested, machineBeforeLoad, await readCounters(stats));
    if (PROFILE) await api.stopProfile(PROFILE);
    console.log(formatBooking(figures));
    console.log(`per shipment in the API process: create alone ${format(createsAlone)}; create + booking + every reactor ${format(withBooking)}; `
      + `booking and reactors ${format({ cpuMs: withBooking.cpuMs - createsAlone.cpuMs, statements: withBooking.statements - createsAlone.statements })}`);
    console.log(`per shipment, the whole machine: create alone ${machineCreatesAlone}; create + booking + every reactor ${machineWithBooking}`);
    console.log(`API memory: ${formatMemory(atStart)} at start; ${formatMemory(warm)} after warm-up; ${formatMemory(await api.memory())} after ${SOAK_MINUTES} min of load`);
    if (SNAPSHOTS) console.log(`heap snapshot after the load: ${await api.heapSnapshot(`${SNAPSHOTS}/end.heapsnapshot`)}`);
  } finally {
    await stats.end();
    await database.close();
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
