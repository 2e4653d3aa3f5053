import { pause, type RecordedEvent } from '@shipledger/event-store';
import { backoffMs } from './doorbell';
import { CheckpointMovedError } from './projection-checkpoints';
import { LeaseLostError } from './follower-lease';

/** Thrown when the worker closes while a poison event is being retried: the event is left for the next run. */
export class FollowerClosingError extends Error {
  constructor() {
    super('worker closing');
    this.name = 'FollowerClosingError';
  }
}

/**
 * SQLSTATE classes and codes that say "the database, not this event": connection exceptions (08),
 * insufficient resources (53), operator intervention such as a shutdown (57), serialization failures
 * and deadlocks (40001, 40P01), lock not available (55P03). Such a failure is never a reason to park.
 */
const TRANSIENT_SQLSTATE = /^(08|53|57)|^(40001|40P01|55P03)$/;
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

export function isTransientFailure(error: unknown): boolean {
  if (error instanceof CheckpointMovedError || error instanceof LeaseLostError || error instanceof FollowerClosingError) return true;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return false;
  return TRANSIENT_SQLSTATE.test(code) || TRANSIENT_NODE_CODES.has(code);
}

export interface PoisonTuning {
  /** Tries of a single event before it is parked. */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface PoisonHandlers {
  /** Applies a run of consecutive events (all or nothing). */
  apply(events: readonly RecordedEvent[]): Promise<void>;
  /** The event failed alone `attempts` times: record it and move past it. */
  park(event: RecordedEvent, attempts: number, error: unknown): Promise<void>;
  /** Before each retry pause, e.g. to renew a lease. */
  beforeRetry?(event: RecordedEvent, attempt: number, error: unknown, delayMs: number): Promise<void>;
}

/**
 * Applies `events`; when the run fails for a reason of its own (not a transient database failure), it
 * is split in halves and each half applied in turn, until the one event that fails alone is found. That
 * event is tried `maxAttempts` times in all, with backoff, then handed to `park`; the events around it
 * are applied as usual. One poison event in a batch of n costs about 2·log2(n) extra transactions.
 */
export async function applyOrPark(
  events: readonly RecordedEvent[],
  handlers: PoisonHandlers,
  tuning: PoisonTuning,
  signal?: AbortSignal,
): Promise<void> {
  if (events.length === 0) return;
  try {
    await handlers.apply(events);
    return;
  } catch (error) {
    if (signal?.aborted || isTransientFailure(error)) throw error;
    if (events.length > 1) {
      const middle = Math.ceil(events.length / 2);
      await applyOrPark(events.slice(0, middle), handlers, tuning, signal);
      await applyOrPark(events.slice(middle), handlers, tuning, signal);
      return;
    }
    await retryThenPark(events[0]!, error, handlers, tuning, signal);
  }
}

async function retryThenPark(
  event: RecordedEvent,
  firstError: unknown,
  handlers: PoisonHandlers,
  tuning: PoisonTuning,
  signal: AbortSignal | undefined,
): Promise<void> {
  let error = firstError;
  for (let attempt = 1; attempt < tuning.maxAttempts; attempt++) {
    const delay = backoffMs(attempt, tuning.retryBaseMs, tuning.retryMaxMs);
    await handlers.beforeRetry?.(event, attempt, error, delay);
    if (signal) await pause(delay, signal);
    else await new Promise((resolve) => setTimeout(resolve, delay));
    if (signal?.aborted) throw new FollowerClosingError();
    try {
      await handlers.apply([event]);
      return;
    } catch (again) {
      if (signal?.aborted || isTransientFailure(again)) throw again;
      error = again;
    }
  }
  await handlers.park(event, tuning.maxAttempts, error);
}
