import { parseAllowedCidrs, type AllowedCidr } from './outbound-address';

/** The bounds of every call to a tenant-supplied URL (docs/outbound.md lists them). */
export interface OutboundConfig {
  /** Operator exceptions to the address rules: on-premise carriers, tests. Empty by default. */
  allowedCidrs: AllowedCidr[];
  /** TCP + TLS handshake. */
  connectTimeoutMs: number;
  /** The whole exchange: connect, send, answer headers and body. */
  totalTimeoutMs: number;
  /** Largest answer body read; a longer one is aborted. */
  maxResponseBytes: number;
  /** Kept-alive (origin, address, CA) pools at most; the least recently used is closed beyond it. */
  maxPooledOrigins: number;
  /** Open connections per pooled origin at most. */
  connectionsPerOrigin: number;
  /** An idle kept-alive connection (and a pool unused that long) is closed after this. */
  idleTimeoutMs: number;
}

export const OUTBOUND_DEFAULTS = {
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 10_000,
  maxResponseBytes: 256 * 1024,
  maxPooledOrigins: 64,
  connectionsPerOrigin: 32,
  idleTimeoutMs: 10_000,
} as const;

/**
 * Environment: OUTBOUND_ALLOWED_CIDRS (comma-separated CIDRs or addresses, empty by default),
 * OUTBOUND_CONNECT_TIMEOUT_MS (5000), OUTBOUND_TIMEOUT_MS (10000), OUTBOUND_MAX_RESPONSE_BYTES (262144),
 * OUTBOUND_MAX_POOLED_ORIGINS (64), OUTBOUND_CONNECTIONS_PER_ORIGIN (32), OUTBOUND_IDLE_TIMEOUT_MS (10000).
 */
export function loadOutboundConfig(env: NodeJS.ProcessEnv = process.env): OutboundConfig {
  return {
    allowedCidrs: parseAllowedCidrs(env.OUTBOUND_ALLOWED_CIDRS),
    connectTimeoutMs: positiveInt('OUTBOUND_CONNECT_TIMEOUT_MS', env.OUTBOUND_CONNECT_TIMEOUT_MS, OUTBOUND_DEFAULTS.connectTimeoutMs),
    totalTimeoutMs: positiveInt('OUTBOUND_TIMEOUT_MS', env.OUTBOUND_TIMEOUT_MS, OUTBOUND_DEFAULTS.totalTimeoutMs),
    maxResponseBytes: positiveInt('OUTBOUND_MAX_RESPONSE_BYTES', env.OUTBOUND_MAX_RESPONSE_BYTES, OUTBOUND_DEFAULTS.maxResponseBytes),
    maxPooledOrigins: positiveInt('OUTBOUND_MAX_POOLED_ORIGINS', env.OUTBOUND_MAX_POOLED_ORIGINS, OUTBOUND_DEFAULTS.maxPooledOrigins),
    connectionsPerOrigin: positiveInt('OUTBOUND_CONNECTIONS_PER_ORIGIN', env.OUTBOUND_CONNECTIONS_PER_ORIGIN, OUTBOUND_DEFAULTS.connectionsPerOrigin),
    idleTimeoutMs: positiveInt('OUTBOUND_IDLE_TIMEOUT_MS', env.OUTBOUND_IDLE_TIMEOUT_MS, OUTBOUND_DEFAULTS.idleTimeoutMs),
  };
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new Error(`${name}: not a positive integer: ${value}`);
  return parsed;
}
