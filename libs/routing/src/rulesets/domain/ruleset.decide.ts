import type { RulesetCommand } from './ruleset.commands';
import { RulesetCommandRejected, RulesetMessages } from './ruleset.errors';
import { rulesetEventType, type RulesetChange, type RulesetChangeData, type RulesetEvent } from './ruleset.events';
import type { RulesetKindSpec } from './ruleset.kinds';
import { canMoveStatus } from './ruleset.lifecycle';
import type { Rule, RuleInput, Ruleset, RulesetFields, RulesetStatus } from './ruleset.model';
import { liveRulesets, rulesetOfRule, type RulesetState } from './ruleset.state';

type Omitted = 'tenant_id' | 'rule_set_id' | 'at' | 'actor';

/**
 * decide(command, state) for one kind. The state is every ruleset of the tenant's kind, so rule ids
 * are checked unique across them at the revision the append names. Deleting a deleted ruleset decides
 * nothing (a repeated DELETE answers the same object); a body moving a status to DELETED is that DELETE.
 */
export function decideRuleset(spec: RulesetKindSpec, command: RulesetCommand, state: RulesetState): RulesetEvent[] {
  const event = <C extends RulesetChange>(change: C, data: Omit<RulesetChangeData[C], Omitted>): RulesetEvent => ({
    type: rulesetEventType(spec, change),
    data: { tenant_id: command.tenant_id, rule_set_id: command.rule_set_id, at: command.at, actor: command.actor, ...data } as RulesetChangeData[C],
  });
  const current = state.rulesets[command.rule_set_id];
  const deletion = (ruleset: Ruleset) => [event('RulesetDeleted', { rule_ids: ruleset.rules.map((rule) => rule.rule_id) })];

  switch (command.type) {
    case 'CreateRuleset': {
      if (current) throw new RulesetCommandRejected('already_exists', RulesetMessages.alreadyExists(spec, command.rule_set_id));
      if (command.ruleset.status === 'DELETED') throw new RulesetCommandRejected('invalid_status', RulesetMessages.createDeleted(spec), 'status');
      if (liveRulesets(state).length >= spec.maxRulesets) throw new RulesetCommandRejected('limit_exceeded', RulesetMessages.tooManyRulesets(spec));
      const rules = placeRules(spec, state, command.rule_set_id, [], command.rules, command.new_rule_ids);
      return [event('RulesetCreated', { ruleset: command.ruleset, rules })];
    }
    case 'ReplaceRuleset': {
      const live = liveRuleset(spec, current, command.rule_set_id);
      assertMove(live.fields.status, command.ruleset.status, 'status');
      if (command.ruleset.status === 'DELETED') return deletion(live);
      const rules = placeRules(spec, state, command.rule_set_id, live.rules, command.rules, command.new_rule_ids);
      return [event('RulesetReplaced', { ruleset: command.ruleset, rules })];
    }
    case 'PatchRuleset': {
      const live = liveRuleset(spec, current, command.rule_set_id);
      const ruleset: RulesetFields = { ...live.fields, ...definedOnly(command.ruleset) };
      assertMove(live.fields.status, ruleset.status, 'status');
      if (ruleset.status === 'DELETED') return deletion(live);
      return [event('RulesetPatched', { ruleset })];
    }
    case 'DeleteRuleset': {
      if (!current) throw new RulesetCommandRejected('not_found', RulesetMessages.notFound(spec, command.rule_set_id));
      return current.fields.status === 'DELETED' ? [] : deletion(current);
    }
    case 'AddRule': {
      const live = liveRuleset(spec, current, command.rule_set_id);
      if (live.rules.length >= spec.maxRules) throw new RulesetCommandRejected('limit_exceeded', RulesetMessages.tooManyRules(spec), 'rules');
      const [rule] = placeRules(spec, state, command.rule_set_id, live.rules, [command.rule], [command.new_rule_id], 'add');
      return [event('RuleAdded', { rule: rule! })];
    }
    case 'ReplaceRule': {
      const live = liveRuleset(spec, current, command.rule_set_id);
      const old = ruleIn(spec, live, command.rule_id);
      assertMove(old.status, command.rule.status, 'status');
      if (command.rule.status === 'DELETED') return [event('RuleDeleted', { rule_id: old.rule_id })];
      const rule: Rule = { ...toRule(command.rule, old.rule_id, command.rule.sequence ?? old.sequence) };
      return [event('RuleReplaced', { rule })];
    }
    case 'DeleteRule': {
      const live = liveRuleset(spec, current, command.rule_set_id);
      return [event('RuleDeleted', { rule_id: ruleIn(spec, live, command.rule_id).rule_id })];
    }
    case 'ResequenceRules': {
      const live = liveRuleset(spec, current, command.rule_set_id);
      const seen = new Set<string>();
      for (const { rule_id } of command.sequences) {
        ruleIn(spec, live, rule_id);
        if (seen.has(rule_id)) throw new RulesetCommandRejected('duplicate_rule', RulesetMessages.ruleIdRepeated(rule_id), 'rule_id');
        seen.add(rule_id);
      }
      return [event('RulesResequenced', { sequences: command.sequences })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

function liveRuleset(spec: RulesetKindSpec, current: Ruleset | undefined, id: string): Ruleset {
  if (!current) throw new RulesetCommandRejected('not_found', RulesetMessages.notFound(spec, id));
  if (current.fields.status === 'DELETED') throw new RulesetCommandRejected('deleted', RulesetMessages.deleted(spec, id));
  return current;
}

function ruleIn(spec: RulesetKindSpec, ruleset: Ruleset, ruleId: string): Rule {
  const rule = ruleset.rules.find((candidate) => candidate.rule_id === ruleId);
  if (!rule) throw new RulesetCommandRejected('rule_not_found', RulesetMessages.ruleNotFound(spec, ruleset.rule_set_id, ruleId), 'rule_id');
  return rule;
}

function assertMove(from: RulesetStatus, to: RulesetStatus, field: string): void {
  if (!canMoveStatus(from, to)) throw new RulesetCommandRejected('invalid_status', RulesetMessages.statusMove(from, to), field);
}

/**
 * The rules of a create, PUT or add as stored: ids checked (a given id is this ruleset's own rule or
 * used nowhere; never twice), sequences given or after the last, DELETED rules of a PUT left out.
 */
function placeRules(
  spec: RulesetKindSpec, state: RulesetState, rulesetId: string, existing: readonly Rule[],
  inputs: readonly RuleInput[], newIds: readonly string[], mode: 'set' | 'add' = 'set',
): Rule[] {
  const kept = inputs.map((input, index) => ({ input, newId: newIds[index] }))
    .filter(({ input }) => input.status !== 'DELETED' || mode === 'add');
  if (kept.length + (mode === 'add' ? existing.length : 0) > spec.maxRules) {
    throw new RulesetCommandRejected('limit_exceeded', RulesetMessages.tooManyRules(spec), 'rules');
  }
  let next = mode === 'add' ? Math.max(0, ...existing.map((rule) => rule.sequence)) : 0;
  const seen = new Set<string>();
  return kept.map(({ input, newId }) => {
    if (input.status === 'DELETED') throw new RulesetCommandRejected('invalid_status', RulesetMessages.createDeleted(spec), 'status');
    const ruleId = input.rule_id ?? newId;
    if (!ruleId) throw new Error('a new rule needs an id from the command');
    const holder = rulesetOfRule(state, ruleId);
    if (holder && holder.rule_set_id !== rulesetId) {
      throw new RulesetCommandRejected('duplicate_rule', RulesetMessages.ruleIdTaken(ruleId, holder.rule_set_id), 'rule_id');
    }
    if (seen.has(ruleId)) throw new RulesetCommandRejected('duplicate_rule', RulesetMessages.ruleIdRepeated(ruleId), 'rule_id');
    seen.add(ruleId);
    // A rule the PUT keeps without naming a sequence keeps its own; a new one goes after the last placed.
    next = input.sequence ?? existing.find((rule) => rule.rule_id === ruleId)?.sequence ?? next + 1;
    return toRule(input, ruleId, next);
  });
}

function toRule(input: RuleInput, ruleId: string, sequence: number): Rule {
  const { rule_id: _id, sequence: _sequence, ...rest } = input;
  return { ...rest, rule_id: ruleId, sequence };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
