import type { Rule } from '../../rulesets/domain';
import type { AutomationRuleFields } from './automation-rule';
import { evaluateRule } from './rule-evaluation';
import { shipmentFacts, type RoutableShipment } from './shipment-facts';

const at = '2026-11-23T10:30:00.000Z'; // a Monday; 14:30 in Asia/Dubai
const shipment: RoutableShipment = {
  merchant: 'SHOP-A', order_type: 'B2C', source: { source_type: 'SHOPIFY' },
  payment: { payment_mode: 'CASH_ON_DELIVERY', total_amount: 250 },
  delivery: { delivery_type: 'EXPRESS' },
  pickup: { partner_location_id: 'demo-warehouse', country: 'AE', state: 'Dubai', city: 'Dubai', area: 'Al Quoz' },
  dropoff: { partner_location_id: 'store-9', country: 'AE', state: 'Dubai', city: 'Dubai', area: 'Marina' },
  parcels: [
    { weight: { value: 2, unit: 'kg' }, dimension: { width: 40, height: 30, depth: 20, unit: 'cm' } }, // 4.8 kg volumetric
    { weight: { value: 500, unit: 'g' } },
  ],
  items: [{ quantity: 2, price: { amount: 100 }, dangerous_goods: false }, { quantity: 1, price: { amount: 50 }, dangerous_goods: true }],
  custom_attributes: { channel: ['wholesale', 'vip'] },
};
const facts = shipmentFacts(shipment);
const rule = (fields: AutomationRuleFields): Rule => ({ rule_id: 'R', rule_name: 'r', sequence: 1, status: 'ACTIVE', fields: fields as Record<string, unknown> });
const judge = (fields: AutomationRuleFields, when = at) => evaluateRule(rule(fields), facts, when);

describe('shipment facts', () => {
  it('weights in kg with the volumetric divisor 5000, parcel count, order value, dangerous goods', () => {
    expect(facts).toMatchObject({ gross_weight: 2.5, volumetric_weight: 4.8, chargeable_weight: 5.3, parcel_count: 2, order_value: 250, dangerous_goods: true });
    expect(shipmentFacts({ items: [{ quantity: 3, price: { amount: 10 } }] }).order_value).toBe(30);
  });
});

