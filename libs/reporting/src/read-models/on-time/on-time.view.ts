import { factsView } from '../../shipment-facts/facts-projector';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';

/** One row per shipment that has a promised delivery date (the others cannot be on time or late). */
export const onTimeView = factsView({
  name: 'on-time',
  table: 'promises',
  columns: {
    merchant: 'text', carrier: 'text', carrier_account_id: 'text', promised_at: 'timestamptz', delivered_at: 'timestamptz',
  },
  migrations: {
    '0001_promises': {
      async up(db) {
        await db.schema.createTable('promises')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('shipment_id', 'text', (c) => c.notNull())
          .addColumn('merchant', 'text')
          .addColumn('carrier', 'text')
          .addColumn('carrier_account_id', 'text')
          .addColumn('promised_at', 'timestamptz', (c) => c.notNull())
          .addColumn('delivered_at', 'timestamptz')
          .addPrimaryKeyConstraint('promises_pk', ['tenant_id', 'shipment_id'])
          .execute();
        await db.schema.createIndex('promises_promised_idx').on('promises').columns(['tenant_id', 'promised_at']).execute();
      },
    },
  },
  rowsOf(facts: ShipmentFacts) {
    if (!facts.promised_delivery_date) return [];
    return [{
      merchant: facts.merchant ?? null, carrier: facts.carrier ?? null, carrier_account_id: facts.carrier_account_id ?? null,
      promised_at: facts.promised_delivery_date, delivered_at: facts.delivered_at ?? null,
    }];
  },
});
