import { DEFAULT_RULESET_LIMITS, type Rule, type RulesetKindSpec } from '../../rulesets/domain';

/** Automation rulesets choose the carrier account of a shipment (spec: Automation rulesets). */
export const AUTOMATION_RULESETS: RulesetKindSpec = { kind: 'automation', eventPrefix: 'Automation', noun: 'automation ruleset', ...DEFAULT_RULESET_LIMITS };

export type ConditionOperator = 'INCLUSION' | 'EXCLUSION';
export const CONDITION_OPERATORS: readonly ConditionOperator[] = ['INCLUSION', 'EXCLUSION'];

export interface StringCondition {
  operator: ConditionOperator;
  value: string[];
}

export interface GeoCityAreas { city: string; areas?: string[] }
export interface GeoStateCities { state: string; city_areas?: GeoCityAreas[] }
export interface GeoPlace { country: string; state_cities?: GeoStateCities[] }
export interface GeoCondition {
  operator: ConditionOperator;
  value: GeoPlace[];
}

/** A range; a bound absent, null or -1 is unbounded. Both bounds are inclusive. */
export interface RangeCondition {
  min_value?: number | null;
  max_value?: number | null;
}

export interface CustomCondition {
  operator: ConditionOperator;
  value: Array<{ attribute_name: string; operation: 'CONTAINS'; values: string[] }>;
}

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const STRING_CONDITION_FIELDS = [
  'source_type', 'payment_type', 'delivery_type', 'order_type', 'merchant', 'pickup_partner_location_ids', 'dropoff_partner_location_ids',
] as const;
export type StringConditionField = (typeof STRING_CONDITION_FIELDS)[number];

export const RANGE_CONDITION_FIELDS = ['volumetric_weight', 'gross_weight', 'chargeable_weight', 'parcel_count'] as const;
export type RangeConditionField = (typeof RANGE_CONDITION_FIELDS)[number];

export const GEO_CONDITION_FIELDS = ['pickup_v2', 'dropoff_v2'] as const;
export type GeoConditionField = (typeof GEO_CONDITION_FIELDS)[number];

/** Every condition of a rule (all optional; a rule without conditions matches every shipment). */
export type AutomationConditions =
  & Partial<Record<StringConditionField, StringCondition>>
  & Partial<Record<RangeConditionField, RangeCondition>>
  & Partial<Record<GeoConditionField, GeoCondition>>
  & {
    order_value_min?: number;
    order_value_max?: number;
    dangerous_goods?: boolean;
    days?: Weekday[];
    /** HH:mm in the merchant's time zone; with `days` or alone. */
    start_time?: string;
    end_time?: string;
    /** The merchant's IANA time zone for days and times (the platform keeps none per merchant); UTC when absent. */
    time_zone?: string;
    custom_conditions?: CustomCondition;
  };

export const CARRIER_CHOICES = ['CHEAPEST_CARRIER'] as const;

/** What an automation rule decides: the accounts, and how to choose among several. */
export interface AutomationOutcome {
  carrier_accounts?: Array<{ carrier_account_id: string }>;
  carrier_choice?: (typeof CARRIER_CHOICES)[number];
}

export type AutomationRuleFields = AutomationConditions & AutomationOutcome;

/** A rule's kind fields, typed (they were validated by AutomationRuleDto before they were stored). */
export const automationFields = (rule: Rule): AutomationRuleFields => rule.fields as AutomationRuleFields;
