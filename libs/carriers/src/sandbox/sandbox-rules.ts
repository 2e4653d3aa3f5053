import type { ErrorDetail, ShipmentContent } from '@shipledger/shipping';
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
