import { sandboxRejections, weightInKg } from './sandbox-rules';
import { scenarioOf, SCENARIO_STEPS } from './sandbox-scenarios';

describe('sandbox rejection rules', () => {
  const content = {
    dropoff: { country: 'gb', postcode: 'sw1a 1aa', contact_phone: '+447700900123' },
    parcels: [{ weight: { value: 1500, unit: 'g' } }, { weight: { value: 3, unit: 'lb' } }, { weight: { value: 2.5 } }],
  };

  it('accepts everything when the account sets no rule', () => {
    expect(sandboxRejections({}, content)).toEqual([]);
  });

  it('rejects parcels over the maximum weight, in any unit, naming each parcel', () => {
    const errors = sandboxRejections({ MAX_PARCEL_WEIGHT_KG: '1.4' }, content);
    expect(errors.map((e) => e.field)).toEqual(['parcels[0].weight.value', 'parcels[2].weight.value']);
    expect(errors.every((e) => e.source === 'CARRIER' && e.code === 'required_data_invalid')).toBe(true);
  });

  it('rejects unserved countries and postcodes (case and spaces ignored) and a missing phone when required', () => {
    const rules = { UNSERVED_COUNTRIES: 'FR, GB', UNSERVED_POSTCODES: 'SW1A1AA', REQUIRE_PHONE: 'TRUE' };
    expect(sandboxRejections(rules, content).map((e) => e.code)).toEqual(['country_invalid', 'postcode_invalid']);
    expect(sandboxRejections(rules, { dropoff: { country: 'DE' } }).map((e) => e.code)).toEqual(['phone_number_invalid']);
  });

  it('converts weights to kilograms', () => {
    expect(weightInKg(500, 'g')).toBe(0.5);
    expect(weightInKg(2, 'LB')).toBeCloseTo(0.907, 3);
    expect(weightInKg(2, undefined)).toBe(2);
    expect(weightInKg(undefined, 'kg')).toBeUndefined();
  });
});

describe('sandbox scenarios', () => {
  it('default to delivered, refuse unknown names', () => {
    expect(scenarioOf(undefined)).toBe('delivered');
    expect(scenarioOf({ gift_note: ['hi'] })).toBe('delivered');
    expect(scenarioOf({ sandbox_scenario: ['lost_in_transit'] })).toBe('lost_in_transit');
    expect(scenarioOf({ sandbox_scenario: ['teleported'] })).toBeUndefined();
  });

  it('every scenario that books starts with the pickup and ends in a final carrier status', () => {
    for (const [name, steps] of Object.entries(SCENARIO_STEPS)) {
      if (name === 'rejected_at_booking') {
        expect(steps).toEqual([]);
        continue;
      }
      expect(steps[0]!.status).toBe('shipped');
      expect(['delivered', 'missing', 'returned']).toContain(steps[steps.length - 1]!.status);
    }
  });
});
