import type { Rule, Ruleset, RulesetFields } from '../../rulesets/domain';
import { notMatchedBefore, planRouting, routingConfigured } from './route-shipment';
import { shipmentFacts } from './shipment-facts';

const at = '2026-11-24T10:00:00.000Z';
const facts = shipmentFacts({ merchant: 'SHOP-A', delivery: { delivery_type: 'EXPRESS' }, dropoff: { country: 'AE' }, pickup: { country: 'AE' } });
const rule = (id: string, sequence: number, fields: Record<string, unknown>, status: Rule['status'] = 'ACTIVE'): Rule =>
  ({ rule_id: id, rule_name: id, sequence, status, fields });
const ruleset = (id: string, created: string, scope: Partial<RulesetFields>, rules: Rule[]): Ruleset => ({
  rule_set_id: id, created_at: created, updated_at: created, rules,
  fields: { name: id, entity_type: 'FORWARD', merchants: ['_ANY'], countries: ['_ANY'], status: 'ACTIVE', ...scope },
});
const to = (account: string) => ({ carrier_accounts: [{ carrier_account_id: account }] });

describe('planRouting: the evaluation order', () => {
  it('rulesets naming the merchant, then the country, before _ANY ones; older first; rules by sequence', () => {
    const plan = planRouting([
      ruleset('any', '2026-01-01', {}, [rule('any-1', 1, to('a'))]),
      ruleset('country', '2026-01-03', { countries: ['AE'] }, [rule('country-1', 1, to('c'))]),
      ruleset('merchant', '2026-01-04', { merchants: ['SHOP-A'] }, [rule('m-2', 2, to('m2')), rule('m-1', 1, { ...to('m1'), delivery_type: { operator: 'INCLUSION', value: ['STANDARD'] } })]),
      ruleset('other-merchant', '2026-01-01', { merchants: ['SHOP-B'] }, [rule('x', 1, to('x'))]),
      ruleset('inactive', '2026-01-01', { status: 'INACTIVE' }, [rule('y', 1, to('y'))]),
    ], facts, at);
    expect(plan.rulesets.map((r) => r.rule_set_id)).toEqual(['merchant', 'country', 'any']);
    expect(plan.evaluations.map((e) => e.rule_id)).toEqual(['m-1', 'm-2', 'country-1', 'any-1']);
    expect(plan.chosen?.evaluation.rule_id).toBe('m-2');
    expect(notMatchedBefore(plan)).toEqual([{ rule_set_id: 'merchant', rule_id: 'm-1', rule_name: 'm-1', reasons: ['delivery_type EXPRESS is not in [STANDARD]'] }]);
  });

  it('an inactive rule is skipped; a matching rule with no account is passed over and says why', () => {
    const plan = planRouting([ruleset('r', '2026-01-01', {}, [rule('off', 1, to('off'), 'INACTIVE'), rule('empty', 2, {}), rule('last', 3, to('z'))])], facts, at);
    expect(plan.chosen?.evaluation.rule_id).toBe('last');
    expect(notMatchedBefore(plan)).toEqual([{ rule_set_id: 'r', rule_id: 'empty', rule_name: 'empty', reasons: ['the rule names no carrier account'] }]);
  });

  it('routing is configured only with an ACTIVE ruleset', () => {
    expect(routingConfigured([ruleset('r', '2026-01-01', { status: 'INACTIVE' }, [])])).toBe(false);
    expect(routingConfigured([ruleset('r', '2026-01-01', {}, [])])).toBe(true);
  });
});
