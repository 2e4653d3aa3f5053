import type { RuleInput, RulesetFields } from './ruleset.model';

interface Base {
  tenant_id: string;
  rule_set_id: string;
  at: string;
  actor: string;
}

/**
 * The commands on a tenant's rulesets of one kind. Ids come in through the command (the HTTP layer
 * makes them); a rule without `rule_id` in a PUT is a new rule and gets `new_rule_id`.
 */
export type RulesetCommand =
  | ({ type: 'CreateRuleset'; ruleset: RulesetFields; rules: RuleInput[]; new_rule_ids: string[] } & Base)
  | ({ type: 'ReplaceRuleset'; ruleset: RulesetFields; rules: RuleInput[]; new_rule_ids: string[] } & Base)
  | ({ type: 'PatchRuleset'; ruleset: Partial<RulesetFields> } & Base)
  | ({ type: 'DeleteRuleset' } & Base)
  | ({ type: 'AddRule'; rule: RuleInput; new_rule_id: string } & Base)
  | ({ type: 'ReplaceRule'; rule_id: string; rule: RuleInput } & Base)
  | ({ type: 'DeleteRule'; rule_id: string } & Base)
  | ({ type: 'ResequenceRules'; sequences: Array<{ rule_id: string; sequence: number }> } & Base);
