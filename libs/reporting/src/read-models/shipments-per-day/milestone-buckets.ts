import type { RowsReplaced } from '../../shipment-facts/facts-projector';

const BUCKET_MS = 15 * 60_000;

export interface BucketDelta {
  tenant_id: string;
  /** ISO instant of the bucket's start. */
  bucket: string;
  milestone: string;
  merchant: string;
  carrier_account_id: string;
  carrier_account_name: string | null;
  shipments: number;
}

/** The 15-minute bucket an instant falls in (UTC-aligned, hence aligned in every time zone). */
export function bucketOf(at: string | Date): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(Math.floor(ms / BUCKET_MS) * BUCKET_MS).toISOString();
}

/** What the replaced rows change per bucket (non-zero changes only, one entry per key). */
export function bucketDeltas(changes: readonly RowsReplaced<'milestones'>[]): BucketDelta[] {
  const deltas = new Map<string, BucketDelta>();
  const add = (tenantId: string, row: RowsReplaced<'milestones'>['after'][number], by: number) => {
    const delta: BucketDelta = {
      tenant_id: tenantId, bucket: bucketOf(row.at as string | Date), milestone: row.milestone, merchant: row.merchant ?? '',
      carrier_account_id: row.carrier_account_id ?? '', carrier_account_name: row.carrier_account_name ?? null, shipments: 0,
    };
    const key = [delta.tenant_id, delta.bucket, delta.milestone, delta.merchant, delta.carrier_account_id].join('\u0000');
    const found = deltas.get(key) ?? delta;
    found.shipments += by;
    if (by > 0 && delta.carrier_account_name !== null) found.carrier_account_name = delta.carrier_account_name;
    deltas.set(key, found);
  };
  for (const change of changes) {
    for (const row of change.before) add(change.tenant_id, row, -1);
    for (const row of change.after) add(change.tenant_id, row, 1);
  }
  return [...deltas.values()].filter((delta) => delta.shipments !== 0);
}
