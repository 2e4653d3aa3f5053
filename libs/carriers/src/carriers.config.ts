import { join, resolve } from 'node:path';
import { loadOutboundConfig, type OutboundConfig } from '@shipledger/platform';
import { DEFAULT_CIRCUIT, type CircuitPolicy } from './booking/carrier-circuit';
import { DEFAULT_CARRIER_RETRY, type CarrierRetryPolicy } from './booking/carrier-retry';
import { DEFAULT_BOOKING_TENANT_IN_HAND } from './booking/tenant-booking-share';
import { loadCarrierSecrets, type CarrierSecrets } from './secrets/carrier-secrets';
import { DEFAULT_LABEL_RENDER_TIMEOUT_MS } from './labels/pdf-label.pool';

export interface CarriersConfig {
  /** Base of the label URLs (the API's public HTTPS address). */
  publicBaseUrl: string;
  secrets: CarrierSecrets;
  /** How long a signed label URL stays valid. */
  labelUrlTtlSeconds: number;
  /** How often the sandbox tracking simulation looks for due steps; 0 turns the timer off. */
  simulatorIntervalMs: number;
  /** Bounds and allowlist of calls to tenant-supplied URLs (the HTTP carrier); see docs/outbound.md. */
  outbound: OutboundConfig;
  /** Calls to a carrier that does not answer before the booking fails as carrier_unavailable. */
  bookingRetry: CarrierRetryPolicy;
  /**
   * Per account, per worker: after this many calls in a row that the carrier did not answer, the next calls
   * (the retries of bookings in hand included) fail at once for a while (CARRIER_CIRCUIT_OPEN_AFTER, 10; CARRIER_CIRCUIT_OPEN_MS, 30,000). Optional.
   */
  bookingCircuit?: CircuitPolicy;
  /** Time limit of one PDF label, rendered in a worker thread (default 10 s; LABEL_RENDER_TIMEOUT_MS). */
  labelRenderTimeoutMs?: number;
  /**
   * Labels rendered at booking time (LABEL_RENDERING=eager) instead of on their first fetch (lazy, the
   * default): eager keeps a label that cannot be rendered a booking error (label_generation_timeout).
   */
  eagerLabels?: boolean;
  /** Shipments the booking reactor books at the same time, each shipment's requests in order (BOOKING_CONCURRENCY, 256; at most 1,024). */
  bookingConcurrency: number;
  /**
   * Bookings of one tenant in hand at once, in a worker and in the backlog across workers; more of that
   * tenant's wait in the backlog (BOOKING_TENANT_IN_HAND, 128; 1–1,024). Optional: 128.
   */
  bookingTenantInHand?: number;
  /**
   * Shipments each of the other carrier reactors (document sync, lifecycle, label refresh) handles at
   * the same time, each shipment's events in order (CARRIER_REACTOR_CONCURRENCY, 16). Optional: 16.
   */
  carrierReactorConcurrency?: number;
}

const THIRTY_DAYS = 30 * 24 * 3600;
/**
 * A booking waits mostly on the carrier (the sandbox answers in 150 ms, real carriers in 0.2–2 s), so by
 * Little's law one worker books at most concurrency / time per booking per second. 64 held it at
 * ~305/s on a faster 2-core box, where the API answered 365 confirmed creates/s beside the reactors
 * (2026-11-25 bench:shipments: 306 bookings/s, lag p99 11.7 s); 256 kept pace there (362/s beside
 * 364 creates/s, lag p99 0.50 s). Each booking in flight costs only memory (its event and a promise);
 * they share the worker's pool of database connections and the outbound client's connections per carrier.
 */
export const DEFAULT_BOOKING_CONCURRENCY = 256;
/** The most BOOKING_CONCURRENCY may ask for: a larger value is taken as this one. */
export const MAX_BOOKING_CONCURRENCY = 1_024;
/**
 * The document sync, lifecycle and label refresh reactors see an event for most booked shipments (every
 * ShipmentBooked, every auto ready-to-ship) and read the shipment's stream for each: one after the other
 * they fell behind a booking reactor running 32 at once (a 10-minute load left document sync minutes behind).
 */
export const DEFAULT_CARRIER_REACTOR_CONCURRENCY = 16;

