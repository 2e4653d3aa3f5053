import { sql, type Migration } from 'kysely';
import { moduleTables } from '@shipledger/database';
import type { ShippingTables } from './shipping-database';

/** Tables of the Shipping context that are not read models: document settings and document contents. */
export const SHIPPING_SCHEMA = 'shipping';

const migrations: Record<string, Migration> = {
  '001_documents': {
    async up(db) {
      await sql`CREATE TABLE shipping.document_settings (
        tenant_id text NOT NULL,
        document_id text NOT NULL,
        document_name text NOT NULL,
        description text,
        creation_date timestamptz NOT NULL,
        update_date timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, document_id)
      )`.execute(db);
      // An upload matches a setting by name as well as by id: a name must point at one setting.
      await sql`CREATE UNIQUE INDEX document_settings_name ON shipping.document_settings (tenant_id, lower(document_name))`.execute(db);
      // Content-addressed: an upload stores its bytes before its event is appended, so a refused or
      // lost append leaves at most an unreferenced row and never overwrites the bytes an event names.
      await sql`CREATE TABLE shipping.shipment_document_contents (
        tenant_id text NOT NULL,
        shipment_id text NOT NULL,
        document_id text NOT NULL,
        content_sha256 text NOT NULL,
        size_bytes integer NOT NULL,
        content bytea NOT NULL,
        stored_at timestamptz NOT NULL,
        PRIMARY KEY (shipment_id, document_id, content_sha256)
      )`.execute(db);
    },
  },
};

/** The `shipping` tables, migrated once per Database handle (Kysely's migrator locks, so processes may race). */
export const shippingTables = moduleTables<ShippingTables>(SHIPPING_SCHEMA, migrations);
