import type { Database } from '@shipledger/database';
import { pause, type EventStore } from '@shipledger/event-store';
import { backoffMs, type Doorbell } from './doorbell';
import { LeaseLostError, waitForLease, type FollowerLease } from './follower-lease';
import type { SharedReader } from './shared-reader';
import type { WorkerLogger } from './worker-logger';

/** What every runner of one worker shares: the stores, the append doorbell, the shared reader, the log. */
export interface FollowerContext {
  database: Database;
  eventStore: EventStore;
  doorbell: Doorbell;
  reader: SharedReader;
  logger: WorkerLogger;
}

/** How a runner (projector or reactor) reads, retries and waits for its lease. */
export interface FollowerTuning {
  batchSize: number;
  /** Tries of an event before it is parked (a projector's: tries of the event failing alone). */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often a worker without the lease tries to take it. */
  leasePollMs: number;
}

/** One runner as the leased loop drives it. */
export interface LeasedFollower {
  /** The log fields naming it ({ projector: name } or { reactor: name }). */
  readonly logFields: Readonly<Record<string, string>>;
  /** Logged with a failure that is retried after a backoff. */
  readonly failureMessage: string;
  /** Waits for what the last lease left in flight (a background renewal) before the lease is taken again or released. */
  settle?(): Promise<void>;
  /** Another worker holds the lease: mirror its progress. */
  observe(): Promise<void>;
  /** The lease was (re)taken or the last run failed: what it had loaded is stale. */
  forget(): void;
  /** Works under the lease (loading what it forgot first) until the signal aborts; throws what stops it. */
  work(): Promise<void>;
  /**
   * A failure it handles itself: 'stop' ends the loop, 'again' runs again at once, 'info' is retried
   * after the backoff but logged as info; undefined: the loop's own handling.
   */
  onFailure?(error: unknown): 'stop' | 'again' | 'info' | undefined;
}

/**
 * The loop every runner shares: take the lease (observing the holder while waiting), work, and on a
 * failure forget what was loaded and go on — at once after a lost lease (which is waited for again),
 * after a growing backoff otherwise. The lease is released when the loop ends.
 */
export async function runLeased(
  follower: LeasedFollower,
  lease: FollowerLease,
  tuning: Pick<FollowerTuning, 'leasePollMs' | 'retryBaseMs' | 'retryMaxMs'>,
  logger: WorkerLogger,
  signal: AbortSignal,
): Promise<void> {
  try {
    let failures = 0;
    let leased = false;
    while (!signal.aborted) {
      try {
        if (!leased) {
          await follower.settle?.();
          if (!(await waitForLease(lease, signal, tuning.leasePollMs, () => follower.observe()))) return;
          leased = true;
          follower.forget();
        }
        await follower.work();
        failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        follower.forget();
        const handling = follower.onFailure?.(error);
        if (handling === 'stop') return;
        if (handling === 'again') continue;
        if (error instanceof LeaseLostError) {
          logger.info(follower.logFields, error.message);
          leased = false;
          continue;
        }
        failures++;
        const delay = backoffMs(failures, tuning.retryBaseMs, tuning.retryMaxMs);
        logger[handling === 'info' ? 'info' : 'error']({ err: error, ...follower.logFields, retryInMs: delay }, follower.failureMessage);
        await pause(delay, signal);
      }
    }
  } finally {
    // A renewal still in flight would otherwise re-take the lease after the release.
    await follower.settle?.();
    await lease.release().catch(() => undefined);
  }
}
