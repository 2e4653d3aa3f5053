import { factsProjector } from '../../shipment-facts/facts-projector';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';

export const LEAD_TIMES_VIEW = 'report-lead-times';

/** One row per shipment: its carrier, lane and the first time it reached each stage. */
export const leadTimesProjector = factsProjector({
  name: LEAD_TIMES_VIEW,
  version: 1,
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
