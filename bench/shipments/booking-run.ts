import { sql } from 'kysely';
import type { openDatabase } from '@shipledger/database';
import type { ApiMemory, ApiProcess } from './bench-ipc';
import { confirmedShipmentBody, uniqueReferences, type ApiTarget } from './http-runs';
import { formatFigures, type RunFigures } from './latency-stats';
import { pacedPosts } from './paced-load';

type Database = Awaited<ReturnType<typeof openDatabase>>;

export interface BookingFigures {
  /** The creates' rate and latency from each one's due time (a client sending at the rate). */
  load: RunFigures;
  /** The same creates' latency from the moment each was sent. */
  sent: RunFigures;
  /** The create rate asked for. */
  askedPerSecond: number;
  requested: number;
  booked: number;
  failed: number;
  /**
   * Bookings per second sustained: booked within a window as long as the load, starting at the first
   * booking. It is the create rate when bookings keep pace with a steady lag.
   */
  bookedPerSecondSustained: number;
  /**
   * Bookings per second while the load ran (booked before the load ended / its length). Short of the create
   * rate by about lag / load length even when bookings keep pace: the last creates are still being booked.
   */
  bookedPerSecondDuringLoad: number;
  /** Bookings per second from the first request to the last booking. */
  bookedPerSecondOverall: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  /** Seconds from the end of the load until every request was answered (booked or failed). */
  drainSeconds: number;
  /** After the last answer: how long the other followers took to catch up, or who was still behind at the cap. */
  followers: string;
}

/**
 * Confirmed creates paced evenly at a fixed `rate` for `seconds`, at most 16 open, while the reactors book them
 * (SANDBOX carrier), then waits for the last booking. Timing comes from the event store itself: a
 * shipment's lag is its ShipmentBooked's recorded_at minus its ShipmentBookingRequested's.
 */
