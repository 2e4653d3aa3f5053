import type { CarrierRequirements } from './carrier-requirements';
import type { CarrierAssignment } from './shipment.commands';
import type { ErrorDetail, ShipmentContent } from './shipment.content';

/**
 * The whole booking check, run synchronously on confirmed create, confirm and reprocess: the problems
 * the application found with what the shipment names in the tenant's configuration, the shipment's
 * carrier, then everything the data must satisfy for any carrier (bookingRequirementProblems), then what
 * the assigned account's carrier declares it needs. Every problem is returned together; any ERROR puts
 * the shipment in status error (answered 200 with error_details), WARNINGs are kept and it goes on.
 */
export function validateForBooking(
  content: ShipmentContent,
  carrier: CarrierAssignment,
  referenceProblems: readonly ErrorDetail[] = [],
): ErrorDetail[] {
  const details: ErrorDetail[] = [...referenceProblems];
  const error = (code: string, field: string, message: string) => details.push(detail('ERROR', code, field, message));
  if (!content.merchant) error('merchant_missing', 'merchant', 'merchant is missing');
  if (carrier.kind === 'none') error('no_carrier_assigned', 'carrier', 'No carrier account could be assigned to the shipment');
  if (carrier.kind === 'invalid') {
    error('carrier_account_invalid', 'carrier_account', `Carrier account ${carrier.requested} is not valid for booking`);
  }
  const requirements = carrier.kind === 'assigned' ? carrier.requirements : undefined;
  return [...details, ...bookingRequirementProblems(content, requirements)];
}

/**
 * What the shipment's data must satisfy before a carrier is called: addresses, parcels, items, payment,
 * and the carrier's declared requirements when given. Also the booking reactor's last check.
 */
export function bookingRequirementProblems(content: ShipmentContent, requirements: CarrierRequirements = {}): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const error = (code: string, field: string, message: string) => details.push(detail('ERROR', code, field, message));
  const warning = (code: string, field: string, message: string) => details.push(detail('WARNING', code, field, message));

  checkAddress(content, 'pickup', error);
  checkAddress(content, 'dropoff', error);
  const email = content.dropoff?.contact_email;
  if (content.dropoff && !email) warning('email_missing', 'dropoff.contact_email', 'dropoff contact email is missing');
  if (email && !EMAIL.test(email)) warning('email_invalid', 'dropoff.contact_email', `dropoff contact email is invalid: ${email}`);
  checkPayment(content, requirements, error);
  checkParcels(content, requirements, error);
  checkItems(content, requirements, error);
  const label = requirements.label_format;
  if (label && !label.accepted.includes(label.chosen)) {
    error('label_format_invalid', 'carrier_account', `The carrier does not take ${label.chosen} labels (it takes ${label.accepted.join(', ') || 'none'})`);
  }
  return details;
}

/** The checks of a prebooked shipment: the external booking must be named. */
export function validatePreBooking(content: ShipmentContent): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (!content.pre_booking_info?.input_carrier) {
    details.push(detail('ERROR', 'required_data_missing', 'pre_booking_info.input_carrier', 'pre_booking_info.input_carrier is missing'));
  }
  if (!content.pre_booking_info?.carrier_tracking_no) {
    details.push(detail('ERROR', 'required_data_missing', 'pre_booking_info.carrier_tracking_no', 'pre_booking_info.carrier_tracking_no is missing'));
  }
  return details;
}

export function hasBlockingError(details: readonly ErrorDetail[]): boolean {
  return details.some((entry) => entry.level === 'ERROR');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY = /^[A-Z]{2}$/;
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });
/** An assigned ISO 3166 alpha-2 code: ICU names it (an unassigned code such as XX comes back as itself). */
const ASSIGNED = new Map<string, boolean>(); // at most 26 × 26 entries: COUNTRY admits nothing else
const isCountry = (code: string) => {
  if (!COUNTRY.test(code)) return false;
  let assigned = ASSIGNED.get(code);
  // ICU's lookup costs tens of µs, and every confirmed create asks it twice (pickup and dropoff).
  if (assigned === undefined) ASSIGNED.set(code, (assigned = code !== 'ZZ' && REGIONS.of(code) !== code));
  return assigned;
};
/** Countries whose addresses have no postcode: a missing postcode there is not an error. */
const COUNTRIES_WITHOUT_POSTCODES = new Set([
  'AE', 'QA', 'HK', 'AG', 'AO', 'AW', 'BS', 'BZ', 'BJ', 'BW', 'BF', 'BI', 'CM', 'CF', 'KM', 'CG', 'CD', 'CK', 'CI', 'DJ',
  'DM', 'GQ', 'ER', 'FJ', 'GM', 'GH', 'GD', 'GY', 'KI', 'LY', 'ML', 'MR', 'NR', 'NU', 'PA', 'RW', 'KN', 'LC', 'ST', 'SC',
  'SL', 'SB', 'SR', 'SY', 'TL', 'TG', 'TK', 'TO', 'TV', 'UG', 'VU', 'YE', 'ZW',
]);
/** E.164-ish: optional +, then 7–15 digits once spaces, dashes, dots and brackets are dropped. */
const PHONE = /^\+?[0-9]{7,15}$/;
const WEIGHT_UNITS = ['kg', 'g', 'lb'];
const DIMENSION_UNITS = ['cm', 'mm', 'm', 'in'];

