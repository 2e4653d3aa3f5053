import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { SHIPMENT_ROUTER, SHIPMENT_SERVICE_LEVELS, SHIPPING_RATER, type ShippingRater } from '@shipledger/shipping';
import { AUTOMATION_RULESET_SERVICE, AutomationRulesetsController } from './automation/application/automation-rulesets.controller';
import { AutomationShipmentRouter } from './automation/application/automation-shipment-router';
import { RoutingExplainController } from './automation/application/routing-explain.controller';
import { RoutingExplainService } from './automation/application/routing-explain.service';
import { DATABASE, type Database } from '@shipledger/database';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { AUTOMATION_RULESETS } from './automation/domain/automation-rule';
import { RULESET_STORE_PROVIDER, rulesetServiceProvider, RulesetStore, type RulesetService } from './rulesets';
import { SERVICE_LEVEL_CONTROLLERS, SERVICE_LEVEL_PROVIDERS } from './service-levels/service-levels.providers';

const ROUTING_MODULE: ModuleMetadata = {
  controllers: [RoutingExplainController, AutomationRulesetsController, ...SERVICE_LEVEL_CONTROLLERS],
  providers: [
    RULESET_STORE_PROVIDER,
    rulesetServiceProvider(AUTOMATION_RULESET_SERVICE, AUTOMATION_RULESETS),
    ...SERVICE_LEVEL_PROVIDERS,
    {
      provide: AutomationShipmentRouter,
      inject: [RulesetStore, SHIPPING_RATER],
      useFactory: (store: RulesetStore, rater: ShippingRater) => new AutomationShipmentRouter(store, rater),
    },
    { provide: SHIPMENT_ROUTER, useExisting: AutomationShipmentRouter },
    {
      provide: RoutingExplainService,
      inject: [AutomationShipmentRouter, AUTOMATION_RULESET_SERVICE, EVENT_STORE, DATABASE],
      useFactory: (router: AutomationShipmentRouter, rulesets: RulesetService, eventStore: EventStore, database: Database) =>
        new RoutingExplainService(router, rulesets, eventStore, database.kysely),
    },
  ],
  exports: [RULESET_STORE_PROVIDER, SHIPMENT_SERVICE_LEVELS, SHIPMENT_ROUTER],
};

/**
 * The Routing context's HTTP side: /automation-rulesets, /service-level-rulesets (both on the generic
 * ruleset machinery), and the Shipping context's ports it implements: SHIPMENT_SERVICE_LEVELS and
 * SHIPMENT_ROUTER. EVENT_STORE and PLATFORM_SERVICES come from the global PlatformModule.
 */
@Module({})
export class RoutingModule {
  /**
   * `ports`: the modules exporting the ports routing consumes, SHIPPING_RATER (the carriers module, for
   * CHEAPEST_CARRIER). Given by the app, so neither library imports the other's module. Create it once
   * and hand the same instance to ShippingModule.register's ports.
   */
  static register(options: { ports: NonNullable<ModuleMetadata['imports']> }): DynamicModule {
    return { module: RoutingModule, imports: [...options.ports], ...ROUTING_MODULE };
  }
}
