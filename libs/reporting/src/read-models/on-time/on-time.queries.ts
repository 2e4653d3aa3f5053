import { sql, type Kysely } from 'kysely';
import type { ReportingTables } from '../../storage/reporting-database';
import { scopedTo, viewDb, withinDays, type ReportFilter } from '../report-filter';
import { SHIPMENT_REPORTS } from '../../shipment-facts/facts-projector';

export interface OnTimeRow {
  carrier: string | null;
  /** Shipments promised for a day of the period. */
  promised: number;
  delivered: number;
  on_time: number;
  late: number;
  /** Not delivered, and the promised instant has passed (at `asOf`). */
  overdue: number;
  /** on_time / delivered; null when none was delivered. */
  on_time_rate: number | null;
}

/**
 * Per carrier, among shipments whose promised delivery date falls in the period: delivered by the
 * promise (on time), after it (late), or not yet and already past it (overdue). Shipments without a
 * promise are not counted.
 */
export async function onTime(db: Kysely<ReportingTables>, filter: ReportFilter, asOf: Date): Promise<OnTimeRow[]> {
  const rows = await scopedTo(viewDb(db, SHIPMENT_REPORTS).selectFrom('promises'), filter)
    .where(withinDays('promised_at', filter))
    .select([
      'carrier',
      sql<string>`count(*)`.as('promised'),
      sql<string>`count(delivered_at)`.as('delivered'),
      sql<string>`count(*) filter (where delivered_at <= promised_at)`.as('on_time'),
      sql<string>`count(*) filter (where delivered_at > promised_at)`.as('late'),
      sql<string>`count(*) filter (where delivered_at is null and promised_at < ${asOf.toISOString()}::timestamptz)`.as('overdue'),
    ])
    .groupBy('carrier').orderBy('carrier')
    .execute();
  return rows.map((row) => {
    const delivered = Number(row.delivered);
    const onTimeCount = Number(row.on_time);
    return {
      carrier: row.carrier, promised: Number(row.promised), delivered, on_time: onTimeCount, late: Number(row.late),
      overdue: Number(row.overdue), on_time_rate: delivered > 0 ? onTimeCount / delivered : null,
    };
  });
}
