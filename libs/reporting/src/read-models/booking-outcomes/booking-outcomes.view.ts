import { sql } from 'kysely';
import { factsView } from '../../shipment-facts/facts-projector';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';
import { addToBuckets, BucketDeltas, type BucketTable } from '../bucket-table';
import { bucketsOf } from '../time-buckets';

/**
 * One row per carrier booking request, under the account it was sent to, with the carrier's answer
 * (booked, failed with error codes, or none yet). Every request after a shipment's first is a retry
 * (a reprocess or a reassignment).
 */
/**
 * booking_buckets: the requests counted per tenant, day and 15-minute bucket of their request time
 * (see time-buckets.ts), merchant, account, carrier and outcome ('' while unanswered).
 */
export const BOOKING_BUCKETS: BucketTable = {
  table: 'booking_buckets',
  keys: ['merchant', 'carrier_account_id', 'carrier', 'outcome'],
  counts: ['attempts', 'retries'],
  labels: ['carrier_account_name'],
  presence: 'attempts',
};

/** booking_error_buckets: the error codes of failed requests, once per occurrence (as the report counts them), in the same buckets. */
export const BOOKING_ERROR_BUCKETS: BucketTable = {
  table: 'booking_error_buckets',
  keys: ['merchant', 'carrier_account_id', 'code'],
  counts: ['occurrences'],
  presence: 'occurrences',
};

export const bookingOutcomesView = factsView({
  name: 'booking-outcomes',
  table: 'booking_attempts',
  columns: {
    attempt_id: 'text', attempt_no: 'integer', merchant: 'text', carrier: 'text', carrier_account_id: 'text',
    carrier_account_name: 'text', requested_at: 'timestamptz', outcome: 'text', answered_at: 'timestamptz', error_codes: 'text[]',
  },
  migrations: {
    '0001_booking_attempts': {
      async up(db) {
        await db.schema.createTable('booking_attempts')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('shipment_id', 'text', (c) => c.notNull())
          .addColumn('attempt_id', 'text', (c) => c.notNull())
          // 1 for the shipment's first request; above 1 a retry.
          .addColumn('attempt_no', 'integer', (c) => c.notNull())
          .addColumn('merchant', 'text')
          .addColumn('carrier', 'text', (c) => c.notNull())
          .addColumn('carrier_account_id', 'text', (c) => c.notNull())
          .addColumn('carrier_account_name', 'text')
          .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
          .addColumn('outcome', 'text')
          .addColumn('answered_at', 'timestamptz')
          .addColumn('error_codes', sql`text[]`, (c) => c.notNull())
          .addPrimaryKeyConstraint('booking_attempts_pk', ['tenant_id', 'shipment_id', 'attempt_id'])
          .execute();
        await db.schema.createIndex('booking_attempts_requested_idx').on('booking_attempts')
          .columns(['tenant_id', 'requested_at']).execute();
      },
    },
    '0002_booking_buckets': {
      async up(db) {
        await db.schema.createTable('booking_buckets')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('grain', 'text', (c) => c.notNull())
          .addColumn('bucket', 'timestamptz', (c) => c.notNull())
          .addColumn('merchant', 'text', (c) => c.notNull())
          .addColumn('carrier_account_id', 'text', (c) => c.notNull())
          .addColumn('carrier', 'text', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('carrier_account_name', 'text')
          .addColumn('attempts', 'integer', (c) => c.notNull())
          .addColumn('retries', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('booking_buckets_pk', ['tenant_id', 'grain', 'bucket', 'merchant', 'carrier_account_id', 'carrier', 'outcome'])
          .execute();
        await db.schema.createTable('booking_error_buckets')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('grain', 'text', (c) => c.notNull())
          .addColumn('bucket', 'timestamptz', (c) => c.notNull())
          .addColumn('merchant', 'text', (c) => c.notNull())
          .addColumn('carrier_account_id', 'text', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('occurrences', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('booking_error_buckets_pk', ['tenant_id', 'grain', 'bucket', 'merchant', 'carrier_account_id', 'code'])
          .execute();
      },
    },
  },
  /**
   * Invariant: each bucket row holds the count of booking_attempts rows (and error codes) falling in
   * it. Called in the batch's transaction with exactly the shipments whose rows were replaced, so adding
   * after − before keeps it; a row left counting nothing is removed, so a rebuild gives the same table.
   */
  async afterReplace(db, changes) {
    const requests = new BucketDeltas(BOOKING_BUCKETS);
    const codes = new BucketDeltas(BOOKING_ERROR_BUCKETS);
    for (const { tenant_id: tenantId, before, after } of changes) {
      for (const [rows, sign] of [[before, -1], [after, 1]] as const) {
        for (const row of rows) {
          const merchant = row.merchant ?? '';
          for (const at of bucketsOf(row.requested_at as string)) {
            requests.add(tenantId, at, { merchant, carrier_account_id: row.carrier_account_id, carrier: row.carrier, outcome: row.outcome ?? '' }, sign,
              { attempts: 1, retries: row.attempt_no > 1 ? 1 : 0 }, {}, { carrier_account_name: row.carrier_account_name ?? null });
            for (const code of row.error_codes as string[]) codes.add(tenantId, at, { merchant, carrier_account_id: row.carrier_account_id, code }, sign, { occurrences: 1 });
          }
        }
      }
    }
    await addToBuckets(db, BOOKING_BUCKETS, requests.deltas());
    await addToBuckets(db, BOOKING_ERROR_BUCKETS, codes.deltas());
  },
  rowsOf(facts: ShipmentFacts) {
    return facts.bookings.map((b, index) => ({
      attempt_id: b.attempt_id, attempt_no: index + 1, merchant: facts.merchant ?? null, carrier: b.carrier,
      carrier_account_id: b.carrier_account_id, carrier_account_name: b.carrier_account_name || null,
      requested_at: b.requested_at, outcome: b.outcome ?? null, answered_at: b.answered_at ?? null, error_codes: b.error_codes,
    }));
  },
});
