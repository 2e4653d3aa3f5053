import type { Kysely } from 'kysely';
import type { EventStoreTables } from './event-store-tables';
import type { AppendResult, EventData, ExpectedRevision } from '../event-store.port';
import { appendBatch, type BatchedAppend } from './sql-append-batch';
import { appendEvents, checkAppend } from './sql-append';

export interface AppendBatchLimits {
  /** Batch statements running at once (each holds one pooled connection). */
  maxInFlight: number;
  /** Appends per batch statement. */
  maxAppends: number;
  /** Events per batch statement (a larger single append still goes alone). */
  maxEvents: number;
}

/**
 * 64 appends × ≤ 512 events keep a statement's payload near half a megabyte; the statement has eight
 * array parameters whatever its size. In flight: bench/event-store measured 1–6 alike (its 16 writers
 * move in lockstep, 16 appends per commit); 3 lets staggered arrivals go without waiting a whole batch.
 */
export const DEFAULT_APPEND_BATCH_LIMITS: AppendBatchLimits = { maxInFlight: 3, maxAppends: 64, maxEvents: 512 };

interface PendingAppend extends BatchedAppend {
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit for one process: concurrent appends share one statement and one commit. While
 * maxInFlight batches run, new appends queue; each finished batch sends out what queued meanwhile.
 * No timers — an idle store sends an append at once (after the current microtask, so appends started
 * together go together). A batch of one takes the single-append path unchanged; so do 'any' and
 * 'exists'. An append whose stream is in a running batch waits for it, so our own batches never
 * queue on each other's row locks. Whatever a batch could not place — or every append of a batch that
 * failed — is retried through the single-append path, which gives exactly its usual answers.
 */
export class AppendBatcher {
  private queue: PendingAppend[] = [];
  private readonly busyStreams = new Set<string>();
  private inFlight = 0;
  private drainScheduled = false;
  private readonly limits: AppendBatchLimits;

  constructor(
    private readonly db: Kysely<EventStoreTables>,
    limits: Partial<AppendBatchLimits> = {},
  ) {
    this.limits = {
      maxInFlight: limits.maxInFlight ?? DEFAULT_APPEND_BATCH_LIMITS.maxInFlight,
      maxAppends: limits.maxAppends ?? DEFAULT_APPEND_BATCH_LIMITS.maxAppends,
      maxEvents: limits.maxEvents ?? DEFAULT_APPEND_BATCH_LIMITS.maxEvents,
    };
  }

  /** Throws checkAppend's RangeError for an append no path would take. */
  append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    checkAppend(events, expected);
    if (expected !== 'no_stream' && typeof expected !== 'number') return appendEvents(this.db, streamId, events, expected);
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events: [...events], expected, resolve, reject });
      if (this.drainScheduled) return;
      this.drainScheduled = true;
      queueMicrotask(() => {
        this.drainScheduled = false;
        this.drain();
      });
    });
  }

  private drain(): void {
    while (this.inFlight < this.limits.maxInFlight) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.inFlight += 1;
      for (const append of batch) this.busyStreams.add(append.streamId);
      // run() settles every append of its batch and never rejects.
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        for (const append of batch) this.busyStreams.delete(append.streamId);
        this.drain();
      });
    }
  }

  /** Queued appends in arrival order, at most one per stream, none on a stream already in flight. */
  private takeBatch(): PendingAppend[] {
    const batch: PendingAppend[] = [];
    const waiting: PendingAppend[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (const append of this.queue) {
      const fits = batch.length === 0 || (batch.length < this.limits.maxAppends && events + append.events.length <= this.limits.maxEvents);
      if (fits && !streams.has(append.streamId) && !this.busyStreams.has(append.streamId)) {
        batch.push(append);
        streams.add(append.streamId);
        events += append.events.length;
      } else {
        waiting.push(append);
      }
    }
    this.queue = waiting;
    return batch;
  }

  private async run(batch: PendingAppend[]): Promise<void> {
    let placed: Array<AppendResult | undefined> = [];
    if (batch.length > 1) placed = await appendBatch(this.db, batch).catch(() => []);
    await Promise.all(
      batch.map((append, index) => {
        const result = placed[index];
        const settled = result ? Promise.resolve(result) : appendEvents(this.db, append.streamId, append.events, append.expected);
        return settled.then(append.resolve, append.reject);
      }),
    );
  }
}
