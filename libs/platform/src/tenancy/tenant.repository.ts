import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@shipledger/database';
import type { PlatformTables } from './platform-database';
import { ApiError } from '../http/api-error';
import { hashSecret, randomSecret } from '../crypto/secret-hash';
import { isApiScope } from './scopes';
import { API_KEY_PREFIX_LENGTH, assertId, newApiKey, toClient, toTenant } from './tenant.rows';
import type { ClientApplication, IssuedClient, Merchant, Tenant, TenantSettings } from './tenant.types';

/** SQL access to tenants, merchants, API keys and clients. Secrets leave here only once, at creation. */
export class TenantRepository {
  private readonly db: Kysely<PlatformTables>;
  constructor(database: Database) {
    this.db = database.kysely;
  }

  /** Creates the tenant, its merchants and its first API key in one transaction. */
  async createTenant(input: { tenantId?: string; name: string; merchants?: Merchant[]; settings?: Partial<TenantSettings> }): Promise<{ tenant: Tenant; apiKey: string }> {
    const tenantId = input.tenantId ?? `tn_${randomBytes(8).toString('hex')}`;
    assertId('tenant_id', tenantId);
    for (const m of input.merchants ?? []) assertId('merchant_id', m.merchantId);
    const ids = (input.merchants ?? []).map((m) => m.merchantId);
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    if (repeated) throw ApiError.badRequest(`merchants : ${repeated} is listed twice`, [{ field: 'merchants', message: `${repeated} is listed twice` }]);
    const apiKey = newApiKey();
    const keyHash = await hashSecret(apiKey);
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('platform.tenants').values({
        tenant_id: tenantId,
        name: input.name,
        legacy_compatibility: input.settings?.legacyCompatibility ?? false,
        rate_limit_per_minute: input.settings?.rateLimitPerMinute ?? null,
        shipments_list_monthly_quota: input.settings?.shipmentsListMonthlyQuota ?? null,
      }).onConflict((oc) => oc.column('tenant_id').doNothing()).returning('tenant_id').executeTakeFirst();
      if (!inserted) throw ApiError.conflict(`Tenant ${tenantId} already exists`);
      for (const m of input.merchants ?? []) {
        await trx.insertInto('platform.merchants').values({ tenant_id: tenantId, merchant_id: m.merchantId, name: m.name }).execute();
      }
      await trx.insertInto('platform.api_keys').values(apiKeyRow(tenantId, apiKey, keyHash)).execute();
    });
    return { tenant: (await this.findTenant(tenantId))!, apiKey };
  }

  async findTenant(tenantId: string): Promise<Tenant | undefined> {
    const row = await this.db.selectFrom('platform.tenants').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    return row ? toTenant(row) : undefined;
  }

  async listTenants(): Promise<Tenant[]> {
    const rows = await this.db.selectFrom('platform.tenants').selectAll().orderBy('created_at').execute();
    return rows.map(toTenant);
  }

  async updateSettings(tenantId: string, settings: Partial<TenantSettings>): Promise<Tenant> {
    const values: Record<string, unknown> = {};
    if (settings.legacyCompatibility !== undefined) values.legacy_compatibility = settings.legacyCompatibility;
    if (settings.rateLimitPerMinute !== undefined) values.rate_limit_per_minute = settings.rateLimitPerMinute;
    if (settings.shipmentsListMonthlyQuota !== undefined) values.shipments_list_monthly_quota = settings.shipmentsListMonthlyQuota;
    if (Object.keys(values).length) {
      await this.db.updateTable('platform.tenants').set(values).where('tenant_id', '=', tenantId).execute();
    }
    return this.requireTenant(tenantId);
  }

  async addMerchant(tenantId: string, merchant: Merchant): Promise<Merchant> {
    await this.requireTenant(tenantId);
    assertId('merchant_id', merchant.merchantId);
    const inserted = await this.db.insertInto('platform.merchants')
      .values({ tenant_id: tenantId, merchant_id: merchant.merchantId, name: merchant.name })
      .onConflict((oc) => oc.columns(['tenant_id', 'merchant_id']).doNothing())
      .returning('merchant_id').executeTakeFirst();
    if (!inserted) throw ApiError.conflict(`Merchant ${merchant.merchantId} already exists`);
    return merchant;
  }

  async listMerchants(tenantId: string): Promise<Merchant[]> {
    const rows = await this.db.selectFrom('platform.merchants').select(['merchant_id', 'name'])
      .where('tenant_id', '=', tenantId).orderBy('merchant_id').execute();
    return rows.map((r) => ({ merchantId: r.merchant_id, name: r.name }));
  }

  /** Revokes the live key and issues a new one; the partial unique index keeps one live key per tenant. */
  async rotateApiKey(tenantId: string): Promise<string> {
    await this.requireTenant(tenantId);
    const apiKey = newApiKey();
    const keyHash = await hashSecret(apiKey);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('platform.api_keys').set({ revoked_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId).where('revoked_at', 'is', null).execute();
      await trx.insertInto('platform.api_keys').values(apiKeyRow(tenantId, apiKey, keyHash)).execute();
    });
    return apiKey;
  }

  async liveApiKeyHash(tenantId: string): Promise<string | undefined> {
    return (await this.liveApiKey(tenantId))?.hash;
  }

  async liveApiKey(tenantId: string): Promise<{ hash: string; prefix: string | null } | undefined> {
    const row = await this.db.selectFrom('platform.api_keys').select(['key_hash', 'key_prefix'])
      .where('tenant_id', '=', tenantId).where('revoked_at', 'is', null).executeTakeFirst();
    return row ? { hash: row.key_hash, prefix: row.key_prefix } : undefined;
  }

  async createClient(tenantId: string, input: { name: string; scopes: string[]; merchants: string[] }): Promise<IssuedClient> {
    await this.requireTenant(tenantId);
    const badScope = input.scopes.find((s) => !isApiScope(s));
    if (badScope) throw ApiError.badRequest(`Unknown scope: ${badScope}`, [{ field: 'scopes', message: `unknown scope ${badScope}` }]);
    const known = new Set((await this.listMerchants(tenantId)).map((m) => m.merchantId));
    const badMerchant = input.merchants.find((m) => !known.has(m));
    if (badMerchant) throw ApiError.badRequest(`Unknown merchant: ${badMerchant}`, [{ field: 'merchants', message: `unknown merchant ${badMerchant}` }]);
    const clientId = `cl_${randomBytes(12).toString('hex')}`;
    const clientSecret = randomSecret(32);
    await this.db.insertInto('platform.clients').values({
      client_id: clientId,
      tenant_id: tenantId,
      name: input.name,
      secret_hash: await hashSecret(clientSecret),
      scopes: JSON.stringify(input.scopes),
      merchants: JSON.stringify(input.merchants),
    }).execute();
    const client = (await this.findClient(clientId))!;
    return { ...client.client, clientSecret };
  }

  async findClient(clientId: string): Promise<{ client: ClientApplication; secretHash: string } | undefined> {
    const row = await this.db.selectFrom('platform.clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    return row ? { client: toClient(row), secretHash: row.secret_hash } : undefined;
  }

  async listClients(tenantId: string): Promise<ClientApplication[]> {
    const rows = await this.db.selectFrom('platform.clients').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').execute();
    return rows.map(toClient);
  }

  async revokeClient(tenantId: string, clientId: string): Promise<ClientApplication> {
    const row = await this.db.updateTable('platform.clients').set({ revoked_at: new Date().toISOString() })
      .where('tenant_id', '=', tenantId).where('client_id', '=', clientId).where('revoked_at', 'is', null)
      .returningAll().executeTakeFirst();
    if (row) return toClient(row);
    const existing = await this.findClient(clientId);
    if (!existing || existing.client.tenantId !== tenantId) throw ApiError.notFound(`No client found with the client id: ${clientId}`);
    return existing.client;
  }

  /** The tenant, or a 404 ApiError. */
  async requireTenant(tenantId: string): Promise<Tenant> {
    const tenant = await this.findTenant(tenantId);
    if (!tenant) throw ApiError.notFound(`No tenant found with the tenant id: ${tenantId}`);
    return tenant;
  }
}

function apiKeyRow(tenantId: string, apiKey: string, keyHash: string) {
  return {
    key_id: `key_${randomBytes(8).toString('hex')}`,
    tenant_id: tenantId,
    key_hash: keyHash,
    key_prefix: apiKey.slice(0, API_KEY_PREFIX_LENGTH),
  };
}
