import { sql, type Kysely } from 'kysely';
import type { ReportingTables } from '../../storage/reporting-database';
import { scopedTo, viewDb, type ReportFilter } from '../report-filter';
import { coveringBuckets, windowOf } from '../time-buckets';
import { SHIPMENT_REPORTS } from '../../shipment-facts/facts-projector';

export interface BookingOutcomesRow {
  carrier: string;
  carrier_account_id: string;
  carrier_account_name: string | null;
  /** Booking requests sent in the period. */
  attempts: number;
  booked: number;
  failed: number;
  /** Not answered yet. */
  awaiting: number;
  /** Requests after a shipment's first (reprocess, reassignment). */
  retries: number;
  /** booked / (booked + failed); null when none was answered. */
  success_rate: number | null;
  /** Most frequent first. */
  error_codes: { code: string; count: number }[];
}

/**
 * Per carrier account: the booking requests sent in the period (by request time) and their answers.
 * Sums the projector's buckets (time-buckets.ts: day buckets inside the window, 15-minute ones at its
 * edges), not the request rows: exact in every time zone, and a 30-day window reads ~30 rows per
 * merchant, account and outcome however many requests it holds.
 */
export async function bookingOutcomes(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<BookingOutcomesRow[]> {
  const view = viewDb(db, SHIPMENT_REPORTS);
  const window = coveringBuckets(await windowOf(view, filter));
  const [rows, codes] = await Promise.all([
    scopedTo(view.selectFrom('booking_buckets'), filter)
      .where(window)
      .select([
        'carrier', 'carrier_account_id', sql<string | null>`max(carrier_account_name)`.as('carrier_account_name'),
        sql<string>`sum(attempts)`.as('attempts'),
        sql<string>`coalesce(sum(attempts) filter (where outcome = 'booked'), 0)`.as('booked'),
        sql<string>`coalesce(sum(attempts) filter (where outcome = 'failed'), 0)`.as('failed'),
        sql<string>`coalesce(sum(attempts) filter (where outcome = ''), 0)`.as('awaiting'),
        sql<string>`sum(retries)`.as('retries'),
      ])
      .groupBy(['carrier', 'carrier_account_id'])
      .orderBy('carrier').orderBy('carrier_account_id')
      .execute(),
    scopedTo(view.selectFrom('booking_error_buckets'), filter)
      .where(window)
      .select(['carrier_account_id', 'code', sql<string>`sum(occurrences)`.as('count')])
      .groupBy(['carrier_account_id', 'code'])
      .orderBy(sql`sum(occurrences)`, 'desc').orderBy('code')
      .execute(),
  ]);
  return rows.map((row) => {
    const booked = Number(row.booked);
    const failed = Number(row.failed);
    return {
      carrier: row.carrier,
      carrier_account_id: row.carrier_account_id,
      carrier_account_name: row.carrier_account_name,
      attempts: Number(row.attempts), booked, failed, awaiting: Number(row.awaiting), retries: Number(row.retries),
      success_rate: booked + failed > 0 ? booked / (booked + failed) : null,
      error_codes: codes.filter((c) => c.carrier_account_id === row.carrier_account_id)
        .map((c) => ({ code: c.code, count: Number(c.count) })),
    };
  });
}
