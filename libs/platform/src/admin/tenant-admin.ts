import type { TenantDirectory } from '../tenancy/tenant-directory';
import type { TenantRepository } from '../tenancy/tenant.repository';
import type { ClientApplication, Merchant, Tenant, TenantSettings } from '../tenancy/tenant.types';

/**
 * What a tenant administrator does "in the dashboard", shared by the admin HTTP API and the cli.
 * Answers are snake_case like the rest of the API; secrets appear only in the answer that creates them.
 */
export class TenantAdmin {
  constructor(private readonly repository: TenantRepository, private readonly directory?: TenantDirectory) {}

  async createTenant(input: { tenantId?: string; name: string; merchants?: Merchant[]; settings?: Partial<TenantSettings> }) {
    const { tenant, apiKey } = await this.repository.createTenant(input);
    return { ...presentTenant(tenant), merchants: (await this.repository.listMerchants(tenant.tenantId)).map(presentMerchant), api_key: apiKey };
  }

  async listTenants() {
    return (await this.repository.listTenants()).map(presentTenant);
  }

  async describeTenant(tenantId: string) {
    const tenant = await this.repository.requireTenant(tenantId);
    return {
      ...presentTenant(tenant),
      api_key_prefix: (await this.repository.liveApiKey(tenantId))?.prefix ?? null,
      merchants: (await this.repository.listMerchants(tenantId)).map(presentMerchant),
      clients: (await this.repository.listClients(tenantId)).map(presentClient),
    };
  }

  async updateSettings(tenantId: string, settings: Partial<TenantSettings>) {
    const tenant = await this.repository.updateSettings(tenantId, settings);
    this.directory?.invalidate(tenantId);
    return presentTenant(tenant);
  }

  async addMerchant(tenantId: string, merchant: Merchant) {
    const added = await this.repository.addMerchant(tenantId, merchant);
    this.directory?.invalidate(tenantId);
    return presentMerchant(added);
  }

  async rotateApiKey(tenantId: string) {
    const apiKey = await this.repository.rotateApiKey(tenantId);
    this.directory?.invalidate(tenantId);
    return { tenant_id: tenantId, api_key: apiKey };
  }

  async createClient(tenantId: string, input: { name: string; scopes: string[]; merchants: string[] }) {
    const client = await this.repository.createClient(tenantId, input);
    return { ...presentClient(client), client_secret: client.clientSecret };
  }

  async listClients(tenantId: string) {
    await this.repository.requireTenant(tenantId);
    return (await this.repository.listClients(tenantId)).map(presentClient);
  }

  async revokeClient(tenantId: string, clientId: string) {
    const client = await this.repository.revokeClient(tenantId, clientId);
    this.directory?.invalidate(undefined, clientId);
    return presentClient(client);
  }
}

export function presentTenant(t: Tenant) {
  return {
    tenant_id: t.tenantId,
    name: t.name,
    legacy_compatibility: t.legacyCompatibility,
    rate_limit_per_minute: t.rateLimitPerMinute,
    shipments_list_monthly_quota: t.shipmentsListMonthlyQuota,
    creation_date: t.createdAt,
  };
}

export function presentMerchant(m: Merchant) {
  return { merchant_id: m.merchantId, name: m.name };
}

export function presentClient(c: ClientApplication) {
  return {
    client_id: c.clientId,
    tenant_id: c.tenantId,
    name: c.name,
    scopes: c.scopes,
    merchants: c.merchants,
    creation_date: c.createdAt,
    revoked: c.revokedAt !== null,
    revocation_date: c.revokedAt,
  };
}

/** The settings DTO (snake_case, partial) as domain settings. */
export function settingsFrom(dto: { legacy_compatibility?: boolean; rate_limit_per_minute?: number | null; shipments_list_monthly_quota?: number | null }): Partial<TenantSettings> {
  return {
    legacyCompatibility: dto.legacy_compatibility,
    rateLimitPerMinute: dto.rate_limit_per_minute,
    shipmentsListMonthlyQuota: dto.shipments_list_monthly_quota,
  };
}
