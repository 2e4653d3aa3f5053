import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { DATABASE } from '@shipledger/database';
import { EVENT_STORE } from '@shipledger/event-store';
import { AdminController } from './admin/admin.controller';
import { ApiAuthGuard } from './auth/api-auth.guard';
import { OauthTokenController } from './auth/oauth-token.controller';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { ApiValidationPipe } from './http/api-validation.pipe';
import { IdempotencyGuard } from './idempotency/idempotency.guard';
import { HealthController } from './observability/health.controller';
import { createServiceLogger, ServiceLogger } from './observability/logging';
import { MetricsController } from './observability/metrics.controller';
import { PLATFORM_SERVICES, type PlatformServices } from './platform-services';

/**
 * The common rules of every call, as one global module: DATABASE, EVENT_STORE and the platform
 * services for every context module; the auth guard, idempotency, validation and error rendering
 * for every route; the token, admin, health and metrics endpoints.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(platform: PlatformServices, options: { logLevel: string }): DynamicModule {
    return {
      module: PlatformModule,
      controllers: [OauthTokenController, AdminController, HealthController, MetricsController],
      providers: [
        { provide: ServiceLogger, useValue: new ServiceLogger(createServiceLogger(options.logLevel)) },
        { provide: PLATFORM_SERVICES, useValue: platform },
        { provide: DATABASE, useValue: platform.options.database },
        { provide: EVENT_STORE, useValue: platform.options.eventStore },
        // In this order: the idempotency claim needs the tenant that the auth guard found.
        { provide: APP_GUARD, useClass: ApiAuthGuard },
        { provide: APP_GUARD, useClass: IdempotencyGuard },
        { provide: APP_PIPE, useClass: ApiValidationPipe },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [PLATFORM_SERVICES, DATABASE, EVENT_STORE, ServiceLogger],
    };
  }
}
