import type { Generated } from 'kysely';
import type { Json, Timestamp } from '@shipledger/database';

type CreatedAt = Generated<Timestamp>;

/**
 * The platform's tables in schema `platform` (platform.migrations.ts), schema-qualified as the
 * platform's queries name them. Kept by hand beside the migrations: a column added there is added
 * here, and the compiler then checks every query that names it.
 */
export type PlatformTables = {
  'platform.tenants': {
    tenant_id: string;
    name: string;
    legacy_compatibility: Generated<boolean>;
    rate_limit_per_minute: number | null;
    shipments_list_monthly_quota: number | null;
    created_at: CreatedAt;
  };
  'platform.merchants': { tenant_id: string; merchant_id: string; name: string; created_at: CreatedAt };
  'platform.api_keys': {
    key_id: string;
    tenant_id: string;
    key_hash: string;
    key_prefix: string | null;
    created_at: CreatedAt;
    revoked_at: Timestamp | null;
  };
  'platform.clients': {
    client_id: string;
    tenant_id: string;
    name: string;
    secret_hash: string;
    scopes: Json<string[]>;
    merchants: Json<string[]>;
    created_at: CreatedAt;
    revoked_at: Timestamp | null;
  };
  'platform.idempotency_keys': {
    tenant_id: string;
    idempotency_key: string;
    request_method: string;
    request_path: string;
    request_hash: string;
    state: string;
    response_status: number | null;
    response_headers: Json<Record<string, string>> | null;
    response_body: string | null;
    created_at: CreatedAt;
    completed_at: Timestamp | null;
  };
  'platform.usage_counters': { tenant_id: string; meter: string; period: string; used: number };
};
