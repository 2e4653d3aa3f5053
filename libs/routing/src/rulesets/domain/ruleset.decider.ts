import type { Decider } from '@shipledger/ddd';
import type { RulesetCommand } from './ruleset.commands';
import { decideRuleset } from './ruleset.decide';
import type { RulesetEvent } from './ruleset.events';
import { evolveRuleset } from './ruleset.evolve';
import type { RulesetKindSpec } from './ruleset.kinds';
import { initialRulesetState, type RulesetState } from './ruleset.state';

/** A decider of the project's one write path (libs/ddd `handle`) for one kind of ruleset. */
export interface RulesetDecider extends Decider<RulesetCommand, RulesetEvent, RulesetState> {
  spec: RulesetKindSpec;
}

export function rulesetDecider(spec: RulesetKindSpec): RulesetDecider {
  return {
    spec,
    decide: (command, state) => decideRuleset(spec, command, state),
    evolve: (state, event) => evolveRuleset(spec, state, event),
    initialState: initialRulesetState,
  };
}
