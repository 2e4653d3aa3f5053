import { sql, type Kysely } from 'kysely';
import { jsonRecordset } from '@shipledger/database';
import type { ReportingTables } from '../storage/reporting-database';
import { storable } from '../shipment-facts/facts-projector';
import { keyOf, type TimeBucket } from './time-buckets';

/**
 * A pre-aggregated table: one row per tenant, time bucket (grain, bucket) and `keys` (text, '' for none:
 * key columns cannot be null), holding additive `counts` (integers) and `histograms` (sparse jsonb,
 * bin → count), and `labels` (text, not part of the key: the value of the latest delta that added to
 * the row, e.g. a carrier account's name).
 */
export interface BucketTable {
  table: string;
  keys: readonly string[];
  counts: readonly string[];
  histograms?: readonly string[];
  labels?: readonly string[];
  /** The count that is zero exactly when the row counts nothing (the row is then removed). */
  presence: string;
}

export type BucketDelta = TimeBucket & { tenant_id: string } & Record<string, unknown>;

/**
 * Accumulates the changes of one batch per row key: `add(tenant, bucket, keys, counts, histograms,
 * labels, sign)`; `deltas()` gives one entry per key with what changed (nothing-changing entries dropped).
 */
export class BucketDeltas {
  private readonly rows = new Map<string, BucketDelta>();

  constructor(private readonly spec: BucketTable) {}

  add(tenantId: string, at: TimeBucket, keys: Record<string, string>, sign: 1 | -1,
    counts: Record<string, number>, histograms: Record<string, number | undefined> = {}, labels: Record<string, string | null> = {}): void {
    const id = keyOf([tenantId, at.grain, at.bucket, ...this.spec.keys.map((k) => keys[k]!)]);
    let row = this.rows.get(id);
    if (!row) {
      row = { tenant_id: tenantId, grain: at.grain, bucket: at.bucket, ...Object.fromEntries(this.spec.keys.map((k) => [k, keys[k]])) };
      for (const c of this.spec.counts) row[c] = 0;
      for (const h of this.spec.histograms ?? []) row[h] = {};
      for (const l of this.spec.labels ?? []) row[l] = null;
      this.rows.set(id, row);
    }
    for (const [c, n] of Object.entries(counts)) row[c] = (row[c] as number) + sign * n;
    for (const [h, bin] of Object.entries(histograms)) {
      if (bin === undefined) continue;
      const bins = row[h] as Record<string, number>;
      bins[bin] = (bins[bin] ?? 0) + sign;
    }
    if (sign > 0) for (const [l, value] of Object.entries(labels)) if (value !== null) row[l] = value;
  }

  deltas(): BucketDelta[] {
    const changed: BucketDelta[] = [];
    for (const row of this.rows.values()) {
      for (const h of this.spec.histograms ?? []) {
        const bins = row[h] as Record<string, number>;
        for (const bin of Object.keys(bins)) if (bins[bin] === 0) delete bins[bin];
      }
      const moved = this.spec.counts.some((c) => row[c] !== 0)
        || (this.spec.histograms ?? []).some((h) => Object.keys(row[h] as object).length > 0);
      if (moved) changed.push(row);
    }
    return changed;
  }
}

/**
 * Adds the deltas to the table in the batch's transaction (the projector's search_path names the view's
 * schema): counts added, histograms merged bin by bin, rows left counting nothing removed — so the
 * table is what a rebuild from zero gives, whatever the batches were.
 */
export async function addToBuckets(db: Kysely<ReportingTables>, spec: BucketTable, deltas: readonly BucketDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const histograms = spec.histograms ?? [];
  const labels = spec.labels ?? [];
  const id = (name: string) => sql.id(name);
  const table = id(spec.table);
  const keyColumns = ['tenant_id', 'grain', 'bucket', ...spec.keys];
  const columns = [...keyColumns, ...spec.counts, ...histograms, ...labels];
  const definition = sql.join([
    sql`tenant_id text`, sql`grain text`, sql`bucket timestamptz`,
    ...spec.keys.map((k) => sql`${id(k)} text`), ...spec.counts.map((c) => sql`${id(c)} integer`),
    ...histograms.map((h) => sql`${id(h)} jsonb`), ...labels.map((l) => sql`${id(l)} text`),
  ]);
  const updates = Object.fromEntries([
    ...spec.counts.map((c) => [c, sql`${table}.${id(c)} + excluded.${id(c)}`]),
    ...histograms.map((h) => [h, sql`(select coalesce(jsonb_object_agg(bin, n), '{}'::jsonb) from (
        select bin, sum(n::integer) as n from (select * from jsonb_each_text(${table}.${id(h)})
        union all select * from jsonb_each_text(excluded.${id(h)})) as e(bin, n) group by bin) as s where n <> 0)`]),
    ...labels.map((l) => [l, sql`coalesce(excluded.${id(l)}, ${table}.${id(l)})`]),
  ]);
  // The table through the builder (it adds the view's schema); the columns as raw identifiers, which
  // name the insert's target table and `excluded` as they stand.
  const target = spec.table as 'booking_buckets';
  await db.insertInto(target).columns(columns as never)
    .expression(sql`select ${sql.join(columns.map(id))} from ${jsonRecordset(storable(deltas), definition)}`)
    .onConflict((oc) => oc.columns(keyColumns as never).doUpdateSet(updates as never))
    .execute();
  await db.deleteFrom(target).where(sql<boolean>`${id(spec.presence)} = 0 and (tenant_id, grain, bucket) in (select * from unnest(
    ${deltas.map((d) => d.tenant_id)}::text[], ${deltas.map((d) => d.grain)}::text[], ${deltas.map((d) => d.bucket)}::timestamptz[]))`)
    .execute();
}
