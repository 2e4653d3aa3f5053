import { toLocal, weekdayOf } from '../../service-levels/domain/zoned-time';
import type { Rule } from '../../rulesets/domain';
import {
  automationFields, GEO_CONDITION_FIELDS, RANGE_CONDITION_FIELDS, STRING_CONDITION_FIELDS,
  type AutomationRuleFields, type CustomCondition, type GeoCondition, type GeoPlace, type RangeCondition, type StringCondition, type StringConditionField,
} from './automation-rule';
import type { RoutableAddress, ShipmentFacts } from './shipment-facts';

/** One condition of a rule judged against a shipment: whether it holds and why, in words. */
export interface ConditionResult {
  condition: string;
  matched: boolean;
  reason: string;
}

export interface RuleEvaluation {
  rule_id: string;
  rule_name: string;
  sequence: number;
  matched: boolean;
  /** Every condition the rule sets, in a fixed order; none = the rule matches every shipment. */
  conditions: ConditionResult[];
}

/** The fact a string condition reads. */
const STRING_FACT: Readonly<Record<StringConditionField, (facts: ShipmentFacts) => string | undefined>> = {
  source_type: (f) => f.source_type,
  payment_type: (f) => f.payment_type,
  delivery_type: (f) => f.delivery_type,
  order_type: (f) => f.order_type,
  merchant: (f) => f.merchant,
  pickup_partner_location_ids: (f) => f.pickup.partner_location_id,
  dropoff_partner_location_ids: (f) => f.dropoff.partner_location_id,
};

/**
 * THE evaluation of an automation rule: pure, total, every condition judged (not only up to the first
 * that fails) so an explanation names them all. `at` is the instant routing runs at; days and times
 * are read on the wall clock of the rule's `time_zone` (the merchant's; UTC when the rule names none).
 * A rule matches when every condition it sets holds.
 */
