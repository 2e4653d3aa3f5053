/**
 * The Routing context's public surface: its Nest module, the automation ruleset kind and the generic
 * ruleset machinery (rulesets/) that other ruleset kinds (service levels) build on.
 */
import type { EventStore } from '@shipledger/event-store';
import type { ShippingRater } from '@shipledger/shipping';
import { AutomationShipmentRouter } from './automation/application/automation-shipment-router';
import { RulesetStore } from './rulesets';

export { RoutingModule } from './routing.module';
export * from './rulesets';
export { AUTOMATION_RULESETS } from './automation/domain/automation-rule';
export { SERVICE_LEVEL_RULESETS } from './service-levels/domain/service-level-rule';
/** Shipping's SHIPMENT_SERVICE_LEVELS port for processes without Nest (the worker). */
export { shipmentServiceLevelsFor } from './service-levels/service-levels.providers';
export { AutomationShipmentRouter };
export { provisionDemoRouting, DEMO_RULESET_ID } from './automation/application/demo-routing';
export { provisionDemoServiceLevels, DEMO_SERVICE_LEVEL_RULESET_ID } from './service-levels/application/demo-service-levels';

/** SHIPMENT_ROUTER for processes without Nest (the worker's order → shipment creation). */
export function automationShipmentRouter(eventStore: EventStore, rater?: ShippingRater): AutomationShipmentRouter {
  return new AutomationShipmentRouter(new RulesetStore(eventStore), rater);
}
