import { sql } from 'kysely';
import { factsProjector } from '../../shipment-facts/facts-projector';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';

export const EXCEPTIONS_VIEW = 'report-exceptions';

/** Statuses a shipment rests in: never stuck. */
export const RESTING_STATUSES = [
  'draft', 'cancelled', 'cancelled_by_carrier', 'delivered', 'delivery_confirmed', 'returned', 'return_confirmed',
] as const;

/**
 * One row per shipment: its status and since when, its failed delivery attempts and when it was first
 * returned. Whether it is an exception depends on the time of the question, so the query decides.
 */
export const exceptionsProjector = factsProjector({
  name: EXCEPTIONS_VIEW,
  version: 1,
  table: 'shipment_status',
  columns: {
    partner_shipment_reference: 'text', merchant: 'text', carrier: 'text', carrier_account_id: 'text', status: 'text',
    status_since: 'timestamptz', created_at: 'timestamptz', failed_delivery_attempts: 'integer', returned_at: 'timestamptz',
  },
  migrations: {
    '0001_shipment_status': {
      async up(db) {
        await db.schema.createTable('shipment_status')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('shipment_id', 'text', (c) => c.notNull())
          .addColumn('partner_shipment_reference', 'text')
          .addColumn('merchant', 'text')
          .addColumn('carrier', 'text')
          .addColumn('carrier_account_id', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('status_since', 'timestamptz', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull())
          .addColumn('failed_delivery_attempts', 'integer', (c) => c.notNull())
          .addColumn('returned_at', 'timestamptz')
          .addPrimaryKeyConstraint('shipment_status_pk', ['tenant_id', 'shipment_id'])
          .execute();
        await db.schema.createIndex('shipment_status_created_idx').on('shipment_status')
          .columns(['tenant_id', 'created_at']).execute();
        // Only shipments that can be an exception: the resting ones are most of the table.
        await db.schema.createIndex('shipment_status_open_idx').on('shipment_status')
          .columns(['tenant_id', 'created_at'])
          .where(sql.raw<boolean>(`status not in (${RESTING_STATUSES.map((s) => `'${s}'`).join(', ')}) or failed_delivery_attempts > 0 or returned_at is not null`))
          .execute();
      },
    },
  },
  rowsOf(facts: ShipmentFacts) {
    return [{
      partner_shipment_reference: facts.partner_shipment_reference ?? null, merchant: facts.merchant ?? null,
      carrier: facts.carrier ?? null, carrier_account_id: facts.carrier_account_id ?? null, status: facts.status,
      status_since: facts.status_since, created_at: facts.created_at,
      failed_delivery_attempts: facts.failed_delivery_attempts, returned_at: facts.returned_at ?? null,
    }];
  },
});
