import type { RuleMatcher } from './shipment-service-levels.adapter';

/** The kind's own fields of a service-level rule; every other field of `rule.fields` is a condition. */
const OUTCOME_FIELDS = new Set(['config_type', 'sla']);

/**
 * Until the routing context's condition evaluator is wired in, a rule applies only when it has no
 * conditions: a rule whose conditions were not checked never sets a date.
 */
export const unconditionalRulesOnly: RuleMatcher = (rule) => Object.keys(rule.fields).every((key) => OUTCOME_FIELDS.has(key));
