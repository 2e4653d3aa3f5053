import { sql, type Kysely } from 'kysely';
import type { ReportingTables } from '../../storage/reporting-database';
import { scopedTo, viewDb, withinDays, type ReportFilter } from '../report-filter';
import { LEAD_TIMES_VIEW } from './lead-times.projector';

/** Each measured stage: from one instant to a later one. */
export const LEAD_TIME_STAGES = {
  created_to_booked: ['created_at', 'booked_at'],
  booked_to_shipped: ['booked_at', 'shipped_at'],
  shipped_to_delivered: ['shipped_at', 'delivered_at'],
  created_to_delivered: ['created_at', 'delivered_at'],
} as const;
export type LeadTimeStage = keyof typeof LEAD_TIME_STAGES;

/** Seconds; null when no shipment of the group went through the stage. */
export interface StageTimes {
  count: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
}

export interface LeadTimesRow {
  carrier: string | null;
  pickup_country: string | null;
  pickup_city: string | null;
  dropoff_country: string | null;
  dropoff_city: string | null;
  shipments: number;
  stages: Record<LeadTimeStage, StageTimes>;
}

/**
 * Per carrier and lane (pickup country/city → dropoff country/city), among shipments created in the
 * period: how long each stage took, as continuous percentiles in seconds.
 */
export async function leadTimes(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<LeadTimesRow[]> {
  const stages = Object.entries(LEAD_TIME_STAGES) as [LeadTimeStage, readonly [string, string]][];
  const measures = stages.flatMap(([name, [from, to]]) => {
    const seconds = sql`extract(epoch from ${sql.ref(to)} - ${sql.ref(from)})`;
    const done = sql`${sql.ref(to)} is not null and ${sql.ref(from)} is not null`;
    return [
      sql<string>`count(*) filter (where ${done})`.as(`${name}_count`),
      sql<number[] | null>`percentile_cont(array[0.5, 0.9, 0.99]) within group (order by ${seconds}) filter (where ${done})`.as(`${name}_p`),
    ];
  });
  const rows = await scopedTo(viewDb(db, LEAD_TIMES_VIEW).selectFrom('shipment_stages'), filter)
    .where(withinDays('created_at', filter))
    .select(['carrier', 'pickup_country', 'pickup_city', 'dropoff_country', 'dropoff_city', sql<string>`count(*)`.as('shipments'), ...measures])
    .groupBy(['carrier', 'pickup_country', 'pickup_city', 'dropoff_country', 'dropoff_city'])
    .orderBy('carrier').orderBy('pickup_country').orderBy('pickup_city').orderBy('dropoff_country').orderBy('dropoff_city')
    .execute() as Record<string, any>[];
  return rows.map((row) => ({
    carrier: row.carrier, pickup_country: row.pickup_country, pickup_city: row.pickup_city,
    dropoff_country: row.dropoff_country, dropoff_city: row.dropoff_city,
    shipments: Number(row.shipments),
    stages: Object.fromEntries(stages.map(([name]) => {
      const p = row[`${name}_p`] as (number | string)[] | null;
      const at = (i: number) => (p && p[i] !== null && p[i] !== undefined ? round(Number(p[i])) : null);
      return [name, { count: Number(row[`${name}_count`]), p50: at(0), p90: at(1), p99: at(2) }];
    })) as Record<LeadTimeStage, StageTimes>,
  }));
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
