import { bookingRequirementProblems, type CarrierRequirements, type ErrorDetail, type ShipmentContent } from '@shipledger/shipping';

/**
 * The booking reactor's last check before it calls the carrier: the same rules the synchronous
 * validation on confirm runs (shipping's bookingRequirementProblems), with the carrier's declared
 * requirements for the account. A shipment confirmed before a requirement was declared, or reassigned
 * to a stricter account, fails here instead of at the carrier.
 */
export function carrierRequirementProblems(content: ShipmentContent, requirements?: CarrierRequirements): ErrorDetail[] {
  return bookingRequirementProblems(content, requirements);
}

export function noCarrierAssigned(): ErrorDetail {
  return detail('ERROR', 'no_carrier_assigned', 'carrier', 'No carrier account is assigned to the shipment');
}

export function carrierAccountInvalid(accountId: string, why: string): ErrorDetail {
  return detail('ERROR', 'carrier_account_invalid', 'carrier_account', `Carrier account ${accountId} cannot book: ${why}`);
}

function detail(level: ErrorDetail['level'], code: string, field: string, message: string): ErrorDetail {
  return { level, trigger: 'BOOKING', source: 'shipledger', type: 'VALIDATION', code, field, message };
}
