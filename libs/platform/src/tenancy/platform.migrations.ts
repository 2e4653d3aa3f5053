import { sql, type Migration } from 'kysely';

export const PLATFORM_SCHEMA = 'platform';

/**
 * The platform's own tables: tenants and their settings, merchants, API keys, client applications and
 * idempotency records. Names are schema-qualified; the migrator keeps its bookkeeping in the same schema.
 */
export const platformMigrations: Record<string, Migration> = {
  '0001_tenancy': {
    async up(db) {
      await sql`create table platform.tenants (
        tenant_id text primary key,
        name text not null,
        legacy_compatibility boolean not null default false,
        rate_limit_per_minute integer,
        shipments_list_monthly_quota integer,
        created_at timestamptz not null default now()
      )`.execute(db);
      await sql`create table platform.merchants (
        tenant_id text not null references platform.tenants(tenant_id),
        merchant_id text not null,
        name text not null,
        created_at timestamptz not null default now(),
        primary key (tenant_id, merchant_id)
      )`.execute(db);
      await sql`create table platform.api_keys (
        key_id text primary key,
        tenant_id text not null references platform.tenants(tenant_id),
        key_hash text not null,
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      )`.execute(db);
      // At most one live key per tenant: rotation revokes the old one in the same transaction.
      await sql`create unique index api_keys_one_live_per_tenant on platform.api_keys (tenant_id) where revoked_at is null`.execute(db);
      await sql`create table platform.clients (
        client_id text primary key,
        tenant_id text not null references platform.tenants(tenant_id),
        name text not null,
        secret_hash text not null,
        scopes jsonb not null,
        merchants jsonb not null,
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      )`.execute(db);
      await sql`create index clients_by_tenant on platform.clients (tenant_id)`.execute(db);
    },
  },
  '0002_idempotency': {
    async up(db) {
      await sql`create table platform.idempotency_keys (
        tenant_id text not null,
        idempotency_key text not null,
        request_method text not null,
        request_path text not null,
        request_hash text not null,
        state text not null,
        response_status integer,
        response_headers jsonb,
        response_body text,
        created_at timestamptz not null default now(),
        completed_at timestamptz,
        primary key (tenant_id, idempotency_key)
      )`.execute(db);
      await sql`create index idempotency_keys_by_age on platform.idempotency_keys (created_at)`.execute(db);
    },
  },
  '0003_usage': {
    async up(db) {
      await sql`create table platform.usage_counters (
        tenant_id text not null,
        meter text not null,
        period text not null,
        used integer not null,
        primary key (tenant_id, meter, period)
      )`.execute(db);
    },
  },
  '0004_api_key_prefix': {
    async up(db) {
      // The key's first characters, kept in clear: operators can tell keys apart, and a wrong key is
      // refused without paying for scrypt (the rest of the key, 208 random bits, stays secret).
      await sql`alter table platform.api_keys add column key_prefix text`.execute(db);
    },
  },
};
