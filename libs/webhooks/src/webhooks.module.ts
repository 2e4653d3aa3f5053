import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DATABASE, type Database } from '@shipledger/database';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { PLATFORM_SERVICES, type PlatformServices } from '@shipledger/platform';
import { WebhooksController } from './application/configurations/webhooks.controller';
import { WebhookInboxController } from './application/sandbox-inbox/webhook-inbox.controller';
import { DeliveryLogController } from './application/delivery-log/delivery-log.controller';
import { ReplayController } from './application/replay/replay.controller';
import { webhooksContextFor, type WebhooksContext } from './webhooks.context';
import { WEBHOOKS_CONTEXT } from './webhooks.tokens';

/** /webhooks: webhook configurations and their signing secrets; /sandbox/webhook-inbox: a receiver to try them with. */
@Module({
  controllers: [WebhooksController, WebhookInboxController, DeliveryLogController, ReplayController],
  providers: [
    {
      provide: WEBHOOKS_CONTEXT,
      inject: [DATABASE, EVENT_STORE, PLATFORM_SERVICES],
      useFactory: (database: Database, eventStore: EventStore, platform: PlatformServices) => {
        const context = webhooksContextFor({ database, eventStore });
        context.bindPlatform(platform);
        return context;
      },
    },
  ],
  exports: [WEBHOOKS_CONTEXT],
})
export class WebhooksModule implements OnApplicationShutdown {
  constructor(@Inject(WEBHOOKS_CONTEXT) private readonly context: WebhooksContext) {}

  /** Kept-alive connections to receivers end with the app (the client stays usable: a later call opens anew). */
  async onApplicationShutdown(): Promise<void> {
    await this.context.outbound.close();
  }
}
