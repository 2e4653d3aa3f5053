import { ApiError, canAccessMerchant, type AuthContext } from '@shipledger/platform';
import type { ShipmentPatch } from '../../domain/shipment';

/** A body may not move a shipment to a merchant the caller cannot touch. */
export function assertMerchant(auth: AuthContext, patch: ShipmentPatch | undefined): void {
  if (patch?.merchant !== undefined && !canAccessMerchant(auth, patch.merchant)) {
    throw ApiError.forbidden(`Not allowed to act for merchant ${patch.merchant}`);
  }
}
