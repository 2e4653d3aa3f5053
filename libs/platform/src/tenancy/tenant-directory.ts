import { constantTimeEquals, sha256Hex, verifySecret } from '../crypto/secret-hash';
import type { TenantRepository } from './tenant.repository';
import type { ClientApplication, Tenant } from './tenant.types';

const TENANT_TTL_MS = 5_000;
const VERIFIED_KEY_TTL_MS = 30_000;

/**
 * Read side of tenancy for every request, with short in-process caches: scrypt is deliberately slow,
 * so a verified API key is remembered (by its SHA-256, never in clear) for 30 s; tenant settings and
 * client status for 5 s. Changes made through this process take effect at once; through another
 * process within those windows.
 */
export class TenantDirectory {
  private readonly tenants = new Map<string, { value: Tenant | undefined; until: number }>();
  private readonly clients = new Map<string, { value: ClientApplication | undefined; until: number }>();
  private readonly verifiedKeys = new Map<string, number>();
  private readonly merchants = new Map<string, { value: ReadonlySet<string>; until: number }>();

  constructor(private readonly repository: TenantRepository) {}

  async tenant(tenantId: string): Promise<Tenant | undefined> {
    const cached = this.tenants.get(tenantId);
    if (cached && cached.until > Date.now()) return cached.value;
    const value = await this.repository.findTenant(tenantId);
    this.tenants.set(tenantId, { value, until: Date.now() + TENANT_TTL_MS });
    return value;
  }

  async client(clientId: string): Promise<ClientApplication | undefined> {
    const cached = this.clients.get(clientId);
    if (cached && cached.until > Date.now()) return cached.value;
    const found = await this.repository.findClient(clientId);
    this.clients.set(clientId, { value: found?.client, until: Date.now() + TENANT_TTL_MS });
    return found?.client;
  }

  /**
   * True when the tenant has this merchant. Merchants are only ever added, so a known one is answered
   * from the cache and an unknown one re-reads the table: a merchant added by any process counts at once.
   */
  async hasMerchant(tenantId: string, merchantId: string): Promise<boolean> {
    const cached = this.merchants.get(tenantId);
    if (cached && cached.until > Date.now() && cached.value.has(merchantId)) return true;
    const value = new Set((await this.repository.listMerchants(tenantId)).map((merchant) => merchant.merchantId));
    this.merchants.set(tenantId, { value, until: Date.now() + TENANT_TTL_MS });
    return value.has(merchantId);
  }

  async isValidApiKey(tenantId: string, apiKey: string): Promise<boolean> {
    const cacheKey = sha256Hex(`${tenantId}\u0000${apiKey}`);
    const until = this.verifiedKeys.get(cacheKey);
    if (until && until > Date.now()) return true;
    const live = await this.repository.liveApiKey(tenantId);
    if (!live) return false;
    if (live.prefix !== null && !constantTimeEquals(apiKey.slice(0, live.prefix.length), live.prefix)) return false;
    if (!(await verifySecret(apiKey, live.hash))) return false;
    if (this.verifiedKeys.size > 10_000) this.verifiedKeys.clear();
    this.verifiedKeys.set(cacheKey, Date.now() + VERIFIED_KEY_TTL_MS);
    return true;
  }

  /** Forget what this process cached about a tenant (after rotation, settings, client changes). */
  invalidate(tenantId?: string, clientId?: string): void {
    if (tenantId) this.tenants.delete(tenantId);
    if (tenantId) this.merchants.delete(tenantId);
    if (clientId) this.clients.delete(clientId);
    if (tenantId) this.verifiedKeys.clear();
  }
}
