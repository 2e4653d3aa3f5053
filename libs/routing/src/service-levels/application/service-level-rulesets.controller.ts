import { ApiError } from '@shipledger/platform';
import { rulesetController, type RuleInput } from '../../rulesets';
import { serviceLevelOutcome } from '../domain/service-level-rule';
import { slaProblems } from '../domain/sla.rules';
import {
  SERVICE_LEVEL_BODY_KEYS, ServiceLevelRuleDto, ServiceLevelRuleResponseDto, ServiceLevelRulesetBodyDto, ServiceLevelRulesetPatchDto,
  ServiceLevelRulesetResponseDto,
} from './service-level-ruleset.dto';

export const SERVICE_LEVEL_RULESET_SERVICE = Symbol.for('shipledger.routing.service-level-ruleset-service');

/** An SLA's cross-field rules (days xor hours, which options go with which) as a 400 naming each field. */
function checkServiceLevelRule(rule: RuleInput, field: string): void {
  const problems = slaProblems(serviceLevelOutcome({ ...rule, rule_id: '', sequence: 0 }).sla, `${field}.sla`);
  if (problems.length === 0) return;
  throw new ApiError(400, problems.map((problem) => `${problem.field} : ${problem.message}`), 'validation_failed', problems);
}

/** /service-level-rulesets: the automation ruleset paths, with rules that set a shipment's dates (docs/api/service-levels.md). */
export const ServiceLevelRulesetsController = rulesetController({
  path: 'service-level-rulesets',
  tag: 'service level rulesets',
  name: 'ServiceLevelRulesetsController',
  keys: SERVICE_LEVEL_BODY_KEYS,
  service: SERVICE_LEVEL_RULESET_SERVICE,
  body: ServiceLevelRulesetBodyDto,
  patch: ServiceLevelRulesetPatchDto,
  rule: ServiceLevelRuleDto,
  rulesetResponse: ServiceLevelRulesetResponseDto,
  ruleResponse: ServiceLevelRuleResponseDto,
  params: { ruleset: 'serviceLevelRulesetId', rule: 'serviceLevelRuleId' },
  checkRule: checkServiceLevelRule,
});
