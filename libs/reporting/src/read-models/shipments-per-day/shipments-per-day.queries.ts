import { sql, type Kysely } from 'kysely';
import type { ReportingTables } from '../../storage/reporting-database';
import { scopedTo, viewDb, withinDays, type ReportFilter } from '../report-filter';
import { SHIPMENT_REPORTS } from '../../shipment-facts/facts-projector';

export interface ShipmentsPerDayRow {
  date: string;
  carrier_account_id: string | null;
  carrier_account_name: string | null;
  created: number;
  booked: number;
  shipped: number;
  delivered: number;
}

/**
 * Per day (in the filter's time zone) and carrier account: how many shipments reached each stage. Reads
 * the 15-minute buckets the projector keeps, not the milestone rows: at a million shipments a 30-day
 * window holds over a million rows but at most 2,880 buckets per merchant, account and stage.
 */
export async function shipmentsPerDay(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<ShipmentsPerDayRow[]> {
  // The zone as a literal (a validated IANA name; sql.lit quotes it), so the select's and the group's
  // expressions are the same expression to Postgres — two parameters would be two expressions.
  const day = sql<string>`(bucket at time zone ${sql.lit(filter.timeZone)})::date`;
  const count = (milestone: string) => sql<string>`coalesce(sum(shipments) filter (where milestone = ${milestone}), 0)`;
  const rows = await scopedTo(viewDb(db, SHIPMENT_REPORTS).selectFrom('milestone_buckets'), filter)
    .where(withinDays('bucket', filter))
    .select([
      // Grouped by the date itself (cheap to hash), formatted once per group.
      sql<string>`to_char(${day}, 'YYYY-MM-DD')`.as('date'),
      sql<string>`nullif(carrier_account_id, '')`.as('carrier_account_id'),
      sql<string | null>`max(carrier_account_name)`.as('carrier_account_name'),
      count('created').as('created'), count('booked').as('booked'),
      count('shipped').as('shipped'), count('delivered').as('delivered'),
    ])
    .groupBy([day, 'milestone_buckets.carrier_account_id'])
    .orderBy(sql`1`).orderBy(sql`2`)
    .execute();
  return rows.map((row) => ({
    date: row.date,
    carrier_account_id: row.carrier_account_id,
    carrier_account_name: row.carrier_account_name,
    created: Number(row.created), booked: Number(row.booked), shipped: Number(row.shipped), delivered: Number(row.delivered),
  }));
}
