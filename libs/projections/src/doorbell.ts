import type { EventStore, Position, Subscription } from '@shipledger/event-store';
import type { WorkerLogger } from './worker-logger';

/**
 * One live subscription per worker that only says "something new was appended". The runners read in
 * batches with readAll (a batch per transaction is what makes catching up fast), and wait on the bell
 * when they have read everything. A fallback timer covers a bell that went quiet (a dropped
 * subscription is re-opened, but an event could slip between the two).
 */
export class Doorbell {
  private generation = 0;
  private waiters = new Set<() => void>();
  private subscription: Subscription | undefined;
  private lastSeen: Position | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly eventStore: EventStore,
    private readonly logger: WorkerLogger,
    private readonly fallbackMs: number,
  ) {}

  async open(): Promise<void> {
    this.lastSeen = await this.eventStore.headPosition();
    this.subscribe();
  }

  /** Read before a read that may come back empty; pass it to wait() after. */
  get current(): number {
    return this.generation;
  }

  /** Resolves on the next ring after `since`, after the fallback delay, or when `signal` aborts. */
  wait(since: number, signal: AbortSignal): Promise<void> {
    if (since !== this.generation || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.fallbackMs);
      signal.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }

  ring(): void {
    this.generation++;
    for (const wake of [...this.waiters]) wake();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.ring();
    await this.subscription?.close();
  }

  private subscribe(): void {
    if (this.closed) return;
    this.subscription = this.eventStore.subscribeToAll({
      after: this.lastSeen,
      onEvent: async (event) => {
        this.lastSeen = event.position;
        this.ring();
      },
      onError: (error) => {
        if (this.closed) return;
        this.logger.warn({ err: error }, 'event subscription dropped; re-subscribing');
        this.ring();
        this.retry = setTimeout(() => this.subscribe(), 1000);
      },
    });
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Exponential backoff: base, 2·base, 4·base … capped at max. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
