import type { CarrierAssignment, CarrierAccountRequest, ShipmentContent } from '../../domain/shipment';
import type { CarrierAccountDirectory, CarrierAccountSummary } from '../ports/carrier-account-directory.port';

/**
 * The carrier for a booking: the account the request names (it must exist and be active), else the
 * one routing chooses, else none.
 */
export async function assignCarrier(
  directory: CarrierAccountDirectory,
  tenantId: string,
  shipment: { shipment_id: string; content: ShipmentContent },
  requested: CarrierAccountRequest | undefined = shipment.content.carrier_account,
): Promise<CarrierAssignment> {
  const name = requested?.carrier_id || requested?.carrier_account_name;
  if (requested && name) {
    const account = await directory.resolve(tenantId, requested);
    return account && account.status === 'active' ? assigned(account) : { kind: 'invalid', requested: name };
  }
  const routed = await directory.chooseByRouting(tenantId, shipment);
  return routed && routed.status === 'active' ? assigned(routed) : { kind: 'none' };
}

function assigned(account: CarrierAccountSummary): CarrierAssignment {
  return {
    kind: 'assigned',
    account: { carrier: account.carrier, carrier_id: account.carrier_id, carrier_account_name: account.carrier_account_name },
    requirements: account.requirements,
  };
}
