import type { CarrierRequirements, ErrorDetail, ShipmentContent } from '@shipledger/shipping';
import type { CarrierAccount } from '../accounts/carrier-account';
import { carrierError } from '../carrier/carrier.port';

/**
 * Rejection rules a sandbox account carries in its `property`, so a tenant can rehearse a carrier's
 * refusals: MAX_PARCEL_WEIGHT_KG, UNSERVED_COUNTRIES and UNSERVED_POSTCODES (comma-separated),
 * REQUIRE_PHONE (true/false).
 */
export function sandboxRejections(property: Record<string, string>, content: ShipmentContent): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const maxKg = Number(property.MAX_PARCEL_WEIGHT_KG);
  if (property.MAX_PARCEL_WEIGHT_KG && Number.isFinite(maxKg)) {
    (content.parcels ?? []).forEach((parcel, index) => {
      const kg = weightInKg(parcel.weight?.value, parcel.weight?.unit);
      if (kg !== undefined && kg > maxKg) {
        errors.push(carrierError('BOOKING', 'required_data_invalid',
          `Parcel weight ${kg} kg exceeds the carrier maximum of ${maxKg} kg`, `parcels[${index}].weight.value`));
      }
    });
  }
  const country = content.dropoff?.country?.toUpperCase();
  if (country && list(property.UNSERVED_COUNTRIES).includes(country)) {
    errors.push(carrierError('BOOKING', 'country_invalid', `The carrier does not deliver to ${country}`, 'dropoff.country'));
  }
  const postcode = content.dropoff?.postcode?.toUpperCase().replace(/\s+/g, '');
  if (postcode && list(property.UNSERVED_POSTCODES).map((p) => p.replace(/\s+/g, '')).includes(postcode)) {
    errors.push(carrierError('BOOKING', 'postcode_invalid', `The carrier does not serve postcode ${postcode}`, 'dropoff.postcode'));
  }
  if (property.REQUIRE_PHONE?.toLowerCase() === 'true' && !content.dropoff?.contact_phone) {
    errors.push(carrierError('BOOKING', 'phone_number_invalid', 'The carrier requires a receiver phone number', 'dropoff.contact_phone'));
  }
  return errors;
}

/**
 * The requirements a sandbox account declares in its `property`, so a tenant can rehearse a stricter
 * carrier before booking: REQUIRE_ITEM_WEIGHT, REQUIRE_PARCEL_DIMENSIONS, REQUIRE_CUSTOMS_ITEMS
 * (true/false: hs_code and origin_country on international shipments), PAYMENT_MODES and LABEL_FORMATS
 * (comma-separated: the payment modes and label kinds the carrier takes).
 */
export function sandboxRequirements(account: Pick<CarrierAccount, 'property' | 'defaultLabel'>): CarrierRequirements {
  const { property } = account;
  const flag = (name: string) => property[name]?.trim().toLowerCase() === 'true';
  const requirements: CarrierRequirements = {};
  if (flag('REQUIRE_ITEM_WEIGHT')) requirements.item_weight = true;
  if (flag('REQUIRE_PARCEL_DIMENSIONS')) requirements.parcel_dimensions = true;
  if (flag('REQUIRE_CUSTOMS_ITEMS')) requirements.customs_items_international = true;
  if (property.PAYMENT_MODES !== undefined) requirements.payment_modes = list(property.PAYMENT_MODES);
  if (property.LABEL_FORMATS !== undefined) {
    requirements.label_format = { chosen: account.defaultLabel, accepted: list(property.LABEL_FORMATS).map((kind) => kind.toLowerCase()) };
  }
  return requirements;
}

export function weightInKg(value: number | undefined, unit: string | undefined): number | undefined {
  if (typeof value !== 'number') return undefined;
  switch ((unit ?? 'kg').toLowerCase()) {
    case 'g': return value / 1000;
    case 'lb': return value * 0.45359237;
    default: return value;
  }
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((entry) => entry.trim().toUpperCase()).filter(Boolean);
}
