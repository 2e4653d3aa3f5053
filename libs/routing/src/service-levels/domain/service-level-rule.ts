import { DEFAULT_RULESET_LIMITS, inEvaluationOrder, type Rule, type Ruleset, type RulesetKindSpec } from '../../rulesets/domain';
import { SERVICE_LEVEL_CONFIG_TYPES, type ChosenSla, type ServiceLevelConfigType } from './service-level-estimate';
import type { Sla } from './sla';

/** Service-level rulesets give a shipment its promised and estimated dates (docs/api/service-levels.md). */
export const SERVICE_LEVEL_RULESETS: RulesetKindSpec = {
  kind: 'service-level', eventPrefix: 'ServiceLevel', noun: 'service level ruleset', ...DEFAULT_RULESET_LIMITS,
};

/** A service-level rule's own fields beside its conditions (validated by ServiceLevelRuleDto before they are stored). */
export interface ServiceLevelOutcome {
  config_type: ServiceLevelConfigType;
  sla: Sla & { time_zone?: string };
  /** The rule's time zone (the merchant's, as the conditions read days and times): the SLA's default. */
  time_zone?: string;
}

export const serviceLevelOutcome = (rule: Rule): ServiceLevelOutcome => rule.fields as unknown as ServiceLevelOutcome;

export const DEFAULT_SLA_TIME_ZONE = 'UTC';

/**
 * For each config type, the first ACTIVE rule of that type, in the order given (the applicable
 * rulesets, oldest first) and then by sequence, that `matches` the shipment. A type with no match is
 * absent: its date is not set.
 */
export function chooseServiceLevels(rulesets: readonly Ruleset[], matches: (rule: Rule) => boolean): Partial<Record<ServiceLevelConfigType, ChosenSla>> {
  const chosen: Partial<Record<ServiceLevelConfigType, ChosenSla>> = {};
  for (const ruleset of rulesets) {
    for (const rule of inEvaluationOrder(ruleset.rules)) {
      const { config_type, sla, time_zone: ruleZone } = serviceLevelOutcome(rule);
      if (rule.status !== 'ACTIVE' || !SERVICE_LEVEL_CONFIG_TYPES.includes(config_type) || chosen[config_type] || !matches(rule)) continue;
      const { time_zone, ...rest } = sla;
      chosen[config_type] = { config_type, sla: rest, time_zone: time_zone ?? ruleZone ?? DEFAULT_SLA_TIME_ZONE, rule_set_id: ruleset.rule_set_id, rule_id: rule.rule_id };
    }
  }
  return chosen;
}
