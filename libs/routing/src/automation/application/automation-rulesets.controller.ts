import { rulesetController } from '../../rulesets';
import { AutomationRuleDto } from './automation-rule.dto';
import {
  AUTOMATION_BODY_KEYS, AutomationRuleResponseDto, AutomationRulesetBodyDto, AutomationRulesetPatchDto, AutomationRulesetResponseDto,
} from './automation-ruleset.dto';

export const AUTOMATION_RULESET_SERVICE = Symbol.for('shipledger.routing.automation-ruleset-service');

/**
 * /automation-rulesets: rulesets whose rules choose the carrier account of a shipment (docs/api/routing.md).
 * Every path of the spec's table plus the rules' paths, built by the rulesets' controller factory (the
 * same one service levels use) from this kind's body keys and DTOs.
 */
export const AutomationRulesetsController = rulesetController({
  path: 'automation-rulesets',
  tag: 'automation rulesets',
  name: 'AutomationRulesetsController',
  keys: AUTOMATION_BODY_KEYS,
  service: AUTOMATION_RULESET_SERVICE,
  body: AutomationRulesetBodyDto,
  patch: AutomationRulesetPatchDto,
  rule: AutomationRuleDto,
  rulesetResponse: AutomationRulesetResponseDto,
  ruleResponse: AutomationRuleResponseDto,
});
