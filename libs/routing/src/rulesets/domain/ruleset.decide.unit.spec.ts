import { deciderSpec } from '@shipledger/testing';
import { foldEvents } from '@shipledger/ddd';
import type { RulesetCommand } from './ruleset.commands';
import { rulesetDecider } from './ruleset.decider';
import { RulesetCommandRejected } from './ruleset.errors';
import type { RulesetEvent } from './ruleset.events';
import { RULESET_STATUS_TRANSITIONS } from './ruleset.lifecycle';
import { RULESET_STATUSES, type RuleInput, type RulesetFields, type RulesetStatus } from './ruleset.model';

const decider = rulesetDecider({ kind: 'test', eventPrefix: 'Test', noun: 'test ruleset', maxRulesets: 2, maxRules: 3 });
const base = { tenant_id: 'T1', rule_set_id: 'RS1', at: '2026-11-24T10:00:00.000Z', actor: 'client-1' };
const fields = (status: RulesetStatus = 'ACTIVE'): RulesetFields => ({ name: 'n', entity_type: 'FORWARD', merchants: ['_ANY'], countries: ['AE'], status });
const rule = (name: string, extra: Partial<RuleInput> = {}): RuleInput => ({ rule_name: name, status: 'ACTIVE', fields: { x: name }, ...extra });
const spec = deciderSpec(decider);
const decide = (history: RulesetEvent[], command: RulesetCommand) => decider.decide(command, foldEvents(decider, history));
const create = (status: RulesetStatus = 'ACTIVE', rules = [rule('a'), rule('b')], id = 'RS1') =>
  decide([], { type: 'CreateRuleset', ...base, rule_set_id: id, ruleset: fields(status), rules, new_rule_ids: rules.map((_, i) => `${id}-r${i}`) });

describe('ruleset decider', () => {
  it('given nothing, when a ruleset is created with rules, then the rules get ids and sequences in order', () => {
    spec.given([]).when({ type: 'CreateRuleset', ...base, ruleset: fields(), rules: [rule('a'), rule('b', { sequence: 7 }), rule('c')], new_rule_ids: ['r1', 'r2', 'r3'] })
      .thenState((state) => expect(state.rulesets.RS1!.rules.map((r) => [r.rule_id, r.sequence])).toEqual([['r1', 1], ['r2', 7], ['r3', 8]]));
  });

  // Every cell of the lifecycle table: PATCH status from each status to each status.
  const cells = RULESET_STATUSES.flatMap((from) => RULESET_STATUSES.map((to) => [from, to] as const));
  it.each(cells)('given a %s ruleset, when PATCHed to %s, then the table decides', (from, to) => {
    const history = from === 'DELETED'
      ? [...create(), ...decide(create(), { type: 'DeleteRuleset', ...base })]
      : create(from);
    const patch: RulesetCommand = { type: 'PatchRuleset', ...base, ruleset: { status: to } };
    if (!RULESET_STATUS_TRANSITIONS[from].includes(to)) return spec.given(history).when(patch).thenThrows(RulesetCommandRejected);
    expect(decide(history, patch).map((event) => event.type)).toEqual([to === 'DELETED' ? 'TestRulesetDeleted' : 'TestRulesetPatched']);
  });

  it('given a ruleset, when PATCHed, then the rules are untouched; when PUT, then rules not sent are removed', () => {
    const given = spec.given(create());
    given.when({ type: 'PatchRuleset', ...base, ruleset: { name: 'renamed' } }).thenState(({ rulesets }) => {
      expect(rulesets.RS1!.rules).toHaveLength(2);
      expect(rulesets.RS1!.fields.name).toBe('renamed');
    });
    given.when({ type: 'ReplaceRuleset', ...base, ruleset: fields('INACTIVE'), rules: [rule('b2', { rule_id: 'RS1-r1' }), rule('new')], new_rule_ids: ['x', 'RS1-new'] })
      .thenState(({ rulesets }) => {
        expect(rulesets.RS1!.rules.map((r) => [r.rule_id, r.rule_name, r.sequence])).toEqual([['RS1-r1', 'b2', 2], ['RS1-new', 'new', 3]]);
        expect(rulesets.RS1!.fields.status).toBe('INACTIVE');
      });
  });

  it('given a ruleset, when deleted, then its rules go with it and a second delete decides nothing', () => {
    const deleted: RulesetEvent = { type: 'TestRulesetDeleted', data: { ...base, rule_ids: ['RS1-r0', 'RS1-r1'] } } as RulesetEvent;
    spec.given(create()).when({ type: 'DeleteRuleset', ...base }).then([deleted]);
    spec.given([...create(), deleted]).when({ type: 'DeleteRuleset', ...base }).thenNothing();
    spec.given([...create(), deleted]).when({ type: 'AddRule', ...base, rule: rule('z'), new_rule_id: 'z' }).thenThrows('is deleted');
  });

  it('given rules, when resequenced, then evaluation order follows; an unknown or repeated rule id is refused', () => {
    const given = spec.given(create());
    given.when({ type: 'ResequenceRules', ...base, sequences: [{ rule_id: 'RS1-r1', sequence: 0 }] })
      .thenState((state) => expect(state.rulesets.RS1!.rules.map((r) => r.rule_id)).toEqual(['RS1-r1', 'RS1-r0']));
    given.when({ type: 'ResequenceRules', ...base, sequences: [{ rule_id: 'nope', sequence: 0 }] }).thenThrows('No rule nope');
    given.when({ type: 'ResequenceRules', ...base, sequences: [{ rule_id: 'RS1-r0', sequence: 0 }, { rule_id: 'RS1-r0', sequence: 1 }] })
      .thenThrows('more than once');
  });

  it('given a rule, when PUT without a sequence, then it keeps its place; when PUT to DELETED, then it is removed', () => {
    const given = spec.given(create());
    given.when({ type: 'ReplaceRule', ...base, rule_id: 'RS1-r0', rule: rule('renamed') })
      .thenState((state) => expect(state.rulesets.RS1!.rules[0]).toMatchObject({ rule_id: 'RS1-r0', rule_name: 'renamed', sequence: 1 }));
    expect(decide(create(), { type: 'ReplaceRule', ...base, rule_id: 'RS1-r0', rule: rule('x', { status: 'DELETED' }) })[0]!.type).toBe('TestRuleDeleted');
  });

  it('given the limits of the kind, then a rule or ruleset past them is refused; a rule id of another ruleset too', () => {
    const history = [...create(), ...create('ACTIVE', [rule('c')], 'RS2')];
    spec.given(history).when({ type: 'CreateRuleset', ...base, rule_set_id: 'RS3', ruleset: fields(), rules: [], new_rule_ids: [] }).thenThrows('at most 2');
    const full = [...history, ...decide(history, { type: 'AddRule', ...base, rule: rule('c'), new_rule_id: 'c' })];
    spec.given(full).when({ type: 'AddRule', ...base, rule: rule('d'), new_rule_id: 'd' }).thenThrows('at most 3 rules');
    spec.given(history).when({ type: 'AddRule', ...base, rule: rule('d', { rule_id: 'RS2-r0' }), new_rule_id: 'x' }).thenThrows('used by the ruleset RS2');
    expect(() => create('DELETED')).toThrow('cannot be created with status DELETED');
  });
});
