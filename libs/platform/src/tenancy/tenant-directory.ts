import { constantTimeEquals, sha256Hex, verifySecret } from '../crypto/secret-hash';
import { RefreshingCache } from '../cache/refreshing-cache';
import type { TenantRepository } from './tenant.repository';
import type { ClientApplication, Tenant } from './tenant.types';

const TENANT_TTL_MS = 5_000;
const VERIFIED_KEY_TTL_MS = 30_000;
/** Tenants, clients, merchant lists and verified keys each kept at most (the oldest goes first). */
const MAX_ENTRIES = 10_000;

/**
 * Read side of tenancy for every request, with short in-process caches: scrypt is deliberately slow,
 * so a verified API key is remembered (by its SHA-256, never in clear) for 30 s; tenant settings and
 * client status for 5 s. Changes made through this process take effect at once; through another
 * process within those windows. Each cache loads a key once at a time and refreshes it ahead of its
 * expiry (RefreshingCache), so the requests in flight when an entry ages out do not each read the
 * table and verify the key again.
 */
export class TenantDirectory {
  private readonly tenants: RefreshingCache<string, Tenant | undefined>;
  private readonly clients: RefreshingCache<string, ClientApplication | undefined>;
  /** Only keys that verified are kept: a key refused once is checked again at its next use. */
  private readonly verifiedKeys: RefreshingCache<string, boolean>;
  private readonly merchants: RefreshingCache<string, ReadonlySet<string>>;

  constructor(private readonly repository: TenantRepository, now: () => number = Date.now) {
    const short = { ttlMs: TENANT_TTL_MS, maxEntries: MAX_ENTRIES, now };
    this.tenants = new RefreshingCache(short);
    this.clients = new RefreshingCache(short);
    this.merchants = new RefreshingCache(short);
    this.verifiedKeys = new RefreshingCache({ ttlMs: VERIFIED_KEY_TTL_MS, maxEntries: MAX_ENTRIES, keep: (valid) => valid, now });
  }

  tenant(tenantId: string): Promise<Tenant | undefined> {
    return this.tenants.get(tenantId, (id) => this.repository.findTenant(id));
  }

  client(clientId: string): Promise<ClientApplication | undefined> {
    return this.clients.get(clientId, async (id) => (await this.repository.findClient(id))?.client);
  }

  /**
   * True when the tenant has this merchant. Merchants are only ever added, so a known one is answered
   * from the cache and an unknown one re-reads the table: a merchant added by any process counts at once.
   */
  async hasMerchant(tenantId: string, merchantId: string): Promise<boolean> {
    const load = async (id: string) => new Set((await this.repository.listMerchants(id)).map((merchant) => merchant.merchantId));
    if ((await this.merchants.get(tenantId, load)).has(merchantId)) return true;
    return (await this.merchants.reload(tenantId, load)).has(merchantId);
  }

  isValidApiKey(tenantId: string, apiKey: string): Promise<boolean> {
    return this.verifiedKeys.get(sha256Hex(`${tenantId}\u0000${apiKey}`), async () => {
      const live = await this.repository.liveApiKey(tenantId);
      if (!live) return false;
      if (live.prefix !== null && !constantTimeEquals(apiKey.slice(0, live.prefix.length), live.prefix)) return false;
      return verifySecret(apiKey, live.hash);
    });
  }

  /** Forget what this process cached about a tenant (after rotation, settings, client changes). */
  invalidate(tenantId?: string, clientId?: string): void {
    if (tenantId) this.tenants.invalidate(tenantId);
    if (tenantId) this.merchants.invalidate(tenantId);
    if (clientId) this.clients.invalidate(clientId);
    if (tenantId) this.verifiedKeys.clear();
  }
}
