import type { RulesetKindSpec } from './ruleset.kinds';
import { normaliseRulesetEvent, type NormalisedRulesetEvent, type RulesetEvent } from './ruleset.events';
import { inEvaluationOrder, type Rule, type Ruleset } from './ruleset.model';
import type { RulesetState } from './ruleset.state';

/** evolve(state, event) for one kind: total, never throws; another kind's event changes nothing. */
export function evolveRuleset(spec: RulesetKindSpec, state: RulesetState, event: RulesetEvent): RulesetState {
  return foldRulesets(spec, state, [event]);
}

/** The state after `events`, copying the rulesets map once (a tenant's stream holds every ruleset of the kind). */
export function foldRulesets(spec: RulesetKindSpec, state: RulesetState, events: readonly { type: string; data: unknown }[]): RulesetState {
  if (events.length === 0) return state;
  const rulesets: Record<string, Ruleset> = { ...state.rulesets };
  for (const raw of events) {
    const event = normaliseRulesetEvent(spec, raw);
    if (!event) continue;
    const id = event.data.rule_set_id;
    const next = apply(rulesets[id], event);
    if (next) rulesets[id] = next;
  }
  return { rulesets };
}

function apply(current: Ruleset | undefined, event: NormalisedRulesetEvent): Ruleset | undefined {
  const { at } = event.data;
  if (event.change === 'RulesetCreated') {
    return { rule_set_id: event.data.rule_set_id, fields: event.data.ruleset, rules: inEvaluationOrder(event.data.rules), created_at: at, updated_at: at };
  }
  if (!current) return undefined;
  const touched = (changes: Partial<Ruleset>): Ruleset => ({ ...current, ...changes, updated_at: at });
  switch (event.change) {
    case 'RulesetReplaced':
      return touched({ fields: event.data.ruleset, rules: inEvaluationOrder(event.data.rules) });
    case 'RulesetPatched':
      return touched({ fields: event.data.ruleset });
    case 'RulesetDeleted':
      return touched({ fields: { ...current.fields, status: 'DELETED' }, rules: [] });
    case 'RuleAdded':
      return touched({ rules: inEvaluationOrder([...current.rules, event.data.rule]) });
    case 'RuleReplaced': {
      const { rule } = event.data;
      return touched({ rules: inEvaluationOrder(current.rules.map((old) => (old.rule_id === rule.rule_id ? rule : old))) });
    }
    case 'RuleDeleted':
      return touched({ rules: current.rules.filter((rule) => rule.rule_id !== event.data.rule_id) });
    case 'RulesResequenced': {
      const sequence = new Map(event.data.sequences.map((entry) => [entry.rule_id, entry.sequence]));
      const rules: Rule[] = current.rules.map((rule) => (sequence.has(rule.rule_id) ? { ...rule, sequence: sequence.get(rule.rule_id)! } : rule));
      return touched({ rules: inEvaluationOrder(rules) });
    }
    default: {
      const unknown: never = event;
      return (unknown as { never?: Ruleset }).never ?? current;
    }
  }
}
