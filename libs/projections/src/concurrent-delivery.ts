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

/**
 * Delivers a batch with up to `limit` events in hand, one key at a time (a reactor's shipments in
 * parallel, each shipment's events in order). `onDone` only ever sees the end of the contiguous run
 * of finished events, so a checkpoint saved from it never passes an event still in hand: a crash
 * redelivers everything after it (at least once, as with one event at a time). Resolves false when a
 * delivery said the worker is closing; rethrows the first failure once every delivery in hand settled.
 */
export async function deliverConcurrently(events: readonly RecordedEvent[], options: ConcurrentDelivery): Promise<boolean> {
  const done = events.map((event) => !options.isHandled(event));
  const tails = new Map<string, Promise<void>>();
  const running = new Set<Promise<void>>();
  let prefix = 0;
  let closing = false;
  let failed: { error: unknown } | undefined;
  let reported = Promise.resolve();
  const stopped = () => closing || failed !== undefined;
  const advance = () => {
    const from = prefix;
    while (prefix < events.length && done[prefix]) prefix++;
    if (prefix === from || stopped()) return;
    const position = events[prefix - 1]!.position;
    reported = reported.then(() => options.onDone(position));
    reported.catch((error: unknown) => void (failed ??= { error }));
  };

  for (let index = 0; index < events.length && !stopped(); index++) {
    const event = events[index]!;
    if (done[index]) continue;
    while (running.size >= options.limit) await Promise.race(running);
    if (stopped()) break;
    const key = options.keyOf(event);
    const task = (tails.get(key) ?? Promise.resolve())
      .then(async () => {
        if (stopped()) return;
        if (!(await options.deliver(event))) closing = true;
        else {
          done[index] = true;
          advance();
        }
      })
      .catch((error: unknown) => void (failed ??= { error }));
    tails.set(key, task);
    running.add(task);
    void task.then(() => running.delete(task));
  }
  await Promise.all(running);
  advance();
  await reported.catch(() => undefined);
  if (failed) throw failed.error;
  return !closing;
}
