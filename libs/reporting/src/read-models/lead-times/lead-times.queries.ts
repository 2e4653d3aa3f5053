import { sql, type Kysely } from 'kysely';
import type { ReportingTables } from '../../storage/reporting-database';
import { scopedTo, viewDb, type ReportFilter } from '../report-filter';
import { coveringBuckets, keyOf, windowOf } from '../time-buckets';
import { addInto, percentiles, type BinCounts, type Histogram } from './duration-histogram';
import { SHIPMENT_REPORTS } from '../../shipment-facts/facts-projector';
import { LEAD_TIME_STAGES, type LeadTimeStage } from './lead-times.view';

export { LEAD_TIME_STAGES, type LeadTimeStage };

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
 * period: how long each stage took, as continuous percentiles in seconds. Read from the projector's
 * buckets (time-buckets.ts), each stage's durations summed bin by bin across them: the percentiles are
 * within 1.99 % (or 1 s under one second) of the exact ones (duration-histogram.ts), and a 30-day window
 * reads ~30 rows per merchant, account, carrier and lane however many shipments it holds.
 */
export async function leadTimes(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<LeadTimesRow[]> {
  const view = viewDb(db, SHIPMENT_REPORTS);
  const window = coveringBuckets(await windowOf(view, filter));
  const stages = Object.keys(LEAD_TIME_STAGES) as LeadTimeStage[];
  // Over every merchant and account (the default), the rollup: the same sums in fewer rows.
  const table = filter.merchants === '*' && filter.carrierAccounts.length === 0 ? 'lead_time_rollup' : 'lead_time_buckets';
  const buckets = await scopedTo(view.selectFrom(table), filter)
    .where(window)
    .select(['carrier', 'pickup_country', 'pickup_city', 'dropoff_country', 'dropoff_city', 'shipments', ...stages])
    // The groups come out in the order they first appear: carrier and lane as stored, none ('') last.
    .orderBy(sql`nullif(carrier, '')`).orderBy(sql`nullif(pickup_country, '')`).orderBy(sql`nullif(pickup_city, '')`)
    .orderBy(sql`nullif(dropoff_country, '')`).orderBy(sql`nullif(dropoff_city, '')`)
    .execute();
  const groups = new Map<string, { row: Omit<LeadTimesRow, 'stages'>; bins: Record<LeadTimeStage, BinCounts> }>();
  for (const bucket of buckets) {
    const id = keyOf([bucket.carrier, bucket.pickup_country, bucket.pickup_city, bucket.dropoff_country, bucket.dropoff_city]);
    let group = groups.get(id);
    if (!group) {
      const part = (stored: string) => stored || null;
      group = {
        row: {
          carrier: part(bucket.carrier), pickup_country: part(bucket.pickup_country), pickup_city: part(bucket.pickup_city),
          dropoff_country: part(bucket.dropoff_country), dropoff_city: part(bucket.dropoff_city), shipments: 0,
        },
        bins: Object.fromEntries(stages.map((stage) => [stage, []])) as unknown as Record<LeadTimeStage, BinCounts>,
      };
      groups.set(id, group);
    }
    group.row.shipments += bucket.shipments;
    for (const stage of stages) addInto(group.bins[stage], parsed(bucket[stage]));
  }
  return [...groups.values()].map(({ row, bins }) => ({
    ...row,
    stages: Object.fromEntries(stages.map((stage) => {
      const { count, values: [p50, p90, p99] } = percentiles(bins[stage], [0.5, 0.9, 0.99]);
      return [stage, { count, p50: rounded(p50), p90: rounded(p90), p99: rounded(p99) }];
    })) as Record<LeadTimeStage, StageTimes>,
  }));
}

function parsed(histogram: Histogram | string): Histogram {
  return typeof histogram === 'string' ? JSON.parse(histogram) as Histogram : histogram;
}

function rounded(seconds: number | null | undefined): number | null {
  return seconds === null || seconds === undefined ? null : Math.round(seconds * 1000) / 1000;
}
