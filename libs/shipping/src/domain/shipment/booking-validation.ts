import type { CarrierAssignment } from './shipment.commands';
import type { ErrorDetail, ShipmentContent } from './shipment.content';

/**
 * Synchronous booking validation on confirmed create, confirm and reprocess. Any ERROR puts the
 * shipment in status error (answered 200 with error_details); WARNINGs are kept and the shipment goes on.
 * Only what the data itself decides is checked here; carriers add their own checks when booking.
 */
export function validateForBooking(content: ShipmentContent, carrier: CarrierAssignment): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const error = (code: string, field: string, message: string) => details.push(detail('ERROR', code, field, message));
  const warning = (code: string, field: string, message: string) => details.push(detail('WARNING', code, field, message));

  if (!content.merchant) error('merchant_missing', 'merchant', 'merchant is missing');
  if (carrier.kind === 'none') error('no_carrier_assigned', 'carrier', 'No carrier account could be assigned to the shipment');
  if (carrier.kind === 'invalid') {
    error('carrier_account_invalid', 'carrier_account', `Carrier account ${carrier.requested} is not valid for booking`);
  }
  checkAddress(content, 'pickup', error);
  checkAddress(content, 'dropoff', error);
  const email = content.dropoff?.contact_email;
  if (content.dropoff && !email) warning('email_missing', 'dropoff.contact_email', 'dropoff contact email is missing');
  if (email && !EMAIL.test(email)) warning('email_invalid', 'dropoff.contact_email', `dropoff contact email is invalid: ${email}`);
  const payment = content.payment;
  if (payment?.payment_mode === 'CASH_ON_DELIVERY' && !payment.currency) {
    error('payment_currency_invalid', 'payment.currency', 'a cash-on-delivery payment needs a currency');
  }
  checkParcelItems(content, error);
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
const COUNTRY = /^[A-Za-z]{2}$/;

type Report = (code: string, field: string, message: string) => void;

function checkAddress(content: ShipmentContent, which: 'pickup' | 'dropoff', error: Report): void {
  const address = content[which];
  if (!address) return error('required_data_missing', which, `${which} address is missing`);
  if (!address.country) error('required_data_missing', `${which}.country`, `${which}.country is missing`);
  else if (!COUNTRY.test(address.country)) error('country_invalid', `${which}.country`, `${which}.country is not a country code: ${address.country}`);
  const coords = address.coords;
  if (coords && (coords.length !== 2 || Math.abs(coords[0]) > 90 || Math.abs(coords[1]) > 180)) {
    error('coordinates_invalid', `${which}.coords`, `${which}.coords must be [latitude, longitude]`);
  }
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
