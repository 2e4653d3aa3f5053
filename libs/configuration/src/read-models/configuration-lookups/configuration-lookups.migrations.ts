import type { Migration } from 'kysely';

/** One row per configuration object of every kind; every index starts with tenant_id and kind. */
export const configurationLookupsMigrations: Record<string, Migration> = {
  '0001_objects': {
    async up(db) {
      await db.schema.createTable('objects')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        // Revision of the tenant's stream of this kind at the last event applied to the row.
        .addColumn('revision', 'integer', (c) => c.notNull())
        // location_code, a type's code, an attribute's name: what other resources name it by.
        .addColumn('code', 'text')
        .addColumn('fields', 'jsonb', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('objects_pk', ['tenant_id', 'kind', 'id'])
        .execute();
      await db.schema.createIndex('objects_code_idx').on('objects').columns(['tenant_id', 'kind', 'code']).execute();
      await db.schema.createIndex('objects_created_idx').on('objects').columns(['tenant_id', 'kind', 'created_at', 'id']).execute();
    },
  },
};
