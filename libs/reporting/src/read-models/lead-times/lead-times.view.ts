import { factsView } from '../../shipment-facts/facts-projector';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';
import { addToBuckets, BucketDeltas, type BucketTable } from '../bucket-table';
import { bucketsOf } from '../time-buckets';
import { binOf } from './duration-histogram';

/** Each measured stage: from one instant to a later one (columns of shipment_stages). */
export const LEAD_TIME_STAGES = {
  created_to_booked: ['created_at', 'booked_at'],
  booked_to_shipped: ['booked_at', 'shipped_at'],
  shipped_to_delivered: ['shipped_at', 'delivered_at'],
  created_to_delivered: ['created_at', 'delivered_at'],
} as const;
export type LeadTimeStage = keyof typeof LEAD_TIME_STAGES;

/**
 * lead_time_buckets: shipments counted per tenant, day and 15-minute bucket of their creation
 * (time-buckets.ts), merchant, account, carrier and lane, with each stage's durations as a sparse
 * logarithmic histogram (duration-histogram.ts) — percentiles come from the summed bins.
 */
export const LEAD_TIME_BUCKETS: BucketTable = {
  table: 'lead_time_buckets',
  keys: ['merchant', 'carrier_account_id', 'carrier', 'pickup_country', 'pickup_city', 'dropoff_country', 'dropoff_city'],
  counts: ['shipments'],
  histograms: Object.keys(LEAD_TIME_STAGES),
  presence: 'shipments',
};

/**
 * lead_time_rollup: the same without merchant and account — what a report over all of them reads
 * (the default), a merchant-and-account-th of the rows (1,800 → 300 day rows a month in the bench).
 */
export const LEAD_TIME_ROLLUP: BucketTable = { ...LEAD_TIME_BUCKETS, table: 'lead_time_rollup', keys: LEAD_TIME_BUCKETS.keys.slice(2) };

/** One row per shipment: its carrier, lane and the first time it reached each stage. */
export const leadTimesView = factsView({
  name: 'lead-times',
  table: 'shipment_stages',
  columns: {
    merchant: 'text', carrier: 'text', carrier_account_id: 'text',
    pickup_country: 'text', pickup_city: 'text', dropoff_country: 'text', dropoff_city: 'text',
    created_at: 'timestamptz', booked_at: 'timestamptz', shipped_at: 'timestamptz', delivered_at: 'timestamptz',
  },
  migrations: {
    '0001_shipment_stages': {
      async up(db) {
        await db.schema.createTable('shipment_stages')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('shipment_id', 'text', (c) => c.notNull())
          .addColumn('merchant', 'text')
          .addColumn('carrier', 'text')
          .addColumn('carrier_account_id', 'text')
          .addColumn('pickup_country', 'text')
          .addColumn('pickup_city', 'text')
          .addColumn('dropoff_country', 'text')
          .addColumn('dropoff_city', 'text')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull())
          .addColumn('booked_at', 'timestamptz')
          .addColumn('shipped_at', 'timestamptz')
          .addColumn('delivered_at', 'timestamptz')
          .addPrimaryKeyConstraint('shipment_stages_pk', ['tenant_id', 'shipment_id'])
          .execute();
        await db.schema.createIndex('shipment_stages_created_idx').on('shipment_stages')
          .columns(['tenant_id', 'created_at']).execute();
      },
    },
    '0002_lead_time_buckets': {
      async up(db) {
        let table = db.schema.createTable('lead_time_buckets')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('grain', 'text', (c) => c.notNull())
          .addColumn('bucket', 'timestamptz', (c) => c.notNull());
        for (const key of LEAD_TIME_BUCKETS.keys) table = table.addColumn(key, 'text', (c) => c.notNull());
        table = table.addColumn('shipments', 'integer', (c) => c.notNull());
        for (const stage of Object.keys(LEAD_TIME_STAGES)) table = table.addColumn(stage, 'jsonb', (c) => c.notNull());
        await table.addPrimaryKeyConstraint('lead_time_buckets_pk', ['tenant_id', 'grain', 'bucket', ...LEAD_TIME_BUCKETS.keys] as never).execute();
      },
    },
    '0003_lead_time_rollup': {
      async up(db) {
        let table = db.schema.createTable('lead_time_rollup')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('grain', 'text', (c) => c.notNull())
          .addColumn('bucket', 'timestamptz', (c) => c.notNull());
        for (const key of LEAD_TIME_ROLLUP.keys) table = table.addColumn(key, 'text', (c) => c.notNull());
        table = table.addColumn('shipments', 'integer', (c) => c.notNull());
        for (const stage of Object.keys(LEAD_TIME_STAGES)) table = table.addColumn(stage, 'jsonb', (c) => c.notNull());
        await table.addPrimaryKeyConstraint('lead_time_rollup_pk', ['tenant_id', 'grain', 'bucket', ...LEAD_TIME_ROLLUP.keys] as never).execute();
      },
    },
  },
  /**
   * Invariant: each bucket row counts the shipment_stages rows created in it, and each histogram the
   * durations of those that went through the stage (the rollup: over all merchants and accounts). Called in the batch's transaction with exactly the
   * shipments whose rows were replaced, so adding after − before keeps it; a row left counting nothing
   * is removed, so a rebuild from zero gives the same table.
   */
  async afterReplace(db, changes) {
    const deltas = new BucketDeltas(LEAD_TIME_BUCKETS);
    const rollup = new BucketDeltas(LEAD_TIME_ROLLUP);
    for (const { tenant_id: tenantId, before, after } of changes) {
      for (const [rows, sign] of [[before, -1], [after, 1]] as const) {
        for (const row of rows) {
          const keys = {
            merchant: row.merchant ?? '', carrier_account_id: row.carrier_account_id ?? '', carrier: row.carrier ?? '',
            pickup_country: row.pickup_country ?? '', pickup_city: row.pickup_city ?? '',
            dropoff_country: row.dropoff_country ?? '', dropoff_city: row.dropoff_city ?? '',
          };
          const bins = Object.fromEntries(Object.entries(LEAD_TIME_STAGES).map(([stage, [from, to]]) => {
            const [start, end] = [row[from], row[to]];
            return [stage, start && end ? binOf((Date.parse(end as string) - Date.parse(start as string)) / 1000) : undefined];
          }));
          for (const at of bucketsOf(row.created_at as string)) {
            deltas.add(tenantId, at, keys, sign, { shipments: 1 }, bins);
            rollup.add(tenantId, at, keys, sign, { shipments: 1 }, bins);
          }
        }
      }
    }
    await addToBuckets(db, LEAD_TIME_BUCKETS, deltas.deltas());
    await addToBuckets(db, LEAD_TIME_ROLLUP, rollup.deltas());
  },
  rowsOf(facts: ShipmentFacts) {
    return [{
      merchant: facts.merchant ?? null, carrier: facts.carrier ?? null, carrier_account_id: facts.carrier_account_id ?? null,
      pickup_country: facts.pickup.country ?? null, pickup_city: facts.pickup.city ?? null,
      dropoff_country: facts.dropoff.country ?? null, dropoff_city: facts.dropoff.city ?? null,
      created_at: facts.created_at, booked_at: facts.booked_at ?? null,
      shipped_at: facts.shipped_at ?? null, delivered_at: facts.delivered_at ?? null,
    }];
  },
});
