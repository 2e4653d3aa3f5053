import type { Provider } from '@nestjs/common';
import type { EventStore } from '@shipledger/event-store';
import { SHIPMENT_SERVICE_LEVELS, type ShipmentServiceLevels } from '@shipledger/shipping';
import { RulesetStore, rulesetServiceProvider } from '../rulesets';
import { SERVICE_LEVEL_RULESET_SERVICE, ServiceLevelRulesetsController } from './application/service-level-rulesets.controller';
import { ShipmentServiceLevelsAdapter } from './application/shipment-service-levels.adapter';
import { SERVICE_LEVEL_RULESETS } from './domain/service-level-rule';

export const SERVICE_LEVEL_CONTROLLERS = [ServiceLevelRulesetsController];

/** The service-level kind's RulesetService, and shipping's SHIPMENT_SERVICE_LEVELS port on the one RulesetStore. */
export const SERVICE_LEVEL_PROVIDERS: Provider[] = [
  rulesetServiceProvider(SERVICE_LEVEL_RULESET_SERVICE, SERVICE_LEVEL_RULESETS),
  { provide: SHIPMENT_SERVICE_LEVELS, inject: [RulesetStore], useFactory: (store: RulesetStore) => new ShipmentServiceLevelsAdapter(store) },
];

/** The port outside Nest (the worker's fulfilment → shipment process). */
export function shipmentServiceLevelsFor(eventStore: EventStore): ShipmentServiceLevels {
  return new ShipmentServiceLevelsAdapter(new RulesetStore(eventStore));
}
