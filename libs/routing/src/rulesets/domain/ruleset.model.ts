/**
 * Rulesets as plain data, shared by every kind (automation, service levels): a ruleset names where it
 * applies (entity type, merchants, countries) and holds ordered rules. What a rule decides (carrier
 * accounts, an SLA) and its conditions are the kind's own fields, carried as JSON beside the base.
 */
export type RulesetStatus = 'ACTIVE' | 'INACTIVE' | 'DELETED';
export const RULESET_STATUSES: readonly RulesetStatus[] = ['ACTIVE', 'INACTIVE', 'DELETED'];

export type RulesetEntityType = 'FORWARD' | 'REVERSE';
export const RULESET_ENTITY_TYPES: readonly RulesetEntityType[] = ['FORWARD', 'REVERSE'];

/** In `merchants` or `countries`: every merchant / every country. */
export const ANY = '_ANY';

/** The ruleset's own fields (the `…_rule_set` object of the body without its id). */
export interface RulesetFields {
  name: string;
  entity_type: RulesetEntityType;
  /** `['_ANY']` = every merchant. */
  merchants: readonly string[];
  /** `['_ANY']` = every country (ISO 3166-1 alpha-2, upper case). */
  countries: readonly string[];
  status: RulesetStatus;
  description?: string;
}

/** A rule: the base every kind shares plus the kind's fields (conditions, carrier accounts, SLA…). */
export interface Rule {
  rule_id: string;
  rule_name: string;
  /** Lower runs first; equal sequences keep the order the rules were added in. */
  sequence: number;
  status: RulesetStatus;
  description?: string;
  /** The kind's fields, JSON-safe; validated by the kind's request DTO before they get here. */
  fields: Readonly<Record<string, unknown>>;
}

/** A rule as a command carries it: `rule_id` absent = a new rule, `sequence` absent = after the last. */
export type RuleInput = Omit<Rule, 'rule_id' | 'sequence'> & { rule_id?: string; sequence?: number };

export interface Ruleset {
  rule_set_id: string;
  fields: RulesetFields;
  /** Every rule not deleted, in evaluation order (sequence, then the order they were added in). */
  rules: readonly Rule[];
  created_at: string;
  updated_at: string;
}

/** Rules in evaluation order: by sequence, ties in the order given (Array.prototype.sort is stable). */
export function inEvaluationOrder(rules: readonly Rule[]): Rule[] {
  return [...rules].sort((a, b) => a.sequence - b.sequence);
}

/** Whether a `merchants`/`countries` list admits the value (`_ANY` admits every value, even none). */
export function admits(list: readonly string[], value: string | undefined): boolean {
  if (list.includes(ANY)) return true;
  if (value === undefined) return false;
  const wanted = value.toUpperCase();
  return list.some((entry) => entry.toUpperCase() === wanted);
}

/**
 * Whether a ruleset applies to a shipment of this merchant, entity type and country (the dropoff's for
 * a forward shipment; the caller chooses). Only ACTIVE rulesets route.
 */
export function rulesetApplies(ruleset: Ruleset, scope: { merchant?: string; entity_type: RulesetEntityType; country?: string }): boolean {
  const { fields } = ruleset;
  return fields.status === 'ACTIVE' && fields.entity_type === scope.entity_type
    && admits(fields.merchants, scope.merchant) && admits(fields.countries, scope.country);
}
