import { Module } from '@nestjs/common';
import { AUTOMATION_RULESET_SERVICE, AutomationRulesetsController } from './automation/application/automation-rulesets.controller';
import { AUTOMATION_RULESETS } from './automation/domain/automation-rule';
import { RULESET_STORE_PROVIDER, rulesetServiceProvider } from './rulesets';

/**
 * The Routing context's HTTP side: /automation-rulesets (and the ruleset machinery other kinds reuse).
 * EVENT_STORE and PLATFORM_SERVICES come from the global PlatformModule.
 */
@Module({
  controllers: [AutomationRulesetsController],
  providers: [RULESET_STORE_PROVIDER, rulesetServiceProvider(AUTOMATION_RULESET_SERVICE, AUTOMATION_RULESETS)],
  exports: [RULESET_STORE_PROVIDER],
})
export class RoutingModule {}
