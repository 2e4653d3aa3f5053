import { hasBlockingError, validateForBooking, validatePreBooking } from './booking-validation';
import type { ShipmentContent } from './shipment.content';
import { ASSIGNED, bookableContent } from './shipment.fixtures';

const codes = (content: ShipmentContent, carrier = ASSIGNED) =>
  validateForBooking(content, carrier).map((detail) => [detail.level, detail.code, detail.field]);

describe('booking validation', () => {
  it('a complete shipment with an assigned carrier passes', () => {
    expect(codes(bookableContent())).toEqual([]);
  });

  it.each<[string, ShipmentContent, string[][]]>([
    ['no merchant', { ...bookableContent(), merchant: undefined }, [['ERROR', 'merchant_missing', 'merchant']]],
    ['no pickup', { ...bookableContent(), pickup: undefined }, [['ERROR', 'required_data_missing', 'pickup']]],
    ['dropoff without country', bookableContent({ dropoff: { city: 'Dubai', contact_email: 'a@b.co' } }), [['ERROR', 'required_data_missing', 'dropoff.country']]],
    ['a country that is not a code', bookableContent({ pickup: { country: 'United Arab Emirates' } }), [['ERROR', 'country_invalid', 'pickup.country']]],
    ['coordinates out of range', bookableContent({ pickup: { country: 'AE', coords: [95, 10] } }), [['ERROR', 'coordinates_invalid', 'pickup.coords']]],
    ['no dropoff email', bookableContent({ dropoff: { country: 'AE' } }), [['WARNING', 'email_missing', 'dropoff.contact_email']]],
    ['a malformed email', bookableContent({ dropoff: { country: 'AE', contact_email: 'ann@' } }), [['WARNING', 'email_invalid', 'dropoff.contact_email']]],
    ['COD without currency', bookableContent({ payment: { payment_mode: 'CASH_ON_DELIVERY', total_amount: 5 } }), [['ERROR', 'payment_currency_invalid', 'payment.currency']]],
    ['a parcel item that is not an item', bookableContent({ parcels: [{ parcel_items: [{ sku: 'GHOST', quantity: 1 }] }] }),
      [['ERROR', 'parcel_item_invalid', 'parcels[0].parcel_items[0].sku']]],
  ])('%s', (_name, content, expected) => {
    expect(codes(content)).toEqual(expected);
  });

  it('carrier problems: none assigned, or an unusable named account', () => {
    expect(codes(bookableContent(), { kind: 'none' })).toEqual([['ERROR', 'no_carrier_assigned', 'carrier']]);
    expect(codes(bookableContent(), { kind: 'invalid', requested: 'x' })).toEqual([['ERROR', 'carrier_account_invalid', 'carrier_account']]);
  });

  it('warnings alone do not block; prebooking needs carrier and tracking number', () => {
    expect(hasBlockingError(validateForBooking(bookableContent({ dropoff: { country: 'AE' } }), ASSIGNED))).toBe(false);
    expect(validatePreBooking({ pre_booked: true }).map((detail) => detail.field)).toEqual([
      'pre_booking_info.input_carrier', 'pre_booking_info.carrier_tracking_no',
    ]);
  });
});
