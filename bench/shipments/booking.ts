/**
 * npm run bench:booking — issue #19 items 4 and 6 on their own (bench:shipments runs the same phase after
 * its rounds): the API (HTTPS, Postgres, `npm start`'s one process) under confirmed creates at half the
 * confirmed rate measured first, the SANDBOX carrier's booking rate and pending → booked lag, and the
 * API's RSS and heap in use after a forced GC at start, after warm-up and at the end. BENCH_SOAK_MINUTES (default 0.5) is the load's length;
 * BENCH_BOOKING_RATE sets the create rate instead of measuring it.
 */
import { openDatabase } from '@shipledger/database';
import { startApiProcess } from './bench-ipc';
import { formatBooking, formatMemory, measureBookingUnderLoad } from './booking-run';
import { createShipmentsRun } from './http-runs';
import { formatFigures } from './latency-stats';

const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 0.5);
/** BENCH_HEAP_SNAPSHOTS=<dir>: heap snapshots of the API process after warm-up and after the load (after a forced GC). */
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;

async function main(): Promise<void> {
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, carrierAccountName, databaseUrl } = api.ready;
  if (!carrierAccountName) throw new Error('the booking bench needs the SANDBOX carrier account');
  const target = { baseUrl, headers };
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const atStart = await api.memory();
    await createShipmentsRun(target, merchant, carrierAccountName, 600, 16); // warm-up: JIT, pools, caches
    await api.waitUntilCaughtUp(300_000);
    const warm = await api.memory();
    if (SNAPSHOTS) console.log(`heap snapshot after warm-up: ${await api.heapSnapshot(`${SNAPSHOTS}/warm.heapsnapshot`)}`);
    let rate = Number(process.env.BENCH_BOOKING_RATE ?? 0);
    if (!rate) {
      const max = await createShipmentsRun(target, merchant, carrierAccountName, 1500, 16);
      await api.waitUntilCaughtUp(300_000);
      console.log(formatFigures(max));
      rate = max.perSecond / 2;
    }
    await api.startReactors();
    console.log(`\n== booking under confirmed creates at ${rate.toFixed(0)}/s for ${SOAK_MINUTES} min (SANDBOX carrier; reactors in the API process)`);
    const figures = await measureBookingUnderLoad(api, database, target, merchant, carrierAccountName, rate, Math.round(SOAK_MINUTES * 60));
    console.log(formatBooking(figures));
    console.log(`API memory: ${formatMemory(atStart)} at start; ${formatMemory(warm)} after warm-up; ${formatMemory(await api.memory())} after ${SOAK_MINUTES} min of load`);
    if (SNAPSHOTS) console.log(`heap snapshot after the load: ${await api.heapSnapshot(`${SNAPSHOTS}/end.heapsnapshot`)}`);
  } finally {
    await database.close();
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
