import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorDetail } from '@shipledger/shipping';
import { CarrierUnavailableError, carrierError, type CarrierOutcome } from '../carrier/carrier.port';

/** How long a booking waits for a carrier that does not answer (docs/outbound.md, "Retry budget"). */
export interface CarrierRetryPolicy {
  /** Calls in all, the first included. */
  attempts: number;
  /** Pause before the second call; doubled before each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_CARRIER_RETRY: CarrierRetryPolicy = { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 5_000 };

/**
 * Calls the carrier until it answers (a booking or a refusal) or the budget is spent. Only
 * CarrierUnavailableError (no answer, network, 5xx) is retried; once the budget is spent the outcome is
 * the carrier's failure `carrier_unavailable`, so the shipment leaves `pending` instead of waiting
 * forever. Any other error propagates (the reactor runner retries and parks those).
 */
export async function callWithRetry<T>(
  policy: CarrierRetryPolicy,
  call: () => Promise<CarrierOutcome<T>>,
  pause: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
  trigger: ErrorDetail['trigger'] = 'BOOKING',
): Promise<CarrierOutcome<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof CarrierUnavailableError)) throw error;
      if (attempt >= policy.attempts) {
        return { ok: false, errors: [carrierError(trigger, 'carrier_unavailable',
          `The carrier did not answer after ${policy.attempts} ${policy.attempts === 1 ? 'try' : 'tries'}`, undefined, 'TECHNICAL')] };
      }
      await pause(Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs));
    }
  }
}
