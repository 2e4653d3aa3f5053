import { sql, type Kysely } from 'kysely';
import type { ReportingTables } from '../../storage/reporting-database';
import { scopedTo, viewDb, withinDays, type ReportFilter } from '../report-filter';
import { BOOKING_OUTCOMES_VIEW } from './booking-outcomes.projector';

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

/** Per carrier account: the booking requests sent in the period (by request time) and their answers. */
export async function bookingOutcomes(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<BookingOutcomesRow[]> {
  const view = viewDb(db, BOOKING_OUTCOMES_VIEW);
  const scoped = () => scopedTo(view.selectFrom('booking_attempts'), filter).where(withinDays('requested_at', filter));
  const [rows, codes] = await Promise.all([
    scoped()
      .select([
        'carrier', 'carrier_account_id', sql<string | null>`max(carrier_account_name)`.as('carrier_account_name'),
        sql<string>`count(*)`.as('attempts'),
        sql<string>`count(*) filter (where outcome = 'booked')`.as('booked'),
        sql<string>`count(*) filter (where outcome = 'failed')`.as('failed'),
        sql<string>`count(*) filter (where outcome is null)`.as('awaiting'),
        sql<string>`count(*) filter (where attempt_no > 1)`.as('retries'),
      ])
      .groupBy(['carrier', 'carrier_account_id'])
      .orderBy('carrier').orderBy('carrier_account_id')
      .execute(),
    scoped()
      .select(['carrier_account_id', sql<string>`code`.as('code'), sql<string>`count(*)`.as('count')])
      .innerJoin(sql`unnest(error_codes)`.as('code'), (join) => join.onTrue())
      .groupBy(['carrier_account_id', 'code'])
      .orderBy(sql`count(*)`, 'desc').orderBy('code')
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
