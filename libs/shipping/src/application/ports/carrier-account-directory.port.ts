import type { CarrierRequirements, ShipmentContent } from '../../domain/shipment';

/** A carrier account as the Shipping context needs it to assign and book. */
export interface CarrierAccountSummary {
  carrier: string;
  carrier_id: string;
  carrier_account_name: string;
  status: 'active' | 'inactive' | 'deleted';
  capabilities?: {
    cancellation?: boolean;
    collectionScheduling?: boolean;
    documentUpload?: boolean;
  };
  /** What the account's carrier declares it needs before booking (checked synchronously on confirm). */
  requirements?: CarrierRequirements;
}

/**
 * Implemented by the carriers context (libs/carriers) and bound to CARRIER_ACCOUNT_DIRECTORY.
 * `resolve`: the tenant's account named by carrier_id (wins) or carrier_account_name, any status, or
 * undefined. `chooseByRouting`: the account routing picks for the shipment (until automation rules
 * exist: the tenant's only active account), or undefined → no_carrier_assigned.
 */
export interface CarrierAccountDirectory {
  resolve(
    tenantId: string,
    request: { carrier_id?: string; carrier_account_name?: string },
  ): Promise<CarrierAccountSummary | undefined>;
  chooseByRouting(
    tenantId: string,
    shipment: { shipment_id: string; content: ShipmentContent },
  ): Promise<CarrierAccountSummary | undefined>;
}

export const CARRIER_ACCOUNT_DIRECTORY = Symbol.for('shipledger.shipping.carrier-account-directory');
