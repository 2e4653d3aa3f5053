import { pause, type Position, type RecordedEvent } from '@shipledger/event-store';
import type { Reactor } from './projector';
import { backoffMs } from './doorbell';
import { FollowerProgress } from './follower-progress';
import type { FollowerLease } from './follower-lease';
import { runLeased, type FollowerContext, type FollowerTuning } from './leased-loop';
import { readReactorPosition, saveReactorPosition } from './reactor-checkpoints';
import { parkEvent } from './parked-events';
import { deliverConcurrently } from './concurrent-delivery';

/** How often a reactor delivering concurrently saves its checkpoint within a batch. */
const SAVE_EVERY_MS = 200;

export type ReactorTuning = FollowerTuning;

/**
 * Hands a reactor every event it handles, in global order, at least once: the checkpoint is saved after
 * `handle` resolves, so a crash in between redelivers the event. A failing event is retried with
 * backoff and, after `maxAttempts`, parked (projections.parked_events) so the ones after it still flow.
 */
export class ReactorRunner {
  readonly progress: FollowerProgress;
  private position: Position | undefined;
  private loaded = false;

  constructor(
    private readonly reactor: Reactor,
    private readonly context: FollowerContext,
    private readonly lease: FollowerLease,
    private readonly tuning: ReactorTuning,
  ) {
    this.progress = new FollowerProgress(reactor.name);
  }

  async prepare(): Promise<void> {
    this.position = await readReactorPosition(this.context.database.kysely, this.reactor.name);
    this.loaded = true;
    this.progress.advance(this.position);
  }

  run(signal: AbortSignal): Promise<void> {
    return runLeased({
      logFields: { reactor: this.reactor.name },
      failureMessage: 'reactor loop failed',
      observe: () => this.observe(),
      forget: () => {
        this.loaded = false;
      },
      work: async () => {
        if (!this.loaded) await this.prepare();
        await this.follow(signal);
      },
    }, this.lease, this.tuning, this.context.logger, signal);
  }

  /** Another worker runs this reactor: mirror its checkpoint so waitUntilCaughtUp still means something. */
  private async observe(): Promise<void> {
    this.progress.advance(await readReactorPosition(this.context.database.kysely, this.reactor.name));
  }

  private async follow(signal: AbortSignal): Promise<void> {
    const handled = new Set(this.reactor.handles);
    if ((this.reactor.concurrency ?? 1) > 1) return this.followConcurrently(handled, signal);
    while (!signal.aborted) {
      await this.lease.keep();
      const bell = this.context.doorbell.current;
      const events = await this.context.reader.read(this.position, this.tuning.batchSize);
      if (events.length === 0) {
        await this.context.doorbell.wait(bell, signal);
        continue;
      }
      let saved = true;
      for (const event of events) {
        if (handled.has(event.type)) {
          if (!(await this.deliver(event, signal))) return;
          await saveReactorPosition(this.context.database.kysely, this.reactor.name, event.position);
          saved = true;
        } else {
          saved = false;
        }
        this.position = event.position;
        if (saved) this.progress.advance(this.position);
      }
      if (!saved) {
        await saveReactorPosition(this.context.database.kysely, this.reactor.name, this.position!);
        this.progress.advance(this.position);
      }
    }
  }

  /**
   * A reactor with `concurrency` > 1: its events are delivered several at a time, one ordering key at a
   * time, as one continuous stream — the next batch is read as soon as the previous one is all in hand,
   * so the events in hand stay at `concurrency` instead of draining to zero at the end of every batch
   * (which held bookings back: each batch waited for its slowest booking before the next was read).
   * The checkpoint follows the end of the contiguous run of finished events, saved at most every
   * SAVE_EVERY_MS and within SAVE_EVERY_MS of the last event finishing. Returns when the worker closes.
   */
  private async followConcurrently(handled: Set<string>, signal: AbortSignal): Promise<void> {
    const checkpoint = new ThrottledCheckpoint(async (position) => {
      await saveReactorPosition(this.context.database.kysely, this.reactor.name, position);
      this.progress.advance(position);
    }, SAVE_EVERY_MS, (error) => this.context.logger.warn({ err: error, reactor: this.reactor.name }, 'reactor checkpoint save failed; retrying with the next'));
    // The source's own cursor: after a failure the runner starts again from the saved checkpoint.
    let after = this.position;
    const batches = async function* (this: ReactorRunner): AsyncGenerator<readonly RecordedEvent[]> {
      while (!signal.aborted) {
        await this.lease.keep();
        const bell = this.context.doorbell.current;
        const events = await this.context.reader.read(after, this.tuning.batchSize);
        if (events.length === 0) {
          await this.context.doorbell.wait(bell, signal);
          continue;
        }
        after = events[events.length - 1]!.position;
        yield events;
      }
    }.call(this);
    try {
      await deliverConcurrently(batches, {
        limit: this.reactor.concurrency!,
        keyOf: (event) => this.reactor.orderingKey?.(event) ?? event.streamId,
        isHandled: (event) => handled.has(event.type),
        // Closing: the events in hand finish, the rest are handed back (redelivered after the checkpoint).
        deliver: async (event) => !signal.aborted && this.deliver(event, signal),
        onDone: (position) => checkpoint.note(position),
      });
    } finally {
      // What finished is saved, whether the stream ended by closing or by a failure (never past it).
      await checkpoint.close();
    }
  }

  /** True when the event was handled or parked; false when the worker is closing (it will be redelivered). */
  private async deliver(event: RecordedEvent, signal: AbortSignal): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.reactor.handle(event);
        return true;
      } catch (error) {
        const context = { err: error, reactor: this.reactor.name, eventId: event.id, eventType: event.type, attempt };
        if (attempt >= this.tuning.maxAttempts) {
          await this.reactor.onParked?.(event, error).catch((hookError: unknown) =>
            this.context.logger.error({ ...context, err: hookError }, 'reactor could not record that it gave up on an event'),
          );
          await parkEvent(this.context.database.kysely, { kind: 'reactor', name: this.reactor.name }, event, attempt, error);
          this.context.logger.error(context, 'reactor gave up on an event; parked it');
          return true;
        }
        const delay = backoffMs(attempt, this.tuning.retryBaseMs, this.tuning.retryMaxMs);
        this.context.logger.warn({ ...context, retryInMs: delay }, 'reactor failed on an event; retrying');
        await pause(delay, signal);
        if (signal.aborted) return false;
      }
    }
  }
}

/**
 * A checkpoint saved at most every `everyMs`: a position noted sooner is saved when that time is up
 * (a timer), so the last one is never left unsaved for longer. Saves run one at a time, in order.
 */
class ThrottledCheckpoint {
  private pending: Position | undefined;
  private savedAt = 0;
  private saving: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly save: (position: Position) => Promise<void>,
    private readonly everyMs: number,
    private readonly onTimerError: (error: unknown) => void,
  ) {}

  note(position: Position): Promise<void> {
    this.pending = position;
    const wait = this.savedAt + this.everyMs - Date.now();
    if (wait <= 0) return this.flush();
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush().catch(this.onTimerError);
    }, wait);
    return Promise.resolve();
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.saving = this.saving.catch(() => undefined).then(async () => {
      const position = this.pending;
      if (position === undefined) return;
      this.pending = undefined;
      try {
        await this.save(position);
        this.savedAt = Date.now();
      } catch (error) {
        this.pending ??= position;
        throw error;
      }
    });
    return this.saving;
  }

  /** Saves what is pending (a failure here is left to the next start, which redelivers from the last save). */
  async close(): Promise<void> {
    await this.flush().catch(this.onTimerError);
  }
}
