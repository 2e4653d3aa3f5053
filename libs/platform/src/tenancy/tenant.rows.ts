import type { Selectable } from 'kysely';
import type { PlatformTables } from './platform-database';
import { ApiError } from '../http/api-error';
import { randomSecret } from '../crypto/secret-hash';
import { ID_PATTERN, type ClientApplication, type Tenant } from './tenant.types';

/** Row mapping and input checks shared by the tenancy repository. */
/** Characters of an API key kept in clear (`slk_` and 8 of its 43 random ones). */
export const API_KEY_PREFIX_LENGTH = 12;

export function newApiKey(): string {
  return `slk_${randomSecret(32)}`;
}

export function assertId(field: string, value: string): void {
  if (!ID_PATTERN.test(value)) {
    throw ApiError.badRequest(`${field} : must be 1-64 letters, digits, '_', '.' or '-'`, [{ field, message: "must be 1-64 letters, digits, '_', '.' or '-'" }]);
  }
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export function toTenant(row: Selectable<PlatformTables['platform.tenants']>): Tenant {
  return {
    tenantId: row.tenant_id,
    name: row.name,
    legacyCompatibility: row.legacy_compatibility,
    rateLimitPerMinute: row.rate_limit_per_minute,
    shipmentsListMonthlyQuota: row.shipments_list_monthly_quota,
    createdAt: iso(row.created_at),
  };
}

export function toClient(row: Selectable<PlatformTables['platform.clients']>): ClientApplication {
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as string[];
  return {
    clientId: row.client_id,
    tenantId: row.tenant_id,
    name: row.name,
    scopes: parse(row.scopes),
    merchants: parse(row.merchants),
    createdAt: iso(row.created_at),
    revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
  };
}
