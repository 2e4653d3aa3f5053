import type { RulesetKindSpec } from './ruleset.kinds';

export type RulesetRejectionCode = 'not_found' | 'rule_not_found' | 'deleted' | 'already_exists' | 'limit_exceeded' | 'invalid_status' | 'duplicate_rule';

/** A command the rules refuse; `message` is the text the client sees, `field` the body field at fault. */
export class RulesetCommandRejected extends Error {
  constructor(readonly code: RulesetRejectionCode, message: string, readonly field?: string) {
    super(message);
    this.name = 'RulesetCommandRejected';
  }
}

export const RulesetMessages = {
  notFound: (spec: RulesetKindSpec, id: string) => `No ${spec.noun} found with the id: ${id}`,
  ruleNotFound: (spec: RulesetKindSpec, rulesetId: string, ruleId: string) => `No rule ${ruleId} in the ${spec.noun} ${rulesetId}`,
  deleted: (spec: RulesetKindSpec, id: string) => `The ${spec.noun} ${id} is deleted.`,
  alreadyExists: (spec: RulesetKindSpec, id: string) => `A ${spec.noun} with the id ${id} already exists.`,
  tooManyRulesets: (spec: RulesetKindSpec) => `A tenant may hold at most ${spec.maxRulesets} ${spec.noun}s.`,
  tooManyRules: (spec: RulesetKindSpec) => `A ${spec.noun} may hold at most ${spec.maxRules} rules.`,
  statusMove: (from: string, to: string) => `Status change is not allowed from current status: '${from}' to the new status: '${to}'`,
  createDeleted: (spec: RulesetKindSpec) => `A ${spec.noun} cannot be created with status DELETED.`,
  ruleIdTaken: (ruleId: string, rulesetId: string) => `The rule id ${ruleId} is used by the ruleset ${rulesetId}.`,
  ruleIdRepeated: (ruleId: string) => `The rule id ${ruleId} appears more than once.`,
} as const;
