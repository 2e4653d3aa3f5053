import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { PlatformModule, type PlatformServices } from '@shipledger/platform';
import { ShippingModule } from '@shipledger/shipping';
import { CarriersModule } from '@shipledger/carriers';
import { ConfigurationModule } from '@shipledger/configuration';
import { ReportingModule } from '@shipledger/reporting';
import { OrderingModule } from '@shipledger/ordering';
import { WebhooksModule } from '@shipledger/webhooks';
import { RoutingModule } from '@shipledger/routing';
import { ManifestsModule } from '@shipledger/manifests';
import { InventoryModule } from '@shipledger/inventory';

/** Created once: the same instance serves /automation-rulesets and is the port module of SHIPMENT_ROUTER. */
const ROUTING = RoutingModule.register({ ports: [CarriersModule] });

/**
 * The bounded contexts served by the API. Add yours with one line (import it at the top). They get
 * DATABASE, EVENT_STORE and PLATFORM_SERVICES from the global PlatformModule, and the platform's guard,
 * idempotency, validation and error bodies apply to their routes.
 */
export const CONTEXT_MODULES: Array<Type | DynamicModule> = [
  ShippingModule.register({ ports: [CarriersModule, ConfigurationModule, ROUTING] }),
  CarriersModule,
  ConfigurationModule,
  ReportingModule,
  OrderingModule.register({ ports: [InventoryModule] }),
  InventoryModule,
  WebhooksModule,
  ROUTING,
  ManifestsModule,
];

@Module({})
export class AppModule {
  static register(platform: PlatformServices, options: { logLevel: string }): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(platform, options), ...CONTEXT_MODULES],
    };
  }
}
