import { setTimeout as sleep } from 'node:timers/promises';
import { openTestDatabase, newEvent, streamName, type DatabaseKind } from '@shipledger/testing';
import type { Database } from '@shipledger/database';
import { createEventStore, type RecordedEvent, type SqlEventStore } from '../index';

const kinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('a live subscription reads at most once per live read interval (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  /** A store with that interval and a subscription from its head, once the subscription is live. */
  async function subscribedAtHead(liveReadIntervalMs: number, onEvent: (event: RecordedEvent) => void) {
    const store = createEventStore({ database, pollIntervalMs: 60_000, liveReadIntervalMs }) as SqlEventStore;
    await store.init();
    const start = await store.headPosition();
    let caughtUp!: () => void;
    const live = new Promise<void>((resolve) => (caughtUp = resolve));
    const subscription = store.subscribeToAll({ after: start, onEvent: async (event) => onEvent(event), onCaughtUp: caughtUp });
    await live;
    return { store, subscription };
  }

  /** Appends `count` events one by one, `gapMs` apart, to a store subscribed at the head; counts its reads. */
  async function trickle(liveReadIntervalMs: number, count: number, gapMs: number): Promise<{ reads: number; delivered: string[]; appended: string[] }> {
    const delivered: string[] = [];
    const { store, subscription } = await subscribedAtHead(liveReadIntervalMs, (event) => delivered.push(event.id));
    const reads = jest.spyOn(store, 'readAllPage');
    const appended: string[] = [];
    const stream = streamName();
    for (let i = 0; i < count; i++) {
      const event = newEvent();
      await store.append(stream, [event], i === 0 ? 'no_stream' : i - 1);
      appended.push(event.id);
      await sleep(gapMs);
    }
    const deadline = Date.now() + 5_000;
    while (delivered.length < count && Date.now() < deadline) await sleep(5);
    await subscription.close();
    await store.close();
    return { reads: reads.mock.calls.length, delivered, appended };
  }

  // The interval is long beside an append (2 ms apart, each a few ms; ~17 ms on a busy CI box), so the
  // 30 appends span few intervals however slow the box: with 40 ms, 30 appends of 17 ms spanned 13
  // intervals and the reads (15) reached half the appends although each interval was kept.
  it('given appends every 2 ms, when the interval is 100 ms, then it reads a page per ~100 ms and still delivers every event in order', async () => {
    const started = Date.now();
    const { reads, delivered, appended } = await trickle(100, 30, 2);
    const elapsed = Date.now() - started;
    expect(delivered).toEqual(appended);
    // At most one read per interval (+1 for the last, +1 for the first right after catching up)
    expect(reads).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 2);
    expect(reads).toBeLessThan(appended.length / 2);
  });

  it('given the same appends, when the interval is 0, then it reads at (almost) every signal', async () => {
    const { reads, delivered, appended } = await trickle(0, 30, 2);
    expect(delivered).toEqual(appended);
    expect(reads).toBeGreaterThanOrEqual(appended.length / 2);
  });

  it('given an idle log, when one event is appended, then it is delivered at once, not after the interval', async () => {
    // Given a live subscription with a 1 s interval whose last read is over 1 s old (on Postgres the
    // LISTEN connection, once open, asks for one more read, which the interval delays: two intervals)
    const seen: number[] = [];
    const { store, subscription } = await subscribedAtHead(1_000, () => seen.push(Date.now()));
    await sleep(2_300);
    // When one event is appended
    const appendedAt = Date.now();
    await store.append(streamName(), [newEvent()], 'no_stream');
    while (seen.length === 0 && Date.now() - appendedAt < 5_000) await sleep(5);
    await subscription.close();
    await store.close();
    // Then it arrives well within the interval
    expect(seen).toHaveLength(1);
    expect(seen[0]! - appendedAt).toBeLessThan(500);
  });
});
