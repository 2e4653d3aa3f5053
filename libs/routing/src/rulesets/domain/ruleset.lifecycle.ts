import type { RulesetStatus } from './ruleset.model';

/**
 * The status lifecycle of rulesets and rules, as data (the spec names the statuses, not the moves).
 * ACTIVE and INACTIVE switch freely by PUT/PATCH; DELETED is reached by DELETE (or by a body setting
 * status DELETED, which is the same deletion) and is final: nothing changes a deleted ruleset again.
 */
export const RULESET_STATUS_TRANSITIONS: Readonly<Record<RulesetStatus, readonly RulesetStatus[]>> = {
  ACTIVE: ['ACTIVE', 'INACTIVE', 'DELETED'],
  INACTIVE: ['ACTIVE', 'INACTIVE', 'DELETED'],
  DELETED: [],
};

export const canMoveStatus = (from: RulesetStatus, to: RulesetStatus): boolean => RULESET_STATUS_TRANSITIONS[from].includes(to);
