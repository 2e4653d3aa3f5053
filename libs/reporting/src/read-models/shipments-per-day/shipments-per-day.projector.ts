import { factsProjector } from '../../shipment-facts/facts-projector';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';

export const SHIPMENTS_PER_DAY_VIEW = 'report-shipments-per-day';

/** The stages counted per day: when a shipment was created, and first booked, shipped and delivered. */
export const MILESTONES = ['created', 'booked', 'shipped', 'delivered'] as const;
export type MilestoneName = (typeof MILESTONES)[number];

/**
 * One row per stage a shipment reached, at the instant it reached it, under the shipment's current
 * carrier account (a reassigned shipment's stages all move to the new account). Days are not stored:
 * a query groups the instants by day in the time zone it is asked for.
 */
export const shipmentsPerDayProjector = factsProjector({
  name: SHIPMENTS_PER_DAY_VIEW,
  version: 1,
  table: 'milestones',
  columns: {
    milestone: 'text', at: 'timestamptz', merchant: 'text', carrier: 'text', carrier_account_id: 'text', carrier_account_name: 'text',
  },
  migrations: {
    '0001_milestones': {
      async up(db) {
        await db.schema.createTable('milestones')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('shipment_id', 'text', (c) => c.notNull())
          .addColumn('milestone', 'text', (c) => c.notNull())
          .addColumn('at', 'timestamptz', (c) => c.notNull())
          .addColumn('merchant', 'text')
          .addColumn('carrier', 'text')
          .addColumn('carrier_account_id', 'text')
          .addColumn('carrier_account_name', 'text')
          .addPrimaryKeyConstraint('milestones_pk', ['tenant_id', 'shipment_id', 'milestone'])
          .execute();
        await db.schema.createIndex('milestones_at_idx').on('milestones').columns(['tenant_id', 'at']).execute();
      },
    },
  },
  rowsOf(facts: ShipmentFacts) {
    const at: Record<MilestoneName, string | undefined> = {
      created: facts.created_at, booked: facts.booked_at, shipped: facts.shipped_at, delivered: facts.delivered_at,
    };
    return MILESTONES.flatMap((milestone) => {
      const when = at[milestone];
      return when === undefined ? [] : [{
        milestone, at: when, merchant: facts.merchant ?? null, carrier: facts.carrier ?? null,
        carrier_account_id: facts.carrier_account_id ?? null, carrier_account_name: facts.carrier_account_name ?? null,
      }];
    });
  },
});
