import type { Position, ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import { deliver, isDeliveringFor } from './delivery-context';
import { pause } from './pause';
import type { LiveSignal } from './live-signal';

export interface CatchUpSource {
  /**
   * A page of readAll and, in the same round trip, whether committed events exist that readers cannot
   * see yet (an older transaction is still open): then the next look comes sooner.
   */
  readAllPage(options: ReadAllOptions): Promise<{ events: RecordedEvent[]; heldBack: boolean }>;
}

export interface CatchUpTiming {
  batchSize: number;
  /** Fallback re-read when no signal arrives (a lost NOTIFY, a writer that cannot signal). */
  pollIntervalMs: number;
  /** Re-read delay while committed events wait behind an open transaction. */
  heldBackRetryMs: number;
  /**
   * Once live, the least time from one read's start to the next: under a steady stream of appends each
   * read takes what arrived meanwhile instead of one read per commit. 0: read at every signal. Never
   * more than heldBackRetryMs after a read that found events held back.
   */
  liveReadIntervalMs: number;
}

/** Catch-up by paging readAll from the checkpoint, then live: wait for a signal (or a poll) and page on. */
export class CatchUpSubscription implements Subscription {
  private closed = false;
  private readonly abort = new AbortController();
  private readonly loop: Promise<void>;

  constructor(
    private readonly source: CatchUpSource,
    private readonly signal: LiveSignal,
    private readonly timing: CatchUpTiming,
    private readonly options: SubscribeOptions,
  ) {
    signal.listen();
    this.loop = this.run().catch((error: unknown) => {
      if (this.closed) return;
      this.closed = true;
      options.onError?.(error);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    if (isDeliveringFor(this)) return;
    await this.loop;
  }

  private async run(): Promise<void> {
    let checkpoint: Position | undefined = this.options.after;
    let caughtUp = false;
    while (!this.closed) {
      const readAt = Date.now();
      const version = this.signal.version;
      const options = { after: checkpoint, maxCount: this.timing.batchSize };
      const { events: page, heldBack } = await this.source.readAllPage(options);
      for (const event of page) {
        if (this.closed) return;
        await deliver(this, () => this.options.onEvent(event));
        checkpoint = event.position;
      }
      if (page.length === this.timing.batchSize || this.closed) continue;
      if (!caughtUp) {
        caughtUp = true;
        this.options.onCaughtUp?.();
      }
      const delay = heldBack ? this.timing.heldBackRetryMs : this.timing.pollIntervalMs;
      await this.signal.waitForChange(version, delay, this.abort.signal);
      // At the head, the next read waits for the live read interval too (from this read's start).
      const gap = heldBack ? Math.min(this.timing.liveReadIntervalMs, this.timing.heldBackRetryMs) : this.timing.liveReadIntervalMs;
      const early = readAt + gap - Date.now();
      if (early > 0) await pause(early, this.abort.signal);
    }
  }
}
