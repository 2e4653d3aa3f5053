import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { Authenticator } from './auth/authenticator';
import { LoginThrottle } from './auth/login-throttle';
import { TokenService } from './auth/token.service';
import { IdempotencyStore } from './idempotency/idempotency.store';
import { TokenBuckets } from './rate-limit/token-bucket';
import { TenantDirectory } from './tenancy/tenant-directory';
import { TenantRepository } from './tenancy/tenant.repository';
import { UsageQuotas } from './tenancy/usage-quotas';

export interface PlatformOptions {
  database: Database;
  eventStore: EventStore;
  jwtSecret: string;
  /** Guards /admin; when absent the admin API answers 401 to everyone. */
  adminToken?: string;
  tenantRequestsPerMinute: number;
  addressRequestsPerMinute: number;
  loginFailures?: { perClient: number; perAddress: number };
  /** Projector and reactor lag in events, read when /metrics is scraped (absent: not reported). */
  followerLag?: () => Promise<Array<{ name: string; lag: number; parked: number }>>;
  /** Events projectors and reactors parked; /health says degraded while there are any (absent: not checked). */
  parkedEvents?: () => Promise<number>;
}

/** The platform's collaborators, built once per app and shared by guards, interceptors and controllers. */
export class PlatformServices {
  readonly repository: TenantRepository;
  readonly directory: TenantDirectory;
  readonly tokens: TokenService;
  readonly authenticator: Authenticator;
  readonly buckets = new TokenBuckets();
  readonly loginThrottle: LoginThrottle;
  /** Failed attempts at the other shared secrets (carrier webhook secrets, the admin token), counted like tokens. */
  readonly secretThrottle: LoginThrottle;
  readonly idempotency: IdempotencyStore;
  readonly quotas: UsageQuotas;

  constructor(readonly options: PlatformOptions) {
    this.repository = new TenantRepository(options.database);
    this.directory = new TenantDirectory(this.repository);
    this.tokens = new TokenService(options.jwtSecret);
    this.authenticator = new Authenticator(this.tokens, this.directory);
    this.loginThrottle = new LoginThrottle(options.loginFailures);
    this.secretThrottle = new LoginThrottle(options.loginFailures);
    this.idempotency = new IdempotencyStore(options.database);
    this.quotas = new UsageQuotas(options.database, this.directory);
  }
}

export const PLATFORM_SERVICES = Symbol.for('shipledger.platform-services');
