import type { CarrierCode } from '../accounts/carrier-account';
import { carrierError, type CarrierOutcome, type CarrierRate, type RatingRequest } from '../carrier/carrier.port';
import { sandboxRejections } from '../sandbox/sandbox-rules';
import { priceSandboxShipment, rateCardOf } from './sandbox-pricing';

/**
 * The sandbox carriers' rating: the account's rejection rules first (the same ones booking applies, so a
 * quote never promises what booking would refuse), then the tariff in the account's CURRENCY (EUR by default).
 */
export function rateWithSandboxTariff(code: CarrierCode, request: RatingRequest): CarrierOutcome<CarrierRate> {
  const { account, content } = request;
  const rejections = sandboxRejections(account.property, content);
  if (rejections.length > 0) return { ok: false, errors: rejections };
  const price = priceSandboxShipment(content, account.property.CURRENCY?.trim().toUpperCase() || 'EUR', rateCardOf(account.property));
  if (!price) {
    return { ok: false, errors: [carrierError('BOOKING', 'parcel_info_missing', 'At least one parcel with a weight or dimensions is needed to rate', 'parcels')] };
  }
  return {
    ok: true,
    value: {
      serviceName: `${code}_${price.zone.toUpperCase()}_STANDARD`,
      serviceDescription: `${code === 'SANDBOX' ? 'Sandbox' : 'Sandbox lite'} ${price.zone} standard delivery`,
      estimatedDays: price.estimatedDays,
      cost: price.cost,
    },
  };
}
