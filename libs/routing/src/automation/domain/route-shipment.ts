import { ANY, inEvaluationOrder, rulesetApplies, type Ruleset, type RulesetEntityType } from '../../rulesets/domain';
import { automationFields } from './automation-rule';
import { evaluateRule, type RuleEvaluation } from './rule-evaluation';
import type { ShipmentFacts } from './shipment-facts';

/** A rule judged in a ruleset, with the ruleset it belongs to. */
export interface RulesetRuleEvaluation extends RuleEvaluation {
  rule_set_id: string;
  rule_set_name: string;
}

export interface RoutingPlan {
  /** The rulesets that apply to the shipment (active, its merchant, entity type and country), in evaluation order. */
  rulesets: Array<{ rule_set_id: string; name: string }>;
  /** Every active rule of those rulesets judged, in evaluation order (all of them, for explanations). */
  evaluations: RulesetRuleEvaluation[];
  /** The first matching rule, if any, with its accounts in the order the rule lists them. */
  chosen?: { evaluation: RulesetRuleEvaluation; carrier_account_ids: string[]; carrier_choice?: 'CHEAPEST_CARRIER' };
}

/** The country a ruleset's `countries` is checked against: the customer's (dropoff forward, pickup reverse). */
export const routingCountry = (facts: ShipmentFacts): string | undefined =>
  (facts.entity_type === 'REVERSE' ? facts.pickup.country : facts.dropoff.country)?.toUpperCase();

/**
 * The evaluation order, as a sort key: rulesets naming the merchant before `_ANY` ones, then naming the
 * country before `_ANY` ones, then oldest first; inside a ruleset, rules by `sequence`.
 */
function rulesetOrder(a: Ruleset, b: Ruleset): number {
  const specific = (ruleset: Ruleset) => (ruleset.fields.merchants.includes(ANY) ? 2 : 0) + (ruleset.fields.countries.includes(ANY) ? 1 : 0);
  return specific(a) - specific(b) || a.created_at.localeCompare(b.created_at) || a.rule_set_id.localeCompare(b.rule_set_id);
}

/**
 * The rulesets that apply to a shipment (ACTIVE, its merchant, entity type and country), in evaluation
 * order. Every ruleset kind (automation, service levels) selects and orders its rulesets this way.
 */
export function applyingRulesets(rulesets: readonly Ruleset[], facts: ShipmentFacts): Ruleset[] {
  const scope = { merchant: facts.merchant, entity_type: facts.entity_type as RulesetEntityType, country: routingCountry(facts) };
  return rulesets.filter((ruleset) => rulesetApplies(ruleset, scope)).sort(rulesetOrder);
}

/**
 * Which rule routes a shipment: pure. Every active rule of every applying ruleset is judged (so an
 * explanation can show them all); the first that matches in evaluation order is chosen. A matching
 * rule naming no account is passed over (it cannot route) and said so.
 */
export function planRouting(rulesets: readonly Ruleset[], facts: ShipmentFacts, at: string): RoutingPlan {
  const applying = applyingRulesets(rulesets, facts);
  const evaluations: RulesetRuleEvaluation[] = [];
  let chosen: RoutingPlan['chosen'];
  for (const ruleset of applying) {
    for (const rule of inEvaluationOrder(ruleset.rules).filter((candidate) => candidate.status === 'ACTIVE')) {
      const evaluation: RulesetRuleEvaluation = { ...evaluateRule(rule, facts, at), rule_set_id: ruleset.rule_set_id, rule_set_name: ruleset.fields.name };
      const fields = automationFields(rule);
      const accounts = (fields.carrier_accounts ?? []).map((account) => account.carrier_account_id);
      if (evaluation.matched && accounts.length === 0) {
        evaluation.matched = false;
        evaluation.conditions = [...evaluation.conditions, { condition: 'carrier_accounts', matched: false, reason: 'the rule names no carrier account' }];
      }
      evaluations.push(evaluation);
      if (!chosen && evaluation.matched) chosen = { evaluation, carrier_account_ids: accounts, ...(fields.carrier_choice ? { carrier_choice: fields.carrier_choice } : {}) };
    }
  }
  return { rulesets: applying.map((ruleset) => ({ rule_set_id: ruleset.rule_set_id, name: ruleset.fields.name })), evaluations, ...(chosen ? { chosen } : {}) };
}

/** Whether routing is on for the tenant: at least one ACTIVE automation ruleset (any merchant, any country). */
export const routingConfigured = (rulesets: readonly Ruleset[]): boolean => rulesets.some((ruleset) => ruleset.fields.status === 'ACTIVE');

/** Why the rules before the chosen one (all, when none matched) did not match: their failed conditions. */
export function notMatchedBefore(plan: RoutingPlan): Array<{ rule_set_id: string; rule_id: string; rule_name: string; reasons: string[] }> {
  const until = plan.chosen ? plan.evaluations.indexOf(plan.chosen.evaluation) : plan.evaluations.length;
  return plan.evaluations.slice(0, until).map((evaluation) => ({
    rule_set_id: evaluation.rule_set_id, rule_id: evaluation.rule_id, rule_name: evaluation.rule_name,
    reasons: evaluation.conditions.filter((condition) => !condition.matched).map((condition) => condition.reason),
  }));
}

