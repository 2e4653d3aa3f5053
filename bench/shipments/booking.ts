/**
 * npm run bench:booking — issue #19 items 4 and 6 on their own (bench:shipments runs the same phase after
 * its rounds): the API (HTTPS, Postgres, `npm start`'s one process) under confirmed creates at half the
 * confirmed rate measured first, the SANDBOX carrier's booking rate and pending → booked lag, and the
 * API's RSS at start, after warm-up and at the end. BENCH_SOAK_MINUTES (default 0.5) is the load's length;
 * BENCH_BOOKING_RATE sets the create rate instead of measuring it.
 */
import { openDatabase } from '@shipledger/database';
import { startApiProcess } from './bench-ipc';
import { formatBooking, measureBookingUnderLoad } from './booking-run';
import { createShipmentsRun } from './http-runs';
import { formatFigures } from './latency-stats';

const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 0.5);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  const api = await startApiProcess();
  const { baseUrl, headers, merchant, carrierAccountName, databaseUrl } = api.ready;
  if (!carrierAccountName) throw new Error('the booking bench needs the SANDBOX carrier account');
  const target = { baseUrl, headers };
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const rssAtStart = await api.rss();
    await createShipmentsRun(target, merchant, carrierAccountName, 600, 16); // warm-up: JIT, pools, caches
    await api.waitUntilCaughtUp(300_000);
    const rssWarm = await api.rss();
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
    console.log(`API RSS: ${mb(rssAtStart)} at start, ${mb(rssWarm)} after warm-up, ${mb(await api.rss())} after ${SOAK_MINUTES} min of load`);
  } finally {
    await database.close();
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
