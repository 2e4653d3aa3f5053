import type { Provider } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { PLATFORM_SERVICES, type PlatformServices } from '@shipledger/platform';
import type { RulesetKindSpec } from '../domain';
import { RulesetService } from './ruleset.service';
import { RulesetStore } from './ruleset.store';

/** The one RulesetStore of the process (its cache serves every kind). */
export const RULESET_STORE_PROVIDER: Provider = {
  provide: RulesetStore, inject: [EVENT_STORE], useFactory: (eventStore: EventStore) => new RulesetStore(eventStore),
};

/** A kind's RulesetService under its token: `rulesetServiceProvider(SLA_RULESET_SERVICE, SERVICE_LEVEL_RULESETS)`. */
export function rulesetServiceProvider(token: symbol, spec: RulesetKindSpec): Provider {
  return {
    provide: token,
    inject: [RulesetStore, PLATFORM_SERVICES],
    useFactory: (store: RulesetStore, platform: PlatformServices) => new RulesetService(spec, store, platform.directory),
  };
}
