import { sql } from 'kysely';
import { factsProjector } from '../../shipment-facts/facts-projector';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';

export const BOOKING_OUTCOMES_VIEW = 'report-booking-outcomes';

/**
 * One row per carrier booking request, under the account it was sent to, with the carrier's answer
 * (booked, failed with error codes, or none yet). Every request after a shipment's first is a retry
 * (a reprocess or a reassignment).
 */
export const bookingOutcomesProjector = factsProjector({
  name: BOOKING_OUTCOMES_VIEW,
  version: 1,
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
  },
  rowsOf(facts: ShipmentFacts) {
    return facts.bookings.map((b, index) => ({
      attempt_id: b.attempt_id, attempt_no: index + 1, merchant: facts.merchant ?? null, carrier: b.carrier,
      carrier_account_id: b.carrier_account_id, carrier_account_name: b.carrier_account_name || null,
      requested_at: b.requested_at, outcome: b.outcome ?? null, answered_at: b.answered_at ?? null, error_codes: b.error_codes,
    }));
  },
});
