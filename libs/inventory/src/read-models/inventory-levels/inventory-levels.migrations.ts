import type { Migration } from 'kysely';

/** Tables of the inventory read model (scoped to its schema by the runner); every index starts with tenant_id. */
export const inventoryLevelsMigrations: Record<string, Migration> = {
  '0001_levels_and_ledger': {
    async up(db) {
      await db.schema.createTable('levels')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('on_hand', 'integer', (c) => c.notNull())
        .addColumn('reserved', 'integer', (c) => c.notNull())
        // Stream revision of the last event applied: older or repeated events change nothing.
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('levels_pk', ['tenant_id', 'location_id', 'sku'])
        .execute();
      await db.schema.createIndex('levels_sku_idx').on('levels').columns(['tenant_id', 'sku', 'location_id']).execute();
      await db.schema.createTable('ledger')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('on_hand_delta', 'integer', (c) => c.notNull())
        .addColumn('reserved_delta', 'integer', (c) => c.notNull())
        .addColumn('on_hand', 'integer', (c) => c.notNull())
        .addColumn('reserved', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('cause', 'jsonb', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_pk', ['tenant_id', 'location_id', 'sku', 'revision'])
        .execute();
      await db.schema.createIndex('ledger_sku_idx').on('ledger').columns(['tenant_id', 'sku', 'position']).execute();
      await db.schema.createIndex('ledger_order_idx').on('ledger').columns(['tenant_id', 'order_id']).execute();
    },
  },
};