export function evaluateRule(rule: Rule, facts: ShipmentFacts, at: string): RuleEvaluation {
  const fields = automationFields(rule);
  const conditions: ConditionResult[] = [
    ...STRING_CONDITION_FIELDS.flatMap((name) => (fields[name] ? [stringCondition(name, fields[name]!, STRING_FACT[name](facts))] : [])),
    ...GEO_CONDITION_FIELDS.flatMap((name) => (fields[name] ? [geoCondition(name, fields[name]!, name === 'pickup_v2' ? facts.pickup : facts.dropoff)] : [])),
    ...RANGE_CONDITION_FIELDS.flatMap((name) => (fields[name] ? [rangeCondition(name, fields[name]!, facts[name])] : [])),
    ...orderValueCondition(fields, facts.order_value),
    ...(fields.dangerous_goods !== undefined ? [dangerousGoods(fields.dangerous_goods, facts.dangerous_goods)] : []),
    ...timeConditions(fields, at),
    ...(fields.custom_conditions ? [customCondition(fields.custom_conditions, facts.custom_attributes)] : []),
  ];
  return { rule_id: rule.rule_id, rule_name: rule.rule_name, sequence: rule.sequence, matched: conditions.every((c) => c.matched), conditions };
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const list = (values: readonly string[]) => `[${values.join(', ')}]`;

export function stringCondition(name: string, condition: StringCondition, value: string | undefined): ConditionResult {
  const found = value !== undefined && condition.value.some((entry) => same(entry, value));
  const shown = value === undefined ? `${name} is not set` : `${name} ${value}`;
  if (condition.operator === 'INCLUSION') {
    return { condition: name, matched: found, reason: `${shown} ${found ? 'is' : 'is not'} in ${list(condition.value)}` };
  }
  return { condition: name, matched: !found, reason: `${shown} ${found ? 'is' : 'is not'} in the excluded ${list(condition.value)}` };
}

/** A place matches when its country does and, where it lists them, one state, then city, then area does. */
export function placeMatches(place: GeoPlace, address: RoutableAddress): boolean {
  if (!address.country || !same(place.country, address.country)) return false;
  if (!place.state_cities?.length) return true;
  return place.state_cities.some((state) => {
    if (!address.state || !same(state.state, address.state)) return false;
    if (!state.city_areas?.length) return true;
    return state.city_areas.some((city) => {
      if (!address.city || !same(city.city, address.city)) return false;
      if (!city.areas?.length) return true;
      return address.area !== undefined && city.areas.some((area) => same(area, address.area!));
    });
  });
}

export function geoCondition(name: string, condition: GeoCondition, address: RoutableAddress): ConditionResult {
  const where = [address.country, address.state, address.city, address.area].filter(Boolean).join('/') || 'no address';
  const found = condition.value.some((place) => placeMatches(place, address));
  const matched = condition.operator === 'INCLUSION' ? found : !found;
  const places = list(condition.value.map((place) => place.country));
  return { condition: name, matched, reason: `${where} ${found ? 'is' : 'is not'} within the ${condition.operator === 'EXCLUSION' ? 'excluded ' : ''}places of ${places}` };
}

const bounded = (bound: number | null | undefined): bound is number => typeof bound === 'number' && bound !== -1;

export function rangeCondition(name: string, range: RangeCondition, value: number | undefined): ConditionResult {
  const shown = `${bounded(range.min_value) ? range.min_value : '-∞'}..${bounded(range.max_value) ? range.max_value : '∞'}`;
  if (value === undefined) return { condition: name, matched: false, reason: `${name} is unknown (no parcel gives it), outside ${shown}` };
  const matched = (!bounded(range.min_value) || value >= range.min_value) && (!bounded(range.max_value) || value <= range.max_value);
  return { condition: name, matched, reason: `${name} ${value} is ${matched ? 'within' : 'outside'} ${shown}` };
}

function orderValueCondition(fields: AutomationRuleFields, value: number | undefined): ConditionResult[] {
  if (fields.order_value_min === undefined && fields.order_value_max === undefined) return [];
  return [{ ...rangeCondition('order_value', { min_value: fields.order_value_min, max_value: fields.order_value_max }, value), condition: 'order_value' }];
}

function dangerousGoods(wanted: boolean, has: boolean): ConditionResult {
  return { condition: 'dangerous_goods', matched: wanted === has, reason: `the shipment ${has ? 'has' : 'has no'} dangerous goods; the rule wants ${wanted ? 'some' : 'none'}` };
}

/** `days` and `start_time`/`end_time` (end exclusive; an end before the start spans midnight). */
export function timeConditions(fields: Pick<AutomationRuleFields, 'days' | 'start_time' | 'end_time'> & { time_zone?: string }, at: string): ConditionResult[] {
  const results: ConditionResult[] = [];
  if (!fields.days?.length && !fields.start_time && !fields.end_time) return results;
  const zone = fields.time_zone ?? 'UTC';
  const local = toLocal(Date.parse(at), zone);
  const day = weekdayOf(local.date);
  const minute = Math.floor(local.msOfDay / 60_000);
  const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  if (fields.days?.length) {
    const matched = fields.days.includes(day);
    results.push({ condition: 'days', matched, reason: `${day} (${zone}) is ${matched ? '' : 'not '}one of ${list(fields.days)}` });
  }
  if (fields.start_time || fields.end_time) {
    const start = toMinutes(fields.start_time ?? '00:00');
    const end = fields.end_time ? toMinutes(fields.end_time) : 24 * 60;
    const matched = start <= end ? minute >= start && minute < end : minute >= start || minute < end;
    results.push({ condition: 'time', matched, reason: `${clock} (${zone}) is ${matched ? 'within' : 'outside'} ${fields.start_time ?? '00:00'}–${fields.end_time ?? '24:00'}` });
  }
  return results;
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** INCLUSION: every entry holds (the attribute has one of its values); EXCLUSION: no entry holds. */
export function customCondition(condition: CustomCondition, attributes: Readonly<Record<string, readonly string[]>>): ConditionResult {
  const holding = condition.value.filter((entry) => (attributes[entry.attribute_name] ?? []).some((value) => entry.values.some((wanted) => same(wanted, value))));
  const names = condition.value.map((entry) => entry.attribute_name);
  if (condition.operator === 'INCLUSION') {
    const matched = holding.length === condition.value.length;
    return { condition: 'custom_conditions', matched, reason: matched ? `attributes ${list(names)} contain the values` : `attributes ${list(names.filter((n) => !holding.some((h) => h.attribute_name === n)))} do not contain the values` };
  }
  const matched = holding.length === 0;
  return { condition: 'custom_conditions', matched, reason: matched ? `no excluded attribute value among ${list(names)}` : `attributes ${list(holding.map((h) => h.attribute_name))} contain excluded values` };
}
