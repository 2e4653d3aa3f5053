import { join, resolve } from 'node:path';

/** Everything the platform reads from the environment, resolved once at start-up. */
export interface PlatformConfig {
  /** Folder for PGlite data, generated certificates, secrets and demo credentials. */
  dataDir: string;
  host: string;
  port: number;
  tlsCertFile?: string;
  tlsKeyFile?: string;
  /** HS256 secret for access tokens; generated into dataDir when absent. */
  jwtSecret?: string;
  /** Guards /admin; generated into dataDir in embedded mode when absent. */
  adminToken?: string;
  /** Trust X-Forwarded-Proto / X-Forwarded-For (only behind a TLS-terminating proxy you run). */
  trustProxy: boolean;
  /** Largest accepted request body in bytes. */
  bodyLimitBytes: number;
  /** Default per-tenant budget; a tenant's own setting overrides it. */
  tenantRequestsPerMinute: number;
  /** Budget per client address for calls that carry no verified tenant. */
  addressRequestsPerMinute: number;
  /** Public address printed in examples; default: the listener's (https://localhost:<port>). */
  publicBaseUrl?: string;
}

export const DEFAULT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const port = env.PORT === '0' ? 0 : intFrom(env.PORT, 3443);
  const host = env.HOST ?? '0.0.0.0';
  return {
    dataDir: resolve(env.DATA_DIR ?? join(process.cwd(), 'data')),
    host,
    port,
    tlsCertFile: env.TLS_CERT_FILE || undefined,
    tlsKeyFile: env.TLS_KEY_FILE || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    bodyLimitBytes: intFrom(env.BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES),
    tenantRequestsPerMinute: intFrom(env.RATE_LIMIT_TENANT_PER_MINUTE, 1200),
    addressRequestsPerMinute: intFrom(env.RATE_LIMIT_ADDRESS_PER_MINUTE, 6000),
    publicBaseUrl: env.PUBLIC_BASE_URL || undefined,
  };
}

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Not a positive integer: ${value}`);
  return parsed;
}
