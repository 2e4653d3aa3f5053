import type { Rule, Ruleset } from '../../rulesets/domain';
import { chooseServiceLevels } from './service-level-rule';

const rule = (rule_id: string, sequence: number, fields: Record<string, unknown>, status: Rule['status'] = 'ACTIVE'): Rule => ({ rule_id, rule_name: rule_id, sequence, status, fields });
const ruleset = (rule_set_id: string, rules: Rule[]): Ruleset => ({
  rule_set_id, rules, created_at: '2026-11-24T00:00:00.000Z', updated_at: '2026-11-24T00:00:00.000Z',
  fields: { name: rule_set_id, entity_type: 'FORWARD', merchants: ['_ANY'], countries: ['_ANY'], status: 'ACTIVE' },
});
const days = (n: number, extra: Record<string, unknown> = {}) => ({ duration: { days: n }, ...extra });

describe('chooseServiceLevels: per config type, the first matching active rule by ruleset order, then sequence', () => {
  it('takes the lowest sequence of each type, skips inactive and non-matching rules, and goes on to the next ruleset', () => {
    const first = ruleset('RS1', [
      rule('late', 5, { config_type: 'PROMISED', sla: days(5) }),
      rule('early', 1, { config_type: 'PROMISED', sla: days(1) }),
      rule('off', 0, { config_type: 'DELIVERY', sla: days(0) }, 'INACTIVE'),
      rule('no-match', 0, { config_type: 'SHIPPING', sla: days(0), skip: true }),
    ]);
    const second = ruleset('RS2', [rule('ship', 9, { config_type: 'SHIPPING', sla: days(2) }), rule('deliver', 9, { config_type: 'DELIVERY', sla: days(3) })]);
    const chosen = chooseServiceLevels([first, second], (r) => r.fields.skip !== true);
    expect(Object.fromEntries(Object.entries(chosen).map(([type, c]) => [type, `${c!.rule_set_id}/${c!.rule_id}`]))).toEqual({
      PROMISED: 'RS1/early', SHIPPING: 'RS2/ship', DELIVERY: 'RS2/deliver',
    });
  });

  it('the SLA time zone defaults to the rule\'s, then UTC', () => {
    const chosen = chooseServiceLevels([ruleset('RS', [
      rule('own', 1, { config_type: 'PROMISED', time_zone: 'Asia/Dubai', sla: days(1, { time_zone: 'Europe/Berlin' }) }),
      rule('rule', 1, { config_type: 'FULFILLMENT', time_zone: 'Asia/Dubai', sla: days(1) }),
      rule('none', 1, { config_type: 'SHIPPING', sla: days(1) }),
    ])], () => true);
    expect([chosen.PROMISED?.time_zone, chosen.FULFILLMENT?.time_zone, chosen.SHIPPING?.time_zone]).toEqual(['Europe/Berlin', 'Asia/Dubai', 'UTC']);
    expect(chosen.PROMISED?.sla).toEqual({ duration: { days: 1 } });
  });
});
