import { RefreshingCache } from '@shipledger/platform';
import type { CarrierAccountDirectory, CarrierAccountSummary, ShipmentContent } from '@shipledger/shipping';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import type { CarrierAccount } from './carrier-account';
import type { CarrierAccountRepository } from './carrier-account.repository';

/**
 * How long this process may answer from its copy of a tenant's live accounts. A write through this
 * process clears the tenant's copy at once; a write through another process (another API instance,
 * the CLI) is seen within this time.
 */
export const DIRECTORY_CACHE_MS = 5_000;

/** Tenants whose accounts this process keeps at once (the oldest loaded goes first). */
const DIRECTORY_MAX_TENANTS = 10_000;

/**
 * The Shipping context's view of carrier accounts (its port), served from `carriers.carrier_accounts`.
 * Every create and confirm asks it, so it keeps each tenant's live accounts for DIRECTORY_CACHE_MS
 * instead of querying (and decrypting properties) per request, loading a tenant once at a time and
 * ahead of its expiry (RefreshingCache).
 */
export class CarrierAccountDirectoryAdapter implements CarrierAccountDirectory {
  /** Per tenant: its active and inactive accounts, oldest first (the repository's list order). */
  private readonly cache: RefreshingCache<string, CarrierAccountSummary[]>;

  constructor(
    private readonly accounts: CarrierAccountRepository,
    private readonly carriers: CarrierRegistry,
    now: () => number = Date.now,
  ) {
    this.cache = new RefreshingCache({ ttlMs: DIRECTORY_CACHE_MS, maxEntries: DIRECTORY_MAX_TENANTS, now });
    // A change that arrives while loading drops that load too: only a load started after it is kept.
    accounts.onChange((tenantId) => this.cache.invalidate(tenantId));
  }

  async resolve(tenantId: string, request: { carrier_id?: string; carrier_account_name?: string }): Promise<CarrierAccountSummary | undefined> {
    if (request.carrier_id) {
      const live = (await this.live(tenantId)).find((account) => account.carrier_id === request.carrier_id);
      if (live) return live;
      // Deleted accounts are not kept: they resolve (to their status) from the table.
      const account = await this.accounts.get(tenantId, request.carrier_id);
      return account ? this.summary(account) : undefined;
    }
    if (request.carrier_account_name) {
      const name = request.carrier_account_name.toLowerCase();
      return (await this.live(tenantId)).find((account) => account.carrier_account_name.toLowerCase() === name);
    }
    return undefined;
  }

  /** Until automation rules route shipments: the tenant's oldest active account. */
  async chooseByRouting(tenantId: string, _shipment: { shipment_id: string; content: ShipmentContent }): Promise<CarrierAccountSummary | undefined> {
    return (await this.live(tenantId)).find((account) => account.status === 'active');
  }

  private live(tenantId: string): Promise<CarrierAccountSummary[]> {
    return this.cache.get(tenantId, async (id) => (await this.accounts.list(id, ['active', 'inactive'])).map((account) => this.summary(account)));
  }

  private summary(account: CarrierAccount): CarrierAccountSummary {
    const carrier = this.carriers.get(account.carrier);
    const capabilities = carrier.capabilities;
    return {
      carrier: account.carrier,
      carrier_id: account.carrierAccountId,
      carrier_account_name: account.carrierAccountName,
      status: account.status,
      capabilities: {
        cancellation: capabilities.cancellation,
        collectionScheduling: capabilities.collectionScheduling,
        documentUpload: capabilities.documentUpload,
      },
      requirements: carrier.requirements?.(account),
    };
  }
}
