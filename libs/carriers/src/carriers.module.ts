import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DATABASE, type Database } from '@shipledger/database';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { CARRIER_ACCOUNT_DIRECTORY, SHIPPING_RATER, TRACKING_REFRESHER } from '@shipledger/shipping';
import { CarrierAccountService } from './accounts/carrier-account.service';
import { CarrierAccountsController } from './accounts/carrier-accounts.controller';
import { carriersContextFor, type CarriersContext } from './carriers.context';
import { CARRIER_MANIFESTS, CARRIERS_CONTEXT } from './carriers.tokens';
import { LabelsController } from './labels/labels.controller';
import { SandboxClockController } from './sandbox/sandbox-clock.controller';
import { TrackingEventsController } from './tracking/tracking-events.controller';

/** Carrier accounts, signed labels, carrier tracking webhooks and the sandbox clock. */
@Module({
  controllers: [CarrierAccountsController, LabelsController, TrackingEventsController, SandboxClockController],
  providers: [
    {
      provide: CARRIERS_CONTEXT,
      inject: [DATABASE, EVENT_STORE],
      useFactory: (database: Database, eventStore: EventStore) => carriersContextFor({ database, eventStore }),
    },
    { provide: CarrierAccountService, inject: [CARRIERS_CONTEXT], useFactory: (c: CarriersContext) => c.accounts },
    { provide: CARRIER_ACCOUNT_DIRECTORY, inject: [CARRIERS_CONTEXT], useFactory: (c: CarriersContext) => c.directory },
    { provide: TRACKING_REFRESHER, inject: [CARRIERS_CONTEXT], useFactory: (c: CarriersContext) => c.trackingRefresh },
    { provide: CARRIER_MANIFESTS, inject: [CARRIERS_CONTEXT], useFactory: (c: CarriersContext) => c.manifests },
    {
      provide: SHIPPING_RATER,
      inject: [CARRIERS_CONTEXT],
      useFactory: (c: CarriersContext) => c.rater,
    },
  ],
  exports: [CARRIERS_CONTEXT, CARRIER_ACCOUNT_DIRECTORY, SHIPPING_RATER, TRACKING_REFRESHER, CARRIER_MANIFESTS],
})
export class CarriersModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(CARRIERS_CONTEXT) private readonly context: CarriersContext) {}

  onApplicationBootstrap(): void {
    this.context.warmUp();
    if (this.context.config.simulatorIntervalMs > 0) this.context.simulator.start(this.context.config.simulatorIntervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.context.simulator.stop();
    await this.context.outbound.close();
  }
}