type Report = (code: string, field: string, message: string) => void;

function checkAddress(content: ShipmentContent, which: 'pickup' | 'dropoff', error: Report): void {
  const address = content[which];
  if (!address) return error('required_data_missing', which, `${which} address is missing`);
  const country = address.country?.toUpperCase();
  if (!country) error('required_data_missing', `${which}.country`, `${which}.country is missing`);
  else if (!isCountry(country)) error('country_invalid', `${which}.country`, `${which}.country is not an ISO 3166 alpha-2 code: ${address.country}`);
  else if (!address.postcode && !COUNTRIES_WITHOUT_POSTCODES.has(country)) {
    error('postcode_missing', `${which}.postcode`, `${which}.postcode is required for ${country}`);
  }
  if (!address.address1 && !address.city) error('required_data_missing', `${which}.address1`, `${which}.address1 is missing`);
  const phone = address.contact_phone;
  if (phone !== undefined && phone !== '' && !PHONE.test(phone.replace(/[\s\-().]/g, ''))) {
    error('phone_number_invalid', `${which}.contact_phone`, `${which}.contact_phone is not a valid phone number: ${phone}`);
  }
  const coords = address.coords;
  if (coords && (coords.length !== 2 || Math.abs(coords[0]) > 90 || Math.abs(coords[1]) > 180)) {
    error('coordinates_invalid', `${which}.coords`, `${which}.coords must be [latitude, longitude]`);
  }
}

function checkPayment(content: ShipmentContent, requirements: CarrierRequirements, error: Report): void {
  const payment = content.payment;
  if (payment?.payment_mode === 'CASH_ON_DELIVERY' && !payment.currency) {
    error('payment_currency_invalid', 'payment.currency', 'a cash-on-delivery payment needs a currency');
  }
  const mode = payment?.payment_mode ?? 'PRE_PAID';
  if (requirements.payment_modes && !requirements.payment_modes.includes(mode)) {
    error('payment_method_invalid', 'payment.payment_mode', `The carrier does not take ${mode} (it takes ${requirements.payment_modes.join(', ') || 'none'})`);
  }
}

function checkParcels(content: ShipmentContent, requirements: CarrierRequirements, error: Report): void {
  const parcels = content.parcels ?? [];
  if (parcels.length === 0) error('parcel_info_missing', 'parcels', 'At least one parcel is needed to book with a carrier');
  parcels.forEach((parcel, index) => {
    const at = `parcels[${index}]`;
    if (typeof parcel.weight?.value !== 'number' || parcel.weight.value <= 0) {
      error('parcel_weight_missing', `${at}.weight`, `${at}.weight is missing`);
    } else if (parcel.weight.unit && !WEIGHT_UNITS.includes(parcel.weight.unit.toLowerCase())) {
      error('weight_unit_invalid', `${at}.weight.unit`, `Unknown weight unit: ${parcel.weight.unit} (one of ${WEIGHT_UNITS.join(', ')})`);
    }
    const dimension = parcel.dimension;
    if (dimension?.unit && !DIMENSION_UNITS.includes(dimension.unit.toLowerCase())) {
      error('dimension_unit_invalid', `${at}.dimension.unit`, `Unknown dimension unit: ${dimension.unit} (one of ${DIMENSION_UNITS.join(', ')})`);
    }
    const measured = [dimension?.width, dimension?.height, dimension?.depth].every((value) => typeof value === 'number' && value > 0);
    if (requirements.parcel_dimensions && !measured) {
      error('parcel_dimensions_missing', `${at}.dimension`, `The carrier needs ${at} width, height and depth`);
    }
  });
}

function checkItems(content: ShipmentContent, requirements: CarrierRequirements, error: Report): void {
  const from = content.pickup?.country?.toUpperCase();
  const to = content.dropoff?.country?.toUpperCase();
  const international = Boolean(from && to && from !== to);
  const customs = requirements.customs_items_international && international;
  (content.items ?? []).forEach((item, index) => {
    const at = `items[${index}]`;
    if (requirements.item_weight && (typeof item.weight?.value !== 'number' || item.weight.value <= 0)) {
      error('item_weight_missing', `${at}.weight`, `The carrier needs ${at}.weight`);
    }
    if (customs && !item.hs_code) error('item_hscode_missing', `${at}.hs_code`, `${at}.hs_code is needed for an international shipment`);
    if (customs && !item.origin_country) {
      error('item_origin_country_missing', `${at}.origin_country`, `${at}.origin_country is needed for an international shipment`);
    }
  });
  checkParcelItems(content, error);
}

function checkParcelItems(content: ShipmentContent, error: Report): void {
  const skus = new Set((content.items ?? []).map((item) => item.sku).filter(Boolean));
  (content.parcels ?? []).forEach((parcel, index) => {
    (parcel.parcel_items ?? []).forEach((entry, itemIndex) => {
      if (!entry.sku || !skus.has(entry.sku)) {
        error('parcel_item_invalid', `parcels[${index}].parcel_items[${itemIndex}].sku`, `parcel item ${entry.sku ?? ''} is not one of the shipment's items`);
      }
    });
  });
}

function detail(level: ErrorDetail['level'], code: string, field: string, message: string): ErrorDetail {
  return { level, trigger: 'BOOKING', source: 'shipledger', type: 'VALIDATION', code, field, message };
}
