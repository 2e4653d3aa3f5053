import { sql } from 'kysely';
import { factsView } from '../../shipment-facts/facts-projector';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';

/** Statuses a shipment rests in: never stuck. */
export const RESTING_STATUSES = [
  'draft', 'cancelled', 'cancelled_by_carrier', 'delivered', 'delivery_confirmed', 'returned', 'return_confirmed',
] as const;

/** The shipments that can be an exception (the resting ones are most of the table): the open indexes' predicate. */
const OPEN = `status not in (${RESTING_STATUSES.map((s) => `'${s}'`).join(', ')}) or failed_delivery_attempts > 0 or returned_at is not null`;

/**
 * One row per shipment: its status and since when, its failed delivery attempts and when it was first
 * returned. Whether it is an exception depends on the time of the question, so the query decides.
 */
export const exceptionsView = factsView({
  name: 'exceptions',
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
          .where(sql.raw<boolean>(OPEN))
          .execute();
      },
    },
    '0002_open_covering_indexes': {
      async up(db) {
        await db.schema.dropIndex('shipment_status_open_idx').execute();
        // The counts: the open shipments created in the window, read from the index alone (every column
        // the filters and the four kinds name is in it), so no table row is visited.
        await db.schema.createIndex('shipment_status_open_created_idx').on('shipment_status')
          .columns(['tenant_id', 'created_at', 'status', 'status_since', 'failed_delivery_attempts', 'returned_at', 'merchant', 'carrier_account_id'])
          .where(sql.raw<boolean>(OPEN))
          .execute();
        // The list: open shipments in status_since order (longest in status first), from the window's
        // start on (a shipment enters its status after its creation), stopping at the limit.
        await db.schema.createIndex('shipment_status_open_since_idx').on('shipment_status')
          .columns(['tenant_id', 'status_since', 'shipment_id', 'created_at', 'status', 'failed_delivery_attempts', 'returned_at', 'merchant', 'carrier_account_id'])
          .where(sql.raw<boolean>(OPEN))
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
