export interface TenantSettings {
  /** Removed endpoints answer as aliases of their replacements instead of 410. */
  legacyCompatibility: boolean;
  /** Overrides the platform default when set. */
  rateLimitPerMinute: number | null;
  /** GET /shipments calls allowed per calendar month (UTC); null = unlimited. */
  shipmentsListMonthlyQuota: number | null;
}

export interface Tenant extends TenantSettings {
  tenantId: string;
  name: string;
  createdAt: string;
}

export interface Merchant {
  merchantId: string;
  name: string;
}

export interface ClientApplication {
  clientId: string;
  tenantId: string;
  name: string;
  scopes: string[];
  /** Empty: every merchant of the tenant. */
  merchants: string[];
  createdAt: string;
  revokedAt: string | null;
}

/** A client as created: the secret is shown this once and only its hash is kept. */
export interface IssuedClient extends ClientApplication {
  clientSecret: string;
}

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
