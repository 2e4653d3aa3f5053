import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportingTables } from '../storage/reporting-database';
import type { ReportFilter } from './report-filter';

/**
 * Two-grain time buckets for pre-aggregated report tables. Every instant is counted twice: in its UTC
 * day (`day`) and in its 15-minute bucket (`15m`). A query over days in a time zone reads the day
 * buckets of the UTC days wholly inside its window and the 15-minute buckets of the two partial UTC days
 * at its edges (none in UTC). Every zone's offset is a multiple of 15 minutes, so the window is a whole
 * number of buckets and the sums are exact; a 30-day window reads ~30 day buckets and at most one day's
 * worth of 15-minute ones per key, whatever the number of shipments.
 */
export const GRAINS = { day: 86_400_000, '15m': 15 * 60_000 } as const;
export type Grain = keyof typeof GRAINS;

export interface TimeBucket {
  grain: Grain;
  /** ISO instant of the bucket's start. */
  bucket: string;
}

/** The day and the 15-minute bucket an instant falls in (both UTC-aligned). */
export function bucketsOf(at: string | Date): TimeBucket[] {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return (Object.entries(GRAINS) as [Grain, number][]).map(([grain, size]) => ({ grain, bucket: new Date(Math.floor(ms / size) * size).toISOString() }));
}

/** The instants a filter's days span: [start, end), each day read in the filter's time zone (Postgres's rules). */
export async function windowOf(db: Kysely<ReportingTables>, filter: ReportFilter): Promise<{ start: Date; end: Date }> {
  const { rows } = await sql<{ start: Date | string; end: Date | string }>`select
      (${filter.from}::date::timestamp at time zone ${filter.timeZone}) as start,
      ((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}) as end`.execute(db);
  const row = rows[0]!;
  return { start: new Date(row.start), end: new Date(row.end) };
}

export interface BucketRange {
  grain: Grain;
  /** Bucket starts from (inclusive) … to (exclusive), ms since the epoch. */
  from: number;
  to: number;
}

/**
 * The buckets that together cover [start, end) exactly once: day buckets for the UTC days inside it,
 * 15-minute buckets before the first of them and after the last (all of it when it holds no whole day).
 */
export function coveringRanges(window: { start: Date; end: Date }): BucketRange[] {
  const day = GRAINS.day;
  const [start, end] = [window.start.getTime(), window.end.getTime()];
  const firstDay = Math.ceil(start / day) * day;
  const lastDay = Math.floor(end / day) * day;
  const ranges: BucketRange[] = [];
  if (firstDay < lastDay) ranges.push({ grain: 'day', from: firstDay, to: lastDay });
  const headEnd = Math.min(firstDay, end);
  if (start < headEnd) ranges.push({ grain: '15m', from: start, to: headEnd });
  const tailStart = Math.max(lastDay, firstDay);
  if (tailStart < end) ranges.push({ grain: '15m', from: tailStart, to: end });
  return ranges;
}

/**
 * coveringRanges spelled on the `grain` and `bucket` columns (the tables' key starts with tenant_id,
 * grain, bucket, so each range is one index range).
 */
export function coveringBuckets(window: { start: Date; end: Date }): RawBuilder<boolean> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const parts = coveringRanges(window).map(({ grain, from, to }) =>
    sql<boolean>`(grain = ${grain} and bucket >= ${iso(from)}::timestamptz and bucket < ${iso(to)}::timestamptz)`);
  return parts.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** Map-key of a bucket row (its key columns joined). */
export function keyOf(values: readonly (string | number)[]): string {
  return values.join('\u0000');
}
