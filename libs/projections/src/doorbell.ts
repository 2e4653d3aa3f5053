import type { EventStore, Position, RecordedEvent, Subscription } from '@shipledger/event-store';
import type { WorkerLogger } from './worker-logger';

/** Events the bell keeps after ringing for them (trimmed to this many once twice as many are held). */
const TAIL_KEPT = 1_000;

/**
 * One live subscription per worker that says "something new was appended". The runners read in
 * batches with readAll (a batch per transaction is what makes catching up fast), and wait on the bell
 * when they have read everything. A fallback timer covers a bell that went quiet (a dropped
 * subscription is re-opened, but an event could slip between the two).
 *
 * The subscription reads the new events anyway, so the bell keeps the latest ones (`recentAfter`): a
 * follower at the head takes them from here instead of reading (and parsing) them from the store a
 * second time. It rings once per run of events delivered together, not once per event, so a follower
 * woken by it finds the whole run.
 */
export class Doorbell {
  private generation = 0;
  private waiters = new Set<() => void>();
  private subscription: Subscription | undefined;
  private lastSeen: Position | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** The events delivered since the subscription (re)opened, in log order and without gaps (the newest TAIL_KEPT or more). */
  private tail: RecordedEvent[] = [];
  /** The position the tail's first event follows (undefined: the start of the log, or not known). */
  private anchor: Position | undefined;
  private ringing: NodeJS.Immediate | undefined;

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

  /**
   * The events after `after` that the subscription delivered, in log order, at most `maxCount`: exactly
   * what readAll({after, maxCount}) answers, or a prefix of it (the store may hold newer ones the
   * subscription has not delivered yet; the follower reads on after the last). Undefined when `after`
   * is not among the kept events or is the newest of them: then only the store can answer.
   */
  recentAfter(after: Position | undefined, maxCount: number): RecordedEvent[] | undefined {
    if (after === undefined || this.tail.length === 0 || maxCount < 1) return undefined;
    if (after === this.anchor) return this.tail.slice(0, maxCount);
    // Positions order as strings in log order: a binary search finds `after`.
    let low = 0;
    let high = this.tail.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const position = this.tail[middle]!.position;
      if (position === after) return middle === this.tail.length - 1 ? undefined : this.tail.slice(middle + 1, middle + 1 + maxCount);
      if (position < after) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearImmediate(this.ringing);
    this.tail = [];
    this.ring();
    await this.subscription?.close();
  }

  private subscribe(): void {
    if (this.closed) return;
    this.tail = [];
    this.anchor = this.lastSeen;
    this.subscription = this.eventStore.subscribeToAll({
      after: this.lastSeen,
      onEvent: async (event) => {
        this.lastSeen = event.position;
        this.tail.push(event);
        if (this.tail.length >= 2 * TAIL_KEPT) {
          this.anchor = this.tail[this.tail.length - TAIL_KEPT - 1]!.position;
          this.tail = this.tail.slice(-TAIL_KEPT);
        }
        // Once the events delivered together are all in the tail (the subscription hands a page over
        // event by event, each in a microtask): one ring for the run.
        this.ringing ??= setImmediate(() => {
          this.ringing = undefined;
          this.ring();
        });
      },
      onError: (error) => {
        // The next subscription starts after lastSeen: the tail would stay gapless, but start afresh.
        this.tail = [];
        if (this.closed) return;
        this.logger.warn({ err: error }, 'event subscription dropped; re-subscribing');
        this.ring();
        this.retry = setTimeout(() => this.subscribe(), 1000);
      },
    });
  }
}

/** Exponential backoff: base, 2·base, 4·base … capped at max. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
