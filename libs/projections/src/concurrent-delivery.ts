import type { Position, RecordedEvent } from '@shipledger/event-store';

export interface ConcurrentDelivery {
  /** Most events in hand at once. */
  limit: number;
  /** Events with one key are delivered one after the other, in their global order. */
  keyOf(event: RecordedEvent): string;
  isHandled(event: RecordedEvent): boolean;
  /** True when handled or parked; false when the worker is closing (the event will be redelivered). */
  deliver(event: RecordedEvent): Promise<boolean>;
  /** Every event up to `position` is done (handled, parked or not handled): called in order, one at a time. */
  onDone(position: Position): Promise<void>;
}

interface Entry {
  event: RecordedEvent;
  done: boolean;
}

/**
 * Delivers events with up to `limit` in hand, one key at a time (a reactor's shipments in parallel,
 * each shipment's events in order). `source` is one batch, or batches in global order (a reader that
 * follows the store): the next batch is pulled as soon as every event of the previous one is in hand,
 * not once they have all finished, so a slow event never holds back the events read after it and the
 * number in hand stays at `limit` under a steady stream.
 *
 * `onDone` only ever sees the end of the contiguous run of finished events, so a checkpoint saved from
 * it never passes an event still in hand: a crash redelivers everything after it (at least once, as
 * with one event at a time). Resolves when the source ends and every delivery settled; false when a
 * delivery said the worker is closing; rethrows the first failure (of a delivery, `onDone` or the
 * source) once every delivery in hand settled.
 */
export async function deliverConcurrently(
  source: readonly RecordedEvent[] | AsyncIterable<readonly RecordedEvent[]>,
  options: ConcurrentDelivery,
): Promise<boolean> {
  // Events read and not yet reported done, in global order.
  const window: Entry[] = [];
  const tails = new Map<string, Promise<void>>();
  const running = new Set<Promise<void>>();
  let closing = false;
  let failed: { error: unknown } | undefined;
  // Ends the wait for the next batch when a delivery closes or fails; set only while that wait lasts.
  // (Not Promise.race with one promise that lasts the whole stream: every race left a reaction on that
  // promise holding the batch it resolved with, so a reactor kept every batch it ever read, issue #19 item 6.)
  let wakeOnStop: (() => void) | undefined;
  const fail = (error: unknown) => {
    failed ??= { error };
    wakeOnStop?.();
  };
  let reported = Promise.resolve();
  const stopped = () => closing || failed !== undefined;
  const advance = () => {
    let finished = 0;
    while (finished < window.length && window[finished]!.done) finished++;
    if (finished === 0 || stopped()) return;
    const position = window[finished - 1]!.event.position;
    window.splice(0, finished);
    reported = reported.then(() => options.onDone(position));
    reported.catch(fail);
  };

  const start = async (event: RecordedEvent) => {
    const entry: Entry = { event, done: !options.isHandled(event) };
    window.push(entry);
    if (entry.done) return;
    while (running.size >= options.limit) await Promise.race(running);
    if (stopped()) return;
    const key = options.keyOf(event);
    const task: Promise<void> = (tails.get(key) ?? Promise.resolve())
      .then(async () => {
        if (stopped()) return;
        if (!(await options.deliver(event))) {
          closing = true;
          wakeOnStop?.();
        } else {
          entry.done = true;
          advance();
        }
      })
      .catch(fail)
      .finally(() => {
        running.delete(task);
        if (tails.get(key) === task) tails.delete(key);
      });
    tails.set(key, task);
    running.add(task);
  };

  try {
    if (isBatch(source)) {
      for (const event of source) {
        if (stopped()) break;
        await start(event);
      }
    } else {
      const batches = source[Symbol.asyncIterator]();
      try {
        while (!stopped()) {
          // A closing or failed delivery ends the wait for the next batch at once.
          const next = await new Promise<IteratorResult<readonly RecordedEvent[]> | undefined>((resolve, reject) => {
            wakeOnStop = () => resolve(undefined);
            batches.next().then(resolve, reject);
          }).finally(() => (wakeOnStop = undefined));
          if (!next || next.done) break;
          for (const event of next.value) {
            if (stopped()) break;
            await start(event);
          }
          advance();
        }
      } finally {
        void batches.return?.()?.catch(() => undefined);
      }
    }
  } catch (error) {
    fail(error);
  }
  while (running.size > 0) await Promise.all(running);
  advance();
  await reported.catch(() => undefined);
  if (failed) throw failed.error;
  return !closing;
}

function isBatch(source: readonly RecordedEvent[] | AsyncIterable<readonly RecordedEvent[]>): source is readonly RecordedEvent[] {
  return Array.isArray(source);
}
