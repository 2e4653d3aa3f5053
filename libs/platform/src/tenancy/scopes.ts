/**
 * Permission scopes a client application may be granted (spec: read, create and update per area;
 * configuration objects are deleted for good, so that needs delete:configuration of its own).
 */
export const API_SCOPES = [
  'read:shipments', 'create:shipments', 'update:shipments',
  'read:orders', 'create:orders', 'update:orders',
  // Inventory levels, settings and the ledger (set and adjust are updates of a level).
  'read:inventory', 'update:inventory',
  'read:configuration', 'create:configuration', 'update:configuration', 'delete:configuration',
  // The reports and the dashboard's operations panel (GET /reports/*).
  'read:reports',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** The token's `scope` string: `tenant:ACME merchant:SHOP1 read:shipments ...`. */
export function scopeString(tenantId: string, merchants: readonly string[], scopes: readonly string[]): string {
  return [`tenant:${tenantId}`, ...merchants.map((m) => `merchant:${m}`), ...scopes].join(' ');
}

/** Split a token scope string into permission scopes and merchants ('*' when none is named). */
export function parseScopeString(scope: string): { scopes: string[]; merchants: string[] | '*' } {
  const parts = scope.split(' ').filter(Boolean);
  const merchants = parts.filter((p) => p.startsWith('merchant:')).map((p) => p.slice('merchant:'.length));
  const scopes = parts.filter((p) => !p.startsWith('merchant:') && !p.startsWith('tenant:'));
  return { scopes, merchants: merchants.length ? merchants : '*' };
}
