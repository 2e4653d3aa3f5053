import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RecordedEvent } from '@shipledger/event-store';
import { deliverConcurrently, type ConcurrentDelivery } from './concurrent-delivery';

/** Events on `streams` streams, round robin; positions are zero-padded so they sort as strings. */
function eventsOn(streams: number, count: number, unhandledEvery = 0): RecordedEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `e${i}`, streamId: `s${i % streams}`, revision: Math.floor(i / streams), position: String(i).padStart(6, '0'),
    type: unhandledEvery > 0 && i % unhandledEvery === 0 ? 'Ignored' : 'Handled', data: {}, metadata: {} as RecordedEvent['metadata'],
    recordedAt: new Date(0).toISOString(),
  }));
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function harness(events: RecordedEvent[], limit: number, outcome: (event: RecordedEvent) => 'ok' | 'closing' | 'throw' = () => 'ok') {
  const finished = new Set<string>();
  const order = new Map<string, number[]>();
  const reported: string[] = [];
  let inHand = 0;
  let most = 0;
  const options: ConcurrentDelivery = {
    limit,
    keyOf: (event) => event.streamId,
    isHandled: (event) => event.type === 'Handled',
    async deliver(event) {
      inHand++;
      most = Math.max(most, inHand);
      order.set(event.streamId, [...(order.get(event.streamId) ?? []), event.revision]);
      for (let i = 0; i < 1 + (Number(event.id.slice(1)) % 3); i++) await tick(); // uneven durations
      inHand--;
      const result = outcome(event);
      if (result === 'throw') throw new Error(`failed ${event.id}`);
      if (result === 'ok') finished.add(event.id);
      return result === 'ok';
    },
    async onDone(position) {
      // Never past an event still in hand or failed: every handled event up to here has finished.
      for (const event of events) if (event.position <= position && event.type === 'Handled') expect(finished.has(event.id)).toBe(true);
      reported.push(position);
    },
  };
  return { options, finished, order, reported, most: () => most };
}

describe('deliverConcurrently', () => {
  it('has at most `limit` events in hand, keeps each key in order, and reports every event done in order', async () => {
    const events = eventsOn(5, 60, 7);
    const run = harness(events, 4);
    expect(await deliverConcurrently(events, run.options)).toBe(true);
    expect(run.most()).toBe(4);
    for (const revisions of run.order.values()) expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(run.finished.size).toBe(events.filter((e) => e.type === 'Handled').length);
    expect(run.reported).toEqual([...run.reported].sort());
    expect(run.reported.at(-1)).toBe(events.at(-1)!.position);
  });

  it('one key at a time: events of a single stream never overlap', async () => {
    const events = eventsOn(1, 12);
    const run = harness(events, 8);
    expect(await deliverConcurrently(events, run.options)).toBe(true);
    expect(run.most()).toBe(1);
  });

  it('a failure stops new deliveries, is rethrown once those in hand settle, and is never reported done', async () => {
    const events = eventsOn(6, 40);
    const run = harness(events, 3, (event) => (event.id === 'e13' ? 'throw' : 'ok'));
    await expect(deliverConcurrently(events, run.options)).rejects.toThrow('failed e13');
    expect(run.reported.every((position) => position < events[13]!.position)).toBe(true);
  });

  it('closing: resolves false and reports nothing at or past the event that was handed back', async () => {
    const events = eventsOn(6, 40);
    const run = harness(events, 3, (event) => (event.id === 'e20' ? 'closing' : 'ok'));
    expect(await deliverConcurrently(events, run.options)).toBe(false);
    expect(run.reported.every((position) => position < events[20]!.position)).toBe(true);
    expect(run.finished.size).toBeLessThan(40);
  });

  it('a stream of batches: the next batch is read while the previous one is still in hand, and every event is reported done in order', async () => {
    // Given 60 events on 5 streams arriving in batches of 10
    const events = eventsOn(5, 60, 7);
    const run = harness(events, 4);
    let inHandAtRead = 0;
    let reads = 0;
    async function* batches() {
      for (let from = 0; from < events.length; from += 10) {
        reads++;
        const unfinished = events.slice(0, from).filter((e) => e.type === 'Handled' && !run.finished.has(e.id)).length;
        inHandAtRead = Math.max(inHandAtRead, unfinished);
        yield events.slice(from, from + 10);
      }
    }
    // When they are delivered as one stream
    expect(await deliverConcurrently(batches(), run.options)).toBe(true);
    // Then a later batch was read before the earlier ones had all finished (no barrier between batches)
    expect(reads).toBe(6);
    expect(inHandAtRead).toBeGreaterThan(0);
    // And the limit, the order per key and the reports hold as for one batch
    expect(run.most()).toBe(4);
    for (const revisions of run.order.values()) expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(run.finished.size).toBe(events.filter((e) => e.type === 'Handled').length);
    expect(run.reported).toEqual([...run.reported].sort());
    expect(run.reported.at(-1)).toBe(events.at(-1)!.position);
  });

  it('a stream: a failure ends the wait for the next batch and is rethrown, never reported done', async () => {
    // Given a source that has one batch and then nothing new for a long time
    const events = eventsOn(3, 9);
    const run = harness(events, 3, (event) => (event.id === 'e4' ? 'throw' : 'ok'));
    let release!: () => void;
    const never = new Promise<void>((resolve) => { release = resolve; });
    async function* batches() {
      yield events;
      await never;
    }
    // When an event of the first batch fails
    // Then the delivery stops without waiting for the source and rethrows it
    await expect(deliverConcurrently(batches(), run.options)).rejects.toThrow('failed e4');
    expect(run.reported.every((position) => position < events[4]!.position)).toBe(true);
    release();
  });

  it('a stream: batches already delivered are not kept (the heap stays flat however long the reactor follows the store)', async () => {
    // Given a reactor following a store of 20 batches, each batch watched through a WeakRef
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const events = eventsOn(5, 200);
    const run = harness(events, 4);
    const watched: Array<WeakRef<readonly RecordedEvent[]>> = [];
    const keptWhenRead: number[] = [];
    async function* batches() {
      for (let start = 0; start < events.length; start += 10) {
        if (watched.length >= 16) {
          // When it has read many batches, the ones all of whose events finished long ago are collected
          await tick();
          await tick();
          gc();
          keptWhenRead.push(watched.slice(0, -3).filter((ref) => ref.deref() !== undefined).length);
        }
        const batch = events.slice(start, start + 10);
        watched.push(new WeakRef(batch));
        yield batch;
      }
    }
    await expect(deliverConcurrently(batches(), run.options)).resolves.toBe(true);
    // Then none of them is still held (each reading used to leave its batch on a promise kept for the whole stream)
    expect(keptWhenRead).toHaveLength(4);
    expect(Math.max(...keptWhenRead)).toBe(0);
    expect(run.finished.size).toBe(events.length);
  });
});
