import { hasBlockingError, validateForBooking, validatePreBooking } from './booking-validation';
import type { CarrierRequirements } from './carrier-requirements';
import type { CarrierAssignment } from './shipment.commands';
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
    ['a country that is not a code', bookableContent({ pickup: { city: 'Dubai', country: 'United Arab Emirates' } }), [['ERROR', 'country_invalid', 'pickup.country']]],
    ['coordinates out of range', bookableContent({ pickup: { city: 'Dubai', country: 'AE', coords: [95, 10] } }), [['ERROR', 'coordinates_invalid', 'pickup.coords']]],
    ['no dropoff email', bookableContent({ dropoff: { city: 'Dubai', country: 'AE' } }), [['WARNING', 'email_missing', 'dropoff.contact_email']]],
    ['a malformed email', bookableContent({ dropoff: { city: 'Dubai', country: 'AE', contact_email: 'ann@' } }), [['WARNING', 'email_invalid', 'dropoff.contact_email']]],
    ['COD without currency', bookableContent({ payment: { payment_mode: 'CASH_ON_DELIVERY', total_amount: 5 } }), [['ERROR', 'payment_currency_invalid', 'payment.currency']]],
    ['a parcel item that is not an item', bookableContent({ parcels: [{ weight: { value: 1 }, parcel_items: [{ sku: 'GHOST', quantity: 1 }] }] }),
      [['ERROR', 'parcel_item_invalid', 'parcels[0].parcel_items[0].sku']]],
  ])('%s', (_name, content, expected) => {
    expect(codes(content)).toEqual(expected);
  });

  it.each<[string, ShipmentContent, string[][]]>([
    ['no parcel', bookableContent({ parcels: [] }), [['ERROR', 'parcel_info_missing', 'parcels']]],
    ['a parcel without weight, another in stone', bookableContent({ parcels: [{ weight: { value: 0 } }, { weight: { value: 1, unit: 'stone' } }] }),
      [['ERROR', 'parcel_weight_missing', 'parcels[0].weight'], ['ERROR', 'weight_unit_invalid', 'parcels[1].weight.unit']]],
    ['a dimension in furlongs', bookableContent({ parcels: [{ weight: { value: 1 }, dimension: { width: 1, unit: 'furlong' } }] }),
      [['ERROR', 'dimension_unit_invalid', 'parcels[0].dimension.unit']]],
    ['an unassigned country code', bookableContent({ pickup: { city: 'X', country: 'XX' } }), [['ERROR', 'country_invalid', 'pickup.country']]],
    ['no postcode where the country has them', bookableContent({ pickup: { city: 'London', country: 'GB' } }), [['ERROR', 'postcode_missing', 'pickup.postcode']]],
    ['a phone that is not one', bookableContent({ pickup: { city: 'Dubai', country: 'AE', contact_phone: '12' } }), [['ERROR', 'phone_number_invalid', 'pickup.contact_phone']]],
    ['several problems at once', bookableContent({ pickup: undefined, parcels: [] }),
      [['ERROR', 'required_data_missing', 'pickup'], ['ERROR', 'parcel_info_missing', 'parcels']]],
  ])('carrier-independent: %s', (_name, content, expected) => {
    expect(codes(content)).toEqual(expected);
  });

  describe("the carrier's declared requirements", () => {
    const strict = (requirements: CarrierRequirements): CarrierAssignment => ({ ...ASSIGNED, requirements } as CarrierAssignment);
    const abroad = { dropoff: { address1: '1 Rue', city: 'Paris', country: 'FR', postcode: '75001', contact_email: 'a@b.co' } };

    it.each<[string, CarrierRequirements, ShipmentContent, string[][]]>([
      ['item_weight_missing', { item_weight: true }, bookableContent(), [['ERROR', 'item_weight_missing', 'items[0].weight']]],
      ['parcel_dimensions_missing', { parcel_dimensions: true }, bookableContent(), [['ERROR', 'parcel_dimensions_missing', 'parcels[0].dimension']]],
      ['item_hscode_missing and item_origin_country_missing abroad', { customs_items_international: true }, bookableContent(abroad),
        [['ERROR', 'item_hscode_missing', 'items[0].hs_code'], ['ERROR', 'item_origin_country_missing', 'items[0].origin_country']]],
      ['no customs data needed at home', { customs_items_international: true }, bookableContent(), []],
      ['payment_method_invalid', { payment_modes: ['PRE_PAID'] }, bookableContent({ payment: { payment_mode: 'CASH_ON_DELIVERY', currency: 'AED' } }),
        [['ERROR', 'payment_method_invalid', 'payment.payment_mode']]],
      ['label_format_invalid', { label_format: { chosen: 'service_pdf', accepted: ['service_zpl'] } }, bookableContent(),
        [['ERROR', 'label_format_invalid', 'carrier_account']]],
      ['all met', { item_weight: true, parcel_dimensions: true, payment_modes: ['PRE_PAID'], label_format: { chosen: 'service_pdf', accepted: ['service_pdf'] } },
        bookableContent({ items: [{ sku: 'SKU-1', weight: { value: 1 } }], parcels: [{ weight: { value: 1 }, dimension: { width: 1, height: 1, depth: 1, unit: 'cm' } }] }), []],
    ])('%s', (_name, requirements, content, expected) => {
      expect(codes(content, strict(requirements))).toEqual(expected);
    });
  });

  it('carrier problems: none assigned, or an unusable named account', () => {
    expect(codes(bookableContent(), { kind: 'none' })).toEqual([['ERROR', 'no_carrier_assigned', 'carrier']]);
    expect(codes(bookableContent(), { kind: 'invalid', requested: 'x' })).toEqual([['ERROR', 'carrier_account_invalid', 'carrier_account']]);
  });

  it('warnings alone do not block; prebooking needs carrier and tracking number', () => {
    expect(hasBlockingError(validateForBooking(bookableContent({ dropoff: { city: 'Dubai', country: 'AE' } }), ASSIGNED))).toBe(false);
    expect(validatePreBooking({ pre_booked: true }).map((detail) => detail.field)).toEqual([
      'pre_booking_info.input_carrier', 'pre_booking_info.carrier_tracking_no',
    ]);
  });
});
