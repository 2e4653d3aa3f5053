import type { ShipmentContent } from '@shipledger/shipping';
import { chargeableKg, priceSandboxShipment, rateCardOf, zoneOf } from './sandbox-pricing';

const domestic: ShipmentContent = {
  pickup: { city: 'Dubai', country: 'AE' },
  dropoff: { city: 'Abu Dhabi', country: 'ae' },
  parcels: [{ weight: { value: 1.2, unit: 'kg' } }, { weight: { value: 800, unit: 'g' } }],
};

describe('sandbox pricing', () => {
  it('domestic prepaid: base 5 + 1.5 per kg of the summed weights', () => {
    expect(priceSandboxShipment(domestic, 'EUR')).toEqual({
      zone: 'domestic',
      chargeableKg: 2,
      estimatedDays: 2,
      cost: {
        amount: 8,
        currency: 'EUR',
        breakdown: [
          { amount: 5, currency: 'EUR', description: 'Base fee (domestic)' },
          { amount: 3, currency: 'EUR', description: 'Chargeable weight 2 kg at 1.5 EUR per kg' },
        ],
      },
    });
  });

  it('international cash on delivery: base 15 + 4 per kg + the COD fee', () => {
    const price = priceSandboxShipment({ ...domestic, dropoff: { city: 'Paris', country: 'FR' }, payment: { payment_mode: 'CASH_ON_DELIVERY' } }, 'AED');
    expect(price?.zone).toBe('international');
    expect(price?.estimatedDays).toBe(5);
    expect(price?.cost.amount).toBe(25);
    expect(price?.cost.breakdown.map((line) => [line.amount, line.currency])).toEqual([[15, 'AED'], [8, 'AED'], [2, 'AED']]);
    expect(price?.cost.breakdown[2]?.description).toBe('Cash on delivery fee');
  });

  it('charges the volumetric weight when it exceeds the actual one', () => {
    expect(chargeableKg({ weight: { value: 1 }, dimension: { width: 40, height: 30, depth: 25, unit: 'cm' } })).toBe(6);
    expect(chargeableKg({ weight: { value: 7 }, dimension: { width: 40, height: 30, depth: 25 } })).toBe(7);
    expect(chargeableKg({ dimension: { width: 400, height: 300, depth: 250, unit: 'mm' } })).toBe(6);
    expect(chargeableKg({ weight: { value: 2, unit: 'lb' } })).toBeCloseTo(0.907, 3);
    expect(chargeableKg({ description: 'no size' })).toBeUndefined();
  });

  it('rounds money to cents', () => {
    const price = priceSandboxShipment({ ...domestic, parcels: [{ weight: { value: 0.333 } }] }, 'EUR');
    expect(price?.cost.breakdown[1]?.amount).toBe(0.5);
    expect(price?.cost.amount).toBe(5.5);
  });

  it('is unpriced without any weighed or measured parcel', () => {
    expect(priceSandboxShipment({ ...domestic, parcels: [] }, 'EUR')).toBeUndefined();
    expect(priceSandboxShipment({ ...domestic, parcels: [{ description: 'box' }] }, 'EUR')).toBeUndefined();
  });

  it('a pickup without a country counts as domestic', () => {
    expect(zoneOf({ dropoff: { country: 'FR' } })).toBe('domestic');
    expect(zoneOf({ pickup: { country: 'AE' }, dropoff: { country: 'FR' } })).toBe('international');
  });

  it.each([
    ['the default card', {}, 8],
    ['a cheaper domestic card', { RATE_DOMESTIC_BASE: '2', RATE_DOMESTIC_PER_KG: '1' }, 4],
    ['a bad value keeps the tariff', { RATE_DOMESTIC_BASE: 'cheap', RATE_DOMESTIC_PER_KG: '-1' }, 8],
  ] as const)('rate cards per account: %s', (_name, property, amount) => {
    expect(priceSandboxShipment(domestic, 'EUR', rateCardOf(property))?.cost.amount).toBe(amount);
  });
});
