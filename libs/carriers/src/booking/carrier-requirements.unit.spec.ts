import type { ShipmentContent } from '@shipledger/shipping';
import { carrierRequirementProblems } from './carrier-requirements';

const address = (overrides: Record<string, unknown> = {}) => ({ address1: '1 Road', city: 'London', country: 'GB', postcode: 'E1 6AN', ...overrides });
const bookable = (overrides: Partial<ShipmentContent> = {}): ShipmentContent => ({
  pickup: address(), dropoff: address({ contact_email: 'a@example.com', contact_phone: '+44 (20) 7946-0000' }),
  parcels: [{ weight: { value: 1, unit: 'kg' } }], ...overrides,
});
const codes = (content: ShipmentContent) => carrierRequirementProblems(content).map((p) => `${p.level}:${p.code}:${p.field}`);

describe('what every carrier needs', () => {
  it('a complete shipment has no problem', () => {
    expect(codes(bookable())).toEqual([]);
  });

  it('names each problem with its code, level and field', () => {
    expect(codes(bookable({ parcels: [] }))).toEqual(['ERROR:parcel_info_missing:parcels']);
    expect(codes(bookable({ parcels: [{ weight: { value: 0 } }, { weight: { value: 1, unit: 'stone' } }] })))
      .toEqual(['ERROR:parcel_weight_missing:parcels[0].weight', 'ERROR:weight_unit_invalid:parcels[1].weight.unit']);
    expect(codes(bookable({ dropoff: address({ country: 'XX', contact_email: 'a@b.co' }) }))).toEqual(['ERROR:country_invalid:dropoff.country']);
    expect(codes(bookable({ dropoff: address({ postcode: undefined, contact_email: 'a@b.co' }) }))).toEqual(['ERROR:postcode_missing:dropoff.postcode']);
    expect(codes(bookable({ dropoff: address({ contact_phone: '12', contact_email: 'a@b.co' }) }))).toEqual(['ERROR:phone_number_invalid:dropoff.contact_phone']);
    expect(codes(bookable({ pickup: undefined }))).toEqual(['ERROR:required_data_missing:pickup']);
  });

  it('a missing email is only a WARNING', () => {
    expect(codes(bookable({ dropoff: address() }))).toEqual(['WARNING:email_missing:dropoff.contact_email']);
  });

  it('does not ask a postcode where addresses have none', () => {
    expect(codes(bookable({ dropoff: address({ country: 'AE', postcode: undefined, contact_email: 'a@b.co' }) }))).toEqual([]);
  });
});
