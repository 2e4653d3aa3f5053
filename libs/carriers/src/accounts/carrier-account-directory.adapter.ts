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

interface TenantAccounts {
  loadedAt: number;
  /** The tenant's active and inactive accounts, oldest first (the repository's list order). */
  live: CarrierAccountSummary[];
}

/**
 * The Shipping context's view of carrier accounts (its port), served from `carriers.carrier_accounts`.
 * Every create and confirm asks it, so it keeps each tenant's live accounts for DIRECTORY_CACHE_MS
 * instead of querying (and decrypting properties) per request.
 */
export class CarrierAccountDirectoryAdapter implements CarrierAccountDirectory {
  private readonly cache = new Map<string, TenantAccounts>();
  private readonly loading = new Map<string, Promise<TenantAccounts>>();

  constructor(
    private readonly accounts: CarrierAccountRepository,
    private readonly carriers: CarrierRegistry,
    private readonly now: () => number = Date.now,
  ) {
    accounts.onChange((tenantId) => {
      this.cache.delete(tenantId);
      this.loading.delete(tenantId);
    });
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

  private async live(tenantId: string): Promise<CarrierAccountSummary[]> {
    const cached = this.cache.get(tenantId);
    if (cached && this.now() - cached.loadedAt < DIRECTORY_CACHE_MS) return cached.live;
    let pending = this.loading.get(tenantId);
    if (!pending) {
      const loadedAt = this.now();
      pending = this.accounts.list(tenantId, ['active', 'inactive'])
        .then((accounts) => ({ loadedAt, live: accounts.map((account) => this.summary(account)) }));
      this.loading.set(tenantId, pending);
      const loaded = pending;
      void loaded.then(
        (entry) => {
          // A change that arrived while loading dropped this load: keep only a load started after it.
          if (this.loading.get(tenantId) === loaded) this.cache.set(tenantId, entry);
        },
        () => undefined,
      ).finally(() => {
        if (this.loading.get(tenantId) === loaded) this.loading.delete(tenantId);
      });
    }
    return (await pending).live;
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
