import type { Migration } from 'kysely';

/**
 * Tables of the order-list read model (unqualified: the projections runner scopes them to the
 * projector's schema). Every index starts with tenant_id: every query is per tenant.
 */
export const orderListMigrations: Record<string, Migration> = {
  '0001_orders': {
    async up(db) {
      await db.schema.createTable('orders')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        // Stream revision of the last event applied: older or repeated events are ignored.
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('merchant', 'text')
        .addColumn('partner_order_reference', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('order_date', 'timestamptz')
        .addColumn('creation_date', 'timestamptz', (c) => c.notNull())
        .addColumn('update_date', 'timestamptz', (c) => c.notNull())
        // The aggregate state after `revision`: the next event folds onto it, and list answers present
        // it with the same presenter as GET by id.
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addPrimaryKeyConstraint('orders_pk', ['tenant_id', 'order_id'])
        .execute();
      await db.schema.createIndex('orders_newest_idx').on('orders')
        .columns(['tenant_id', 'creation_date desc', 'order_id desc']).execute();
      await db.schema.createIndex('orders_merchant_idx').on('orders')
        .columns(['tenant_id', 'merchant', 'creation_date desc', 'order_id desc']).execute();
      await db.schema.createIndex('orders_reference_idx').on('orders')
        .columns(['tenant_id', 'partner_order_reference']).execute();
      await db.schema.createIndex('orders_order_date_idx').on('orders')
        .columns(['tenant_id', 'order_date']).execute();
    },
  },
};
