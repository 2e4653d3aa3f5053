import { sql, type Kysely } from 'kysely';
import type { ReportingTables } from '../../storage/reporting-database';
import { dayOf, scopedTo, viewDb, withinDays, type ReportFilter } from '../report-filter';
import { SHIPMENTS_PER_DAY_VIEW } from './shipments-per-day.projector';

export interface ShipmentsPerDayRow {
  date: string;
  carrier_account_id: string | null;
  carrier_account_name: string | null;
  created: number;
  booked: number;
  shipped: number;
  delivered: number;
}

/** Per day (in the filter's time zone) and carrier account: how many shipments reached each stage. */
export async function shipmentsPerDay(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<ShipmentsPerDayRow[]> {
  const count = (milestone: string) => sql<string>`count(*) filter (where milestone = ${milestone})`;
  const rows = await scopedTo(viewDb(db, SHIPMENTS_PER_DAY_VIEW).selectFrom('milestones'), filter)
    .where(withinDays('at', filter))
    .select([
      dayOf('at', filter).as('date'),
      'carrier_account_id',
      sql<string | null>`max(carrier_account_name)`.as('carrier_account_name'),
      count('created').as('created'), count('booked').as('booked'),
      count('shipped').as('shipped'), count('delivered').as('delivered'),
    ])
    .groupBy([sql`1`, 'carrier_account_id'])
    .orderBy(sql`1`).orderBy('carrier_account_id')
    .execute();
  return rows.map((row) => ({
    date: row.date,
    carrier_account_id: row.carrier_account_id,
    carrier_account_name: row.carrier_account_name,
    created: Number(row.created), booked: Number(row.booked), shipped: Number(row.shipped), delivered: Number(row.delivered),
  }));
}
