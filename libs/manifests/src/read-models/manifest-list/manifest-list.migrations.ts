import type { Migration } from 'kysely';

/** The manifest-list read model's table (unqualified: the runner scopes it to rm_manifest_list). */
export const manifestListMigrations: Record<string, Migration> = {
  '0001_manifests': {
    async up(db) {
      await db.schema.createTable('manifests')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('manifest_id', 'text', (c) => c.notNull())
        // Stream revision of the last event folded in: older or repeated events are ignored.
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('merchant', 'text', (c) => c.notNull())
        .addColumn('carrier_account_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('creation_date', 'timestamptz', (c) => c.notNull())
        .addColumn('update_date', 'timestamptz', (c) => c.notNull())
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addPrimaryKeyConstraint('manifests_pk', ['tenant_id', 'manifest_id'])
        .execute();
      await db.schema.createIndex('manifests_newest_idx').on('manifests')
        .columns(['tenant_id', 'creation_date desc', 'manifest_id desc']).execute();
    },
  },
};