export async function measureBookingUnderLoad(
  api: ApiProcess, database: Database, target: ApiTarget, merchant: string, carrierAccountName: string,
  rate: number, seconds: number,
): Promise<BookingFigures> {
  const since = await databaseNow(database);
  const reference = uniqueReferences('BOOK');
  const paced = await pacedPosts(target, {
    label: 'POST /shipments (confirmed)',
    path: '/shipments',
    next: () => ({ body: confirmedShipmentBody(reference(), merchant, carrierAccountName) }),
  }, rate, seconds, 16);
  const load = paced.fromDue;
  const loadEnded = Date.now();
  let rows = await bookingRows(database, since);
  // Bounded wait for the reactors to answer the rest (they never stop: 120 s is a generous cap).
  while (rows.some((row) => row.answered_ms === null) && Date.now() - loadEnded < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    rows = await bookingRows(database, since);
  }
  const drainSeconds = (Date.now() - loadEnded) / 1000;
  // The figures never wait on the other followers (a lagging one is reported, not a reason to print nothing).
  const catchUpStarted = Date.now();
  const followers = await api.waitUntilCaughtUp(300_000).then(
    () => `every projector and reactor caught up ${((Date.now() - catchUpStarted) / 1000).toFixed(1)} s after the last answer`,
    (error: unknown) => `NOT caught up 300 s after the last answer: ${error instanceof Error ? error.message : String(error)}`,
  );
  const booked = rows.filter((row) => row.outcome === 'ShipmentBooked');
  const lags = booked.map((row) => Number(row.answered_ms) - Number(row.requested_ms)).sort((a, b) => a - b);
  const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? NaN;
  // Not Math.min(...rows): a 10-minute load has more rows than a call may take arguments.
  const firstRequest = rows.reduce((least, row) => Math.min(least, Number(row.requested_ms)), Infinity);
  const firstBooked = booked.reduce((least, row) => Math.min(least, Number(row.answered_ms)), Infinity);
  const lastBooked = booked.reduce((most, row) => Math.max(most, Number(row.answered_ms)), -Infinity);
  const loadEnd = firstRequest + load.seconds * 1000;
  return {
    load,
    sent: paced.fromSent,
    askedPerSecond: rate,
    requested: rows.length,
    booked: booked.length,
    failed: rows.filter((row) => row.outcome === 'ShipmentBookingFailed').length,
    bookedPerSecondSustained: booked.filter((row) => Number(row.answered_ms) <= firstBooked + load.seconds * 1000).length / load.seconds,
    bookedPerSecondDuringLoad: booked.filter((row) => Number(row.answered_ms) <= loadEnd).length / load.seconds,
    bookedPerSecondOverall: booked.length / Math.max(0.001, (lastBooked - firstRequest) / 1000),
    lagP50Ms: at(0.5),
    lagP99Ms: at(0.99),
    lagMaxMs: lags[lags.length - 1] ?? NaN,
    drainSeconds,
    followers,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** "RSS 433 MB, heap used after GC 120 MB (external 30 MB)"; without --expose-gc the heap figure is before any GC. */
export function formatMemory(memory: ApiMemory): string {
  return `RSS ${mb(memory.rss)}, heap used ${memory.collected ? 'after GC' : '(no forced GC)'} ${mb(memory.heapUsed)} `
    + `of ${mb(memory.heapTotal)} (external ${mb(memory.external)}, array buffers ${mb(memory.arrayBuffers)})`;
}

export function formatBooking(figures: BookingFigures): string {
  const { load } = figures;
  const behind = load.perSecond < 0.95 * figures.askedPerSecond
    ? [`the API took ${load.perSecond.toFixed(0)} of the ${figures.askedPerSecond.toFixed(0)} creates/s asked beside the bookings: the load fell behind its schedule (latency from the due time)`]
    : [];
  return [
    formatFigures(load),
    formatFigures(figures.sent),
    ...behind,
    `bookings: ${figures.booked} booked, ${figures.failed} failed of ${figures.requested} requested; `
      + `${figures.bookedPerSecondSustained.toFixed(0)}/s sustained (creates ${load.perSecond.toFixed(0)}/s; booked within the load's length `
      + `from the first booking), ${figures.bookedPerSecondDuringLoad.toFixed(0)}/s before the load ended, `
      + `${figures.bookedPerSecondOverall.toFixed(0)}/s first request → last booking; all answered ${figures.drainSeconds.toFixed(1)} s after the load`,
    `pending → booked lag: p50 ${(figures.lagP50Ms / 1000).toFixed(2)} s, p99 ${(figures.lagP99Ms / 1000).toFixed(2)} s, max ${(figures.lagMaxMs / 1000).toFixed(2)} s `
      + `(goals: sustained bookings/s ≥ creates/s, p99 < 5 s)`,
    figures.followers,
  ].join('\n');
}

async function databaseNow(database: Database): Promise<string> {
  const { rows } = await sql<{ now: string }>`select now()::text as now`.execute(database.kysely);
  return rows[0]!.now;
}

interface BookingRow {
  requested_ms: string;
  answered_ms: string | null;
  outcome: string | null;
}

/** Each booking request recorded since `since`, with the first answer on its shipment's stream. */
async function bookingRows(database: Database, since: string): Promise<BookingRow[]> {
  const { rows } = await sql<BookingRow>`
    select (extract(epoch from r.recorded_at) * 1000)::text as requested_ms,
           (extract(epoch from a.recorded_at) * 1000)::text as answered_ms, a.type as outcome
    from event_store.events r
    left join lateral (
      select e.recorded_at, e.type from event_store.events e
      where e.stream_id = r.stream_id and e.revision > r.revision and e.type in ('ShipmentBooked', 'ShipmentBookingFailed')
      order by e.revision limit 1
    ) a on true
    where r.type = 'ShipmentBookingRequested' and r.recorded_at >= ${since}::timestamptz`.execute(database.kysely);
  return rows;
}
