import type { ErrorDetail, ShipmentContent } from '@shipledger/shipping';

/** Countries whose addresses have no postcode: a missing postcode there is not an error. */
const COUNTRIES_WITHOUT_POSTCODES = new Set([
  'AE', 'QA', 'HK', 'AG', 'AO', 'AW', 'BS', 'BZ', 'BJ', 'BW', 'BF', 'BI', 'CM', 'CF', 'KM', 'CG', 'CD', 'CK', 'CI', 'DJ',
  'DM', 'GQ', 'ER', 'FJ', 'GM', 'GH', 'GD', 'GY', 'KI', 'LY', 'ML', 'MR', 'NR', 'NU', 'PA', 'RW', 'KN', 'LC', 'ST', 'SC',
  'SL', 'SB', 'SR', 'SY', 'TL', 'TG', 'TK', 'TO', 'TV', 'UG', 'VU', 'YE', 'ZW',
]);
const COUNTRY = /^[A-Z]{2}$/;
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });
/** An assigned ISO 3166 alpha-2 code: ICU names it (an unassigned code such as XX comes back as itself). */
const isCountry = (code: string) => COUNTRY.test(code) && code !== 'ZZ' && REGIONS.of(code) !== code;
/** E.164-ish: optional +, then 7–15 digits once spaces, dashes, dots and brackets are dropped. */
const PHONE = /^\+?[0-9]{7,15}$/;

/**
 * What every carrier needs before it is called, checked when the booking reactor picks the request up
 * (the synchronous validation on confirm only checks what the data itself decides). ERRORs stop the
 * booking; WARNINGs (email_missing) travel with it.
 */
export function carrierRequirementProblems(content: ShipmentContent): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const error = (code: string, field: string, message: string) => problems.push(detail('ERROR', code, field, message));
  const parcels = content.parcels ?? [];
  if (parcels.length === 0) error('parcel_info_missing', 'parcels', 'At least one parcel is needed to book with a carrier');
  parcels.forEach((parcel, index) => {
    if (typeof parcel.weight?.value !== 'number' || parcel.weight.value <= 0) {
      error('parcel_weight_missing', `parcels[${index}].weight`, `parcels[${index}].weight is missing`);
    } else if (parcel.weight.unit && !['kg', 'g', 'lb'].includes(parcel.weight.unit.toLowerCase())) {
      error('weight_unit_invalid', `parcels[${index}].weight.unit`, `Unknown weight unit: ${parcel.weight.unit}`);
    }
  });
  for (const side of ['pickup', 'dropoff'] as const) {
    const address = content[side];
    if (!address) {
      error('required_data_missing', side, `${side} address is missing`);
      continue;
    }
    const country = address.country?.toUpperCase();
    if (!country || !isCountry(country)) error('country_invalid', `${side}.country`, `${side}.country must be an ISO 3166 alpha-2 code`);
    else if (!address.postcode && !COUNTRIES_WITHOUT_POSTCODES.has(country)) {
      error('postcode_missing', `${side}.postcode`, `${side}.postcode is required for ${country}`);
    }
    if (!address.address1 && !address.city) error('required_data_missing', `${side}.address1`, `${side}.address1 is missing`);
    const phone = address.contact_phone;
    if (phone !== undefined && phone !== '' && !PHONE.test(phone.replace(/[\s\-().]/g, ''))) {
      error('phone_number_invalid', `${side}.contact_phone`, `${side}.contact_phone is not a valid phone number: ${phone}`);
    }
  }
  if (content.dropoff && !content.dropoff.contact_email) {
    problems.push(detail('WARNING', 'email_missing', 'dropoff.contact_email', 'dropoff contact email is missing'));
  }
  return problems;
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
