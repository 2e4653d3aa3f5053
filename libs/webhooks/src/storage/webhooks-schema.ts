import { sql, type Kysely, type Migration } from 'kysely';
import { moduleSchemaOnce } from '@shipledger/database';

/** The webhooks module keeps its tables in this Postgres schema. */
export const WEBHOOKS_SCHEMA = 'webhooks';

const migrations: Record<string, Migration> = {
  '001_configurations': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE webhooks.configurations (
        tenant_id text NOT NULL,
        config_id text NOT NULL,
        fields jsonb NOT NULL,
        status text NOT NULL,
        secret_encrypted text NOT NULL,
        previous_secret_encrypted text,
        previous_secret_until timestamptz,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        creation_date timestamptz NOT NULL,
        update_date timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, config_id)
      )`.execute(db);
      await sql`CREATE INDEX configurations_active ON webhooks.configurations (tenant_id) WHERE status = 'ACTIVE' AND NOT deleted`.execute(db);
    },
  },
};

export const ensureWebhooksSchema = moduleSchemaOnce(WEBHOOKS_SCHEMA, migrations);
