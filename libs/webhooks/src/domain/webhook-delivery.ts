import { createHash } from 'node:crypto';

/**
 * A delivery is one message (one trigger of one event) to one configuration. pending: waiting for its
 * next attempt (or being sent); delivered: a 2xx came back in time; failed: every attempt the retry
 * settings allow failed; cancelled: the configuration was deleted or made INACTIVE before it went out.
 */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * What one attempt came to (the delivery log's `outcome`). superseded: the sender's claim had run out
 * before it finished (it was presumed crashed) and another sender took the delivery over.
 */
export const ATTEMPT_OUTCOMES = ['delivered', 'retrying', 'failed', 'superseded'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export type AggregateType = 'shipment' | 'order';

/** Bounds of the delivery engine (docs/api/webhooks.md, docs/limits.md). */
export const DELIVERY_LIMITS = {
  /** A 2xx must come back within this. */
  timeoutMs: 30_000,
  /** Characters of the receiver's answer kept in the log. */
  responseExcerpt: 1_000,
  /** Bytes of the answer read at all. */
  responseBytes: 64 * 1024,
  /** A claimed delivery not finished by then is taken over by another sender (crash). */
  leaseMs: 120_000,
  /** Deliveries in flight at once per worker (its sender's slots). */
  senderConcurrency: 32,
  /**
   * Deliveries of one tenant in flight at once, across the workers (WEBHOOK_TENANT_IN_FLIGHT overrides):
   * half a worker's slots, so one tenant whose receiver hangs leaves the other half to everyone else.
   */
  tenantInFlight: 16,
  /**
   * Tenants with pending deliveries one claim looks at (each costs ~18 µs of Postgres); successive claims
   * rotate through the rest, so a claim's cost stays bounded however many tenants have deliveries waiting.
   */
  claimWindow: 256,
} as const;

/**
 * The `event-id` of a message: stable across retries and replays, distinct per trigger. One stored event
 * can raise two triggers (a status change and a promise update): each is its own message, so the id is
 * derived from (stored event id, trigger) — a UUID-shaped sha256, the same on every worker.
 */
export function deliveryEventId(sourceEventId: string, trigger: string): string {
  const hex = createHash('sha256').update(`${sourceEventId}\u0000${trigger}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The answer as the log keeps it: the first characters, whitespace runs collapsed. */
export function responseExcerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > DELIVERY_LIMITS.responseExcerpt ? `${flat.slice(0, DELIVERY_LIMITS.responseExcerpt - 1)}…` : flat;
}
