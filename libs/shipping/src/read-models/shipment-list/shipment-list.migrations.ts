import { sql, type Migration } from 'kysely';

/**
 * Tables of the shipment-list read model (unqualified: the projections runner scopes them to the
 * projector's schema). Every index starts with tenant_id: every query is per tenant.
 */
export const shipmentListMigrations: Record<string, Migration> = {
  '0001_shipments': {
    async up(db) {
      await db.schema.createTable('shipments')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('shipment_id', 'text', (c) => c.notNull())
        // Stream revision of the last event applied: older or repeated events are ignored.
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('merchant', 'text')
        .addColumn('partner_shipment_reference', 'text')
        .addColumn('partner_order_reference', 'text')
        .addColumn('entity_type', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('creation_date', 'timestamptz', (c) => c.notNull())
        .addColumn('update_date', 'timestamptz', (c) => c.notNull())
        // The aggregate state after `revision`: the next event is folded onto it, and list responses
        // present it with the same presenter as GET by id (so a presenter change needs no rebuild).
        .addColumn('state', 'jsonb', (c) => c.notNull())
        // [{status, date}] in the order the statuses were reached: GET /shipments/bulk/status.
        .addColumn('milestones', 'jsonb', (c) => c.notNull())
        .addPrimaryKeyConstraint('shipments_pk', ['tenant_id', 'shipment_id'])
        .execute();
      await db.schema.createIndex('shipments_newest_idx').on('shipments')
        .columns(['tenant_id', 'creation_date desc', 'shipment_id desc']).execute();
      await db.schema.createIndex('shipments_merchant_idx').on('shipments')
        .columns(['tenant_id', 'merchant', 'creation_date desc', 'shipment_id desc']).execute();
      await db.schema.createIndex('shipments_reference_idx').on('shipments')
        .columns(['tenant_id', 'partner_shipment_reference']).execute();
      await db.schema.createIndex('shipments_order_ref_idx').on('shipments')
        .columns(['tenant_id', 'partner_order_reference']).execute();
      await db.schema.createIndex('shipments_updated_idx').on('shipments')
        .columns(['tenant_id', 'update_date']).execute();

      // One row per searchable value, lower-cased. text_pattern_ops lets `term like 'abc%'` use the
      // btree whatever the database collation, which keeps prefix search an index range scan.
      await db.schema.createTable('search_terms')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('shipment_id', 'text', (c) => c.notNull())
        .addColumn('term', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_terms_pk', ['tenant_id', 'shipment_id', 'term'])
        .execute();
      await db.schema.createIndex('search_terms_prefix_idx').on('search_terms')
        .expression(sql`tenant_id, term text_pattern_ops, shipment_id`).execute();
    },
  },
  '0002_search_terms_creation_date': {
    async up(db) {
      // The shipment's creation date beside each term (it never changes), so a search sorts its matches
      // newest first on the index alone and reads only one page of shipments.
      await db.schema.alterTable('search_terms').addColumn('creation_date', 'timestamptz').execute();
      await db.updateTable('search_terms as t').from('shipments as s')
        .set((eb) => ({ creation_date: eb.ref('s.creation_date') }))
        .whereRef('s.tenant_id', '=', 't.tenant_id').whereRef('s.shipment_id', '=', 't.shipment_id')
        .execute();
      await db.schema.dropIndex('search_terms_prefix_idx').execute();
      await db.schema.createIndex('search_terms_prefix_idx').on('search_terms')
        .expression(sql`tenant_id, term text_pattern_ops, creation_date desc, shipment_id`).execute();
    },
  },
  '0003_search_terms_one_index': {
    async up(db) {
      // One index per term row instead of two: the prefix index becomes the key (a shipment's creation
      // date never changes, so it is unique), and the primary key on (tenant, shipment, term) goes. A
      // create writes 13 term rows; this drops 13 of its ~46 btree inserts. Deletes name the whole key.
      // What the by-shipment index served moves to the shipment's row: its `terms`, which the dense
      // search plan tests on the rows it walks, and which a replay past a stored row reads back.
      // A term without a creation date has no shipment row (0002 filled it from the rows): no search
      // could reach it.
      await db.schema.alterTable('shipments')
        .addColumn('terms', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`)).execute();
      await db.updateTable('shipments as s')
        .set((eb) => ({ terms: sql`array(${eb.selectFrom('search_terms as t').select('t.term')
          .whereRef('t.tenant_id', '=', 's.tenant_id').whereRef('t.shipment_id', '=', 's.shipment_id').orderBy('t.term')})` }))
        .execute();
      await db.deleteFrom('search_terms').where('creation_date', 'is', null).execute();
      await db.schema.alterTable('search_terms').alterColumn('creation_date', (c) => c.setNotNull()).execute();
      await db.schema.createIndex('search_terms_key').on('search_terms').unique()
        .expression(sql`tenant_id, term text_pattern_ops, creation_date desc, shipment_id`).execute();
      await db.schema.dropIndex('search_terms_prefix_idx').execute();
      await db.schema.alterTable('search_terms').dropConstraint('search_terms_pk').execute();
    },
  },
};
