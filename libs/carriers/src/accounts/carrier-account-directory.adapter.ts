import type { CarrierAccountDirectory, CarrierAccountSummary, ShipmentContent } from '@shipledger/shipping';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import type { CarrierAccount } from './carrier-account';
import type { CarrierAccountRepository } from './carrier-account.repository';

/** The Shipping context's view of carrier accounts (its port), served from `carriers.carrier_accounts`. */
export class CarrierAccountDirectoryAdapter implements CarrierAccountDirectory {
  constructor(private readonly accounts: CarrierAccountRepository, private readonly carriers: CarrierRegistry) {}

  async resolve(tenantId: string, request: { carrier_id?: string; carrier_account_name?: string }): Promise<CarrierAccountSummary | undefined> {
    if (request.carrier_id) {
      const account = await this.accounts.get(tenantId, request.carrier_id);
      return account ? this.summary(account) : undefined;
    }
    if (request.carrier_account_name) {
      const account = await this.accounts.findLiveByName(tenantId, request.carrier_account_name);
      return account ? this.summary(account) : undefined;
    }
    return undefined;
  }

  /** Until automation rules route shipments: the tenant's oldest active account. */
  async chooseByRouting(tenantId: string, _shipment: { shipment_id: string; content: ShipmentContent }): Promise<CarrierAccountSummary | undefined> {
    const [first] = await this.accounts.list(tenantId, ['active']);
    return first ? this.summary(first) : undefined;
  }

  private summary(account: CarrierAccount): CarrierAccountSummary {
    const capabilities = this.carriers.get(account.carrier).capabilities;
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
    };
  }
}
