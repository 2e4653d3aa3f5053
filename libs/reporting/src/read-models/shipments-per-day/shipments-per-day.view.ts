import { sql } from 'kysely';
import { jsonRecordset } from '@shipledger/database';
import { factsView } from '../../shipment-facts/facts-projector';
import { bucketDeltas } from './milestone-buckets';
import type { ShipmentFacts } from '../../shipment-facts/shipment-facts';

/** The stages counted per day: when a shipment was created, and first booked, shipped and delivered. */
export const MILESTONES = ['created', 'booked', 'shipped', 'delivered'] as const;
export type MilestoneName = (typeof MILESTONES)[number];

/**
 * One row per stage a shipment reached, at the instant it reached it, under the shipment's current
 * carrier account (a reassigned shipment's stages all move to the new account). Days are not stored:
 * a query groups the instants by day in the time zone it is asked for.
 */
export const shipmentsPerDayView = factsView({
  name: 'shipments-per-day',
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
    '0002_milestone_buckets': {
      async up(db) {
        await db.schema.createTable('milestone_buckets')
          .addColumn('tenant_id', 'text', (c) => c.notNull())
          .addColumn('bucket', 'timestamptz', (c) => c.notNull())
          .addColumn('milestone', 'text', (c) => c.notNull())
          .addColumn('merchant', 'text', (c) => c.notNull())
          .addColumn('carrier_account_id', 'text', (c) => c.notNull())
          .addColumn('carrier_account_name', 'text')
          .addColumn('shipments', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('milestone_buckets_pk', ['tenant_id', 'bucket', 'milestone', 'merchant', 'carrier_account_id'])
          .execute();
      },
    },
  },
  /**
   * Invariant: each bucket holds the number of milestone rows whose instant falls in it. Called in the
   * batch's transaction with exactly the shipments whose rows were replaced, so adding after − before
   * keeps it; a bucket that drops to zero is removed, so a rebuild from zero gives the same table.
   */
  async afterReplace(db, changes) {
    const deltas = bucketDeltas(changes);
    if (deltas.length === 0) return;
    await db.insertInto('milestone_buckets')
      .columns(['tenant_id', 'bucket', 'milestone', 'merchant', 'carrier_account_id', 'carrier_account_name', 'shipments'])
      .expression(sql`select * from ${jsonRecordset(JSON.stringify(deltas),
        'tenant_id text, bucket timestamptz, milestone text, merchant text, carrier_account_id text, carrier_account_name text, shipments integer')}`)
      .onConflict((oc) => oc.columns(['tenant_id', 'bucket', 'milestone', 'merchant', 'carrier_account_id']).doUpdateSet((eb) => ({
        shipments: sql`milestone_buckets.shipments + excluded.shipments`,
        carrier_account_name: eb.fn.coalesce(eb.ref('excluded.carrier_account_name'), eb.ref('milestone_buckets.carrier_account_name')),
      })))
      .execute();
    await db.deleteFrom('milestone_buckets').where('shipments', '=', 0)
      .where(sql<boolean>`(tenant_id, bucket) in (select * from unnest(${deltas.map((d) => d.tenant_id)}::text[], ${deltas.map((d) => d.bucket)}::timestamptz[]))`)
      .execute();
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
