import { readFileSync } from 'node:fs';
import { loadOutboundConfig, type OutboundConfig } from '@shipledger/platform';
import { DELIVERY_LIMITS } from './domain';

export interface WebhooksConfig {
  /** Bounds and allowlist of the calls to receivers (the outbound guard; docs/outbound.md). */
  outbound: OutboundConfig;
  /** Extra trusted CA certificates (PEM) for receivers with a private CA; tests use their receiver's. */
  ca?: string;
  /** Seconds a rotated-out secret keeps signing when the request does not say. */
  defaultRotationOverlapSeconds: number;
  /** Deliveries the sandbox inbox keeps per tenant, newest first (WEBHOOK_INBOX_KEEP, default 1,000). */
  inboxKeep: number;
  /** Days a finished delivery (with its attempts) or range replay is kept (WEBHOOK_DELIVERY_RETENTION_DAYS, default 30). */
  deliveryRetentionDays: number;
  /**
   * Deliveries of one tenant in flight at once, across the workers (WEBHOOK_TENANT_IN_FLIGHT, default 16,
   * half of a worker's 32): a tenant whose receiver hangs, or whose replay queued thousands, leaves the
   * other slots to the other tenants.
   */
  tenantInFlight: number;
}

/**
 * Environment: OUTBOUND_* (loadOutboundConfig), WEBHOOKS_CA_FILE (a PEM file of extra trusted CAs),
 * WEBHOOK_INBOX_KEEP (1–100,000), WEBHOOK_DELIVERY_RETENTION_DAYS (1–3,650), WEBHOOK_TENANT_IN_FLIGHT (1–1,024).
 */
export function loadWebhooksConfig(env: NodeJS.ProcessEnv = process.env): WebhooksConfig {
  const caFile = env.WEBHOOKS_CA_FILE?.trim();
  return {
    // A receiver has 30 s to answer (where-the-spec-is-silent): wider than the carriers' default bound.
    outbound: { ...loadOutboundConfig(env), totalTimeoutMs: DELIVERY_LIMITS.timeoutMs },
    ...(caFile ? { ca: readFileSync(caFile, 'utf8') } : {}),
    defaultRotationOverlapSeconds: 24 * 3600,
    inboxKeep: boundedInteger('WEBHOOK_INBOX_KEEP', env.WEBHOOK_INBOX_KEEP, 1_000, 100_000),
    deliveryRetentionDays: boundedInteger('WEBHOOK_DELIVERY_RETENTION_DAYS', env.WEBHOOK_DELIVERY_RETENTION_DAYS, 30, 3_650),
    tenantInFlight: boundedInteger('WEBHOOK_TENANT_IN_FLIGHT', env.WEBHOOK_TENANT_IN_FLIGHT, DELIVERY_LIMITS.tenantInFlight, 1_024),
  };
}

/** The time the module reads; tests pass one they move by hand (retries are minutes apart). */
export interface WebhooksClock {
  now(): Date;
}

export const SYSTEM_CLOCK: WebhooksClock = { now: () => new Date() };

/** An integer from 1 to `max` from the environment, `fallback` when unset; anything else stops the start. */
function boundedInteger(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > max) throw new Error(`${name}: not an integer from 1 to ${max}: ${value}`);
  return parsed;
}