/**
 * Environment: PUBLIC_BASE_URL (default https://localhost:$PORT, PORT 3443), SHIPLEDGER_CARRIERS_KEY
 * (≥32 bytes, base64 or hex; else DATA_DIR/carriers.key is created), LABEL_URL_TTL_SECONDS (30 days),
 * SANDBOX_SIMULATOR_INTERVAL_MS (1000; 0 = off). API and worker must share the key: the worker signs
 * label URLs that the API verifies, and both decrypt carrier credentials. OUTBOUND_*: loadOutboundConfig.
 * CARRIER_CALL_ATTEMPTS (3) and CARRIER_RETRY_BASE_MS (1000, doubled per retry, at most 5000): the budget
 * of a booking whose carrier does not answer. CARRIER_CIRCUIT_OPEN_AFTER (10) and CARRIER_CIRCUIT_OPEN_MS (30000):
 * after that many unanswered calls of one account in a row, its calls fail at once for that long.
 * LABEL_RENDER_TIMEOUT_MS (10000): the time limit of one PDF label.
 * BOOKING_CONCURRENCY (256, at most 1,024): shipments booked at the same time by one worker (1 = one after the other).
 * BOOKING_TENANT_IN_HAND (128, at most 1,024): bookings of one tenant in hand at once; more of them wait in the backlog.
 * CARRIER_REACTOR_CONCURRENCY (16): the same for the document sync, lifecycle and label refresh reactors.
 * LABEL_RENDERING (lazy): `eager` renders the labels at booking time instead of on their first fetch.
 */
export function loadCarriersConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<CarriersConfig> = {}): CarriersConfig {
  const dataDir = resolve(env.DATA_DIR && env.DATA_DIR.trim() !== '' ? env.DATA_DIR : join(process.cwd(), 'data'));
  return {
    publicBaseUrl: env.PUBLIC_BASE_URL ?? `https://localhost:${env.PORT ?? 3443}`,
    secrets: loadCarrierSecrets({ key: env.SHIPLEDGER_CARRIERS_KEY || undefined, dataDir }),
    labelUrlTtlSeconds: positive(env.LABEL_URL_TTL_SECONDS, THIRTY_DAYS),
    simulatorIntervalMs: env.SANDBOX_SIMULATOR_INTERVAL_MS === '0' ? 0 : positive(env.SANDBOX_SIMULATOR_INTERVAL_MS, 1000),
    outbound: loadOutboundConfig(env),
    bookingRetry: {
      attempts: positive(env.CARRIER_CALL_ATTEMPTS, DEFAULT_CARRIER_RETRY.attempts),
      baseDelayMs: positive(env.CARRIER_RETRY_BASE_MS, DEFAULT_CARRIER_RETRY.baseDelayMs),
      maxDelayMs: Math.max(DEFAULT_CARRIER_RETRY.maxDelayMs, positive(env.CARRIER_RETRY_BASE_MS, DEFAULT_CARRIER_RETRY.baseDelayMs)),
    },
    labelRenderTimeoutMs: positive(env.LABEL_RENDER_TIMEOUT_MS, DEFAULT_LABEL_RENDER_TIMEOUT_MS),
    eagerLabels: env.LABEL_RENDERING === 'eager',
    bookingCircuit: {
      openAfter: Math.floor(positive(env.CARRIER_CIRCUIT_OPEN_AFTER, DEFAULT_CIRCUIT.openAfter)),
      openForMs: Math.floor(positive(env.CARRIER_CIRCUIT_OPEN_MS, DEFAULT_CIRCUIT.openForMs)),
    },
    bookingConcurrency: Math.min(MAX_BOOKING_CONCURRENCY, Math.floor(positive(env.BOOKING_CONCURRENCY, DEFAULT_BOOKING_CONCURRENCY))),
    bookingTenantInHand: Math.min(MAX_BOOKING_CONCURRENCY, Math.floor(positive(env.BOOKING_TENANT_IN_HAND, DEFAULT_BOOKING_TENANT_IN_HAND))),
    carrierReactorConcurrency: Math.floor(positive(env.CARRIER_REACTOR_CONCURRENCY, DEFAULT_CARRIER_REACTOR_CONCURRENCY)),
    ...overrides,
  };
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}
