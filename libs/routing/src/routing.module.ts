import { Module } from '@nestjs/common';
import { AUTOMATION_RULESET_SERVICE, AutomationRulesetsController } from './automation/application/automation-rulesets.controller';
import { AUTOMATION_RULESETS } from './automation/domain/automation-rule';
import { RULESET_STORE_PROVIDER, rulesetServiceProvider } from './rulesets';
import { SERVICE_LEVEL_CONTROLLERS, SERVICE_LEVEL_PROVIDERS } from './service-levels/service-levels.providers';
import { SHIPMENT_SERVICE_LEVELS } from '@shipledger/shipping';

/**
 * The Routing context's HTTP side: /automation-rulesets, /service-level-rulesets (both on the generic
 * ruleset machinery), and shipping's SHIPMENT_SERVICE_LEVELS port.
 * EVENT_STORE and PLATFORM_SERVICES come from the global PlatformModule.
 */
@Module({
  controllers: [AutomationRulesetsController, ...SERVICE_LEVEL_CONTROLLERS],
  providers: [RULESET_STORE_PROVIDER, rulesetServiceProvider(AUTOMATION_RULESET_SERVICE, AUTOMATION_RULESETS), ...SERVICE_LEVEL_PROVIDERS],
  exports: [RULESET_STORE_PROVIDER, SHIPMENT_SERVICE_LEVELS],
})
export class RoutingModule {}
