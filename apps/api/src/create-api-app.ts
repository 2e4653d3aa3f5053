import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import {
  clientErrorHandler, configureFastify, DEFAULT_BODY_LIMIT_BYTES, PARSER_MAX_HEADER_BYTES, frameworkErrorHandler, instrumentEventStore, migratePlatform, PlatformServices, registerHttpMetricsHooks,
  registerAccessLog, registerIdempotencyHooks, registerLegacyRoutes, requestIdFrom, ServiceLogger, type TlsMaterial,
} from '@shipledger/platform';
import { mountDashboard } from '@shipledger/reporting';
import { webhooksContextFor } from '@shipledger/webhooks';
import { AppModule } from './app.module';
import { mountOpenApi } from './openapi';

export interface ApiAppOptions {
  database: Database;
  eventStore: EventStore;
  tls: TlsMaterial;
  jwtSecret: string;
  adminToken?: string;
  bodyLimitBytes?: number;
  tenantRequestsPerMinute?: number;
  addressRequestsPerMinute?: number;
  loginFailures?: { perClient: number; perAddress: number };
  /** Behind a TLS-terminating proxy: trust X-Forwarded-For/-Proto and refuse what arrived as plain HTTP. */
  trustProxy?: boolean;
  logLevel?: string;
  /** Projector and reactor lag for /metrics (see followerLag in main.ts). */
  followerLag?: () => Promise<Array<{ name: string; lag: number; parked: number }>>;
  /** Events projectors and reactors parked; /health says degraded while there are any (absent: not checked). */
  parkedEvents?: () => Promise<number>;
  /** PUBLIC_BASE_URL: how clients reach the service, when not its listening address. */
  publicBaseUrl?: string;
}

export interface ApiApp {
  app: NestFastifyApplication;
  platform: PlatformServices;
  fastify: FastifyInstance;
  /** Every route the app serves (method and Fastify pattern), for tests that walk all of them. */
  routes: Array<{ method: string; url: string }>;
  /**
   * Starts the HTTPS listener; resolves to its base URL (https://host:port). From then on webhook
   * deliveries may reach this service's own sandbox inbox (ADR 0011).
   */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** The HTTPS API with the platform's rules; main.ts and the tests both build it here. */
export async function createApiApp(options: ApiAppOptions): Promise<ApiApp> {
  await migratePlatform(options.database);
  const platform = new PlatformServices({
    database: options.database,
    eventStore: instrumentEventStore(options.eventStore),
    jwtSecret: options.jwtSecret,
    adminToken: options.adminToken,
    tenantRequestsPerMinute: options.tenantRequestsPerMinute ?? 1200,
    addressRequestsPerMinute: options.addressRequestsPerMinute ?? 6000,
    loginFailures: options.loginFailures,
    followerLag: options.followerLag,
    parkedEvents: options.parkedEvents,
  });
  const adapter = new FastifyAdapter({
    https: { key: options.tls.key, cert: options.tls.cert, maxHeaderSize: PARSER_MAX_HEADER_BYTES },
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    genReqId: (request: IncomingMessage) => requestIdFrom(request.headers),
    requestIdHeader: false,
    logger: false,
    frameworkErrors: frameworkErrorHandler as never,
    clientErrorHandler,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register(platform, { logLevel: options.logLevel ?? 'info' }),
    adapter,
    { bodyParser: false, bufferLogs: true, abortOnError: false },
  );
  const logger = app.get(ServiceLogger);
  app.useLogger(logger);
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const internalSecret = randomUUID();
  const routes: Array<{ method: string; url: string }> = [];
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  configureFastify(fastify, {
    buckets: platform.buckets,
    addressRequestsPerMinute: platform.options.addressRequestsPerMinute,
    internalSecret,
    requireHttps: options.trustProxy ?? false,
    authenticator: platform.authenticator,
  });
  registerAccessLog(fastify, logger.pino);
  registerIdempotencyHooks(fastify, platform.idempotency);
  registerHttpMetricsHooks(fastify);
  mountOpenApi(app, fastify);
  mountDashboard(fastify);
  await app.init();
  registerLegacyRoutes(fastify, platform, internalSecret);
  let disallowOwnInbox: (() => void) | undefined;
  return {
    app,
    platform,
    fastify,
    routes,
    async listen(port, host = '0.0.0.0') {
      await app.listen(port, host);
      const address = fastify.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const listening = `https://${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${actualPort}`;
      // The socket a call to ourselves connects to: a wildcard listener is reached on loopback.
      const own = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
      disallowOwnInbox = webhooksContextFor(options).allowOwnInbox({
        baseUrls: [...(options.publicBaseUrl ? [options.publicBaseUrl] : []), listening],
        address: own, family: own.includes(':') ? 6 : 4, ca: options.tls.cert,
      });
      return listening;
    },
    async close() {
      disallowOwnInbox?.();
      await app.close();
    },
  };
}
