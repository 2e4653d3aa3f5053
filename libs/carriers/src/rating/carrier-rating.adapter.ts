import type { ShipmentContent, ShippingRate, ShippingRater } from '@shipledger/shipping';
import type { CarrierAccount } from '../accounts/carrier-account';
import type { CarrierAccountRepository } from '../accounts/carrier-account.repository';
import { carrierError } from '../carrier/carrier.port';
import type { CarrierRegistry } from '../carrier/carrier.registry';

const DAY_MS = 86_400_000;

/** The Shipping context's ShippingRater: each account's carrier adapter prices the shipment. */
export class CarrierRatingAdapter implements ShippingRater {
  constructor(private readonly accounts: CarrierAccountRepository, private readonly carriers: CarrierRegistry) {}

  /** Ids in `carrierIds` that are not an active account of this tenant are left out, never guessed at. */
  async rates(tenantId: string, content: ShipmentContent, at: string, carrierIds?: readonly string[]): Promise<ShippingRate[]> {
    const active = await this.accounts.list(tenantId, ['active']);
    const chosen = carrierIds ? active.filter((account) => carrierIds.includes(account.carrierAccountId)) : active;
    return Promise.all(chosen.map((account) => this.rateWith(account, content, at)));
  }

  async rate(tenantId: string, carrierId: string, content: ShipmentContent, at: string): Promise<ShippingRate | undefined> {
    const account = await this.accounts.get(tenantId, carrierId);
    return account ? this.rateWith(account, content, at) : undefined;
  }

  private async rateWith(account: CarrierAccount, content: ShipmentContent, at: string): Promise<ShippingRate> {
    const listed = { carrier: account.carrier, carrier_account_id: account.carrierAccountId, carrier_account_name: account.carrierAccountName };
    try {
      const outcome = await this.carriers.get(account.carrier).rate({ account, content, at });
      if (!outcome.ok) return { ...listed, error_details: outcome.errors };
      const rate = outcome.value;
      return {
        ...listed,
        service_name: rate.serviceName,
        service_description: rate.serviceDescription,
        delivery_promise: new Date(Date.parse(at) + rate.estimatedDays * DAY_MS).toISOString().slice(0, 10),
        estimated_days: rate.estimatedDays,
        estimated_shipping_cost: rate.cost,
        error_details: [],
      };
    } catch (error) {
      // One unreachable carrier must not sink the whole checkout quote.
      return { ...listed, error_details: [carrierError('BOOKING', 'carrier_unavailable', `Rating failed: ${(error as Error).message}`, undefined, 'TECHNICAL')] };
    }
  }
}
