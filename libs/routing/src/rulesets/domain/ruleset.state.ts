import type { Ruleset } from './ruleset.model';

/**
 * One tenant's rulesets of one kind (the stream `rulesets-<kind>-<tenant>`), by id. A deleted ruleset
 * stays with status DELETED and no rules (its id is never reused; GET answers it as deleted).
 */
export interface RulesetState {
  rulesets: Readonly<Record<string, Ruleset>>;
}

export const initialRulesetState = (): RulesetState => ({ rulesets: {} });

/** The ruleset holding this rule id, if any. */
export function rulesetOfRule(state: RulesetState, ruleId: string): Ruleset | undefined {
  return Object.values(state.rulesets).find((ruleset) => ruleset.rules.some((rule) => rule.rule_id === ruleId));
}

export const liveRulesets = (state: RulesetState): Ruleset[] =>
  Object.values(state.rulesets).filter((ruleset) => ruleset.fields.status !== 'DELETED');
