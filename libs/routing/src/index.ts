/**
 * The Routing context's public surface: its Nest module, the automation ruleset kind and the generic
 * ruleset machinery (rulesets/) that other ruleset kinds (service levels) build on.
 */
export { RoutingModule } from './routing.module';
export * from './rulesets';
export { AUTOMATION_RULESETS } from './automation/domain/automation-rule';
export { SERVICE_LEVEL_RULESETS } from './service-levels/domain/service-level-rule';
/** Shipping's SHIPMENT_SERVICE_LEVELS port for processes without Nest (the worker). */
export { shipmentServiceLevelsFor } from './service-levels/service-levels.providers';