describe('evaluateRule: one table per condition kind', () => {
  const strings: Array<[string, AutomationRuleFields, boolean]> = [
    ['source_type included', { source_type: { operator: 'INCLUSION', value: ['shopify'] } }, true],
    ['payment_type excluded', { payment_type: { operator: 'EXCLUSION', value: ['CASH_ON_DELIVERY'] } }, false],
    ['delivery_type not included', { delivery_type: { operator: 'INCLUSION', value: ['STANDARD'] } }, false],
    ['order_type excluded elsewhere', { order_type: { operator: 'EXCLUSION', value: ['B2B'] } }, true],
    ['merchant included', { merchant: { operator: 'INCLUSION', value: ['SHOP-A', 'SHOP-B'] } }, true],
    ['pickup location included', { pickup_partner_location_ids: { operator: 'INCLUSION', value: ['demo-warehouse'] } }, true],
    ['dropoff location excluded', { dropoff_partner_location_ids: { operator: 'EXCLUSION', value: ['store-9'] } }, false],
  ];
  it.each(strings)('string: %s', (_name, fields, matched) => expect(judge(fields).matched).toBe(matched));

  const place = (country: string, state?: string, city?: string, areas?: string[]) =>
    ({ country, ...(state ? { state_cities: [{ state, ...(city ? { city_areas: [{ city, ...(areas ? { areas } : {}) }] } : {}) }] } : {}) });
  const geo: Array<[string, AutomationRuleFields, boolean]> = [
    ['country', { dropoff_v2: { operator: 'INCLUSION', value: [place('ae')] } }, true],
    ['other country', { dropoff_v2: { operator: 'INCLUSION', value: [place('SA')] } }, false],
    ['state', { dropoff_v2: { operator: 'INCLUSION', value: [place('AE', 'Abu Dhabi')] } }, false],
    ['city', { dropoff_v2: { operator: 'INCLUSION', value: [place('AE', 'Dubai', 'Dubai')] } }, true],
    ['area', { dropoff_v2: { operator: 'INCLUSION', value: [place('AE', 'Dubai', 'Dubai', ['Marina', 'JLT'])] } }, true],
    ['other area', { dropoff_v2: { operator: 'INCLUSION', value: [place('AE', 'Dubai', 'Dubai', ['JLT'])] } }, false],
    ['pickup area excluded', { pickup_v2: { operator: 'EXCLUSION', value: [place('AE', 'Dubai', 'Dubai', ['Al Quoz'])] } }, false],
    ['pickup elsewhere excluded', { pickup_v2: { operator: 'EXCLUSION', value: [place('SA')] } }, true],
  ];
  it.each(geo)('geography: %s', (_name, fields, matched) => expect(judge(fields).matched).toBe(matched));

  const ranges: Array<[string, AutomationRuleFields, boolean]> = [
    ['gross within', { gross_weight: { min_value: 2, max_value: 3 } }, true],
    ['gross bounds inclusive', { gross_weight: { min_value: 2.5, max_value: 2.5 } }, true],
    ['volumetric above max', { volumetric_weight: { max_value: 4 } }, false],
    ['chargeable -1 unbounded', { chargeable_weight: { min_value: 5, max_value: -1 } }, true],
    ['parcel count below min', { parcel_count: { min_value: 3 } }, false],
    ['parcel count null bounds', { parcel_count: { min_value: null, max_value: null } }, true],
    ['order value min', { order_value_min: 200, order_value_max: -1 }, true],
    ['order value max', { order_value_min: -1, order_value_max: 249.99 }, false],
  ];
  it.each(ranges)('range: %s', (_name, fields, matched) => expect(judge(fields).matched).toBe(matched));

  it('range: an unknown measure never matches', () => {
    expect(evaluateRule(rule({ gross_weight: { min_value: 0 } }), shipmentFacts({}), at).conditions[0]).toMatchObject({ matched: false, reason: expect.stringContaining('unknown') });
  });

  it.each([[true, true], [false, false]] as const)('dangerous_goods: %s → %s', (wanted, matched) => expect(judge({ dangerous_goods: wanted }).matched).toBe(matched));

  const times: Array<[string, AutomationRuleFields, string, boolean]> = [
    ['day in UTC', { days: ['MONDAY'] }, at, true],
    ['day elsewhere', { days: ['TUESDAY'] }, at, false],
    ['day crosses midnight in the zone', { days: ['TUESDAY'], time_zone: 'Asia/Dubai' }, '2026-11-23T20:30:00.000Z', true],
    ['time in the zone', { start_time: '14:00', end_time: '15:00', time_zone: 'Asia/Dubai' }, at, true],
    ['end is exclusive', { start_time: '09:00', end_time: '14:30', time_zone: 'Asia/Dubai' }, at, false],
    ['overnight window', { start_time: '22:00', end_time: '06:00' }, '2026-11-23T23:10:00.000Z', true],
    ['days and time together', { days: ['MONDAY'], start_time: '08:00', end_time: '10:00' }, at, false],
  ];
  it.each(times)('days/time: %s', (_name, fields, when, matched) => expect(judge(fields, when).matched).toBe(matched));

  const custom: Array<[string, AutomationRuleFields, boolean]> = [
    ['contains', { custom_conditions: { operator: 'INCLUSION', value: [{ attribute_name: 'channel', operation: 'CONTAINS', values: ['VIP'] }] } }, true],
    ['every entry must hold', { custom_conditions: { operator: 'INCLUSION', value: [
      { attribute_name: 'channel', operation: 'CONTAINS', values: ['vip'] }, { attribute_name: 'missing', operation: 'CONTAINS', values: ['x'] }] } }, false],
    ['excluded value present', { custom_conditions: { operator: 'EXCLUSION', value: [{ attribute_name: 'channel', operation: 'CONTAINS', values: ['wholesale'] }] } }, false],
    ['excluded value absent', { custom_conditions: { operator: 'EXCLUSION', value: [{ attribute_name: 'channel', operation: 'CONTAINS', values: ['retail'] }] } }, true],
  ];
  it.each(custom)('custom_conditions: %s', (_name, fields, matched) => expect(judge(fields).matched).toBe(matched));

  it('judges every condition and says why each did or did not hold; no conditions match everything', () => {
    const result = judge({ delivery_type: { operator: 'INCLUSION', value: ['STANDARD'] }, dropoff_v2: { operator: 'INCLUSION', value: [place('AE')] } });
    expect(result).toEqual({ rule_id: 'R', rule_name: 'r', sequence: 1, matched: false, conditions: [
      { condition: 'delivery_type', matched: false, reason: 'delivery_type EXPRESS is not in [STANDARD]' },
      { condition: 'dropoff_v2', matched: true, reason: 'AE/Dubai/Dubai/Marina is within the places of [AE]' },
    ] });
    expect(judge({})).toMatchObject({ matched: true, conditions: [] });
  });
});
