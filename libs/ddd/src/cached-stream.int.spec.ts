import { randomUUID } from 'node:crypto';
import { createEventStore, type EventStore, type ReadStreamOptions } from '@shipledger/event-store';
import { createPgliteDatabase, type PgliteTestDatabase } from '@shipledger/testing';
import { CachedStreamLoader } from './cached-stream';

const metadata = () => ({
  tenantId: 't', actor: 'test', correlationId: 'c', causationId: 'c', requestId: 'r', schemaVersion: 1, occurredAt: new Date(0).toISOString(),
});
const added = (value: number) => [{ id: randomUUID(), type: 'ValueAdded', data: { value }, metadata: metadata() }];

describe('CachedStreamLoader: loads of one stream while a read is in flight', () => {
  let db: PgliteTestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createPgliteDatabase();
    store = createEventStore({ database: db.database });
    await store.init();
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  /** A loader summing the stream's values over a store that counts its stream reads. */
  const countingLoader = () => {
    const reads: Array<ReadStreamOptions | undefined> = [];
    const counting = Object.create(store) as EventStore;
    counting.readStream = (streamId, options) => {
      reads.push(options);
      return store.readStream(streamId, options);
    };
    const loader = new CachedStreamLoader<number[]>(counting, (state, events) => [...state, ...events.map((e) => (e.data as { value: number }).value)], () => []);
    return { loader, reads };
  };

  it('share one read queued behind it: six loads, two reads, one state', async () => {
    // Given a stream with two events and a loader over it
    const stream = `values-${randomUUID()}`;
    await store.append(stream, [...added(1), ...added(2)], 'no_stream');
    const { loader, reads } = countingLoader();

    // When six loads come together
    const loads = await Promise.all([1, 2, 3, 4, 5, 6].map(() => loader.load(stream)));

    // Then the first reads, the other five share the one read after it, and all see the same state
    expect(reads).toHaveLength(2);
    expect(loads.map((load) => load.state)).toEqual(Array(6).fill([1, 2]));
    expect(loads.map((load) => load.expected)).toEqual(Array(6).fill(1));
  });

  it('never answer a load with a read that started before it: an event appended meanwhile is seen', async () => {
    // Given a stream and a load of it in flight
    const stream = `values-${randomUUID()}`;
    await store.append(stream, added(1), 'no_stream');
    const { loader } = countingLoader();
    const early = loader.load(stream);

    // When an event is appended and another load comes before the first read is back
    await store.append(stream, added(2), 0);
    const late = loader.load(stream);

    // Then the later load sees the event appended before it, and the next load reads on from the cache
    expect((await late).state).toEqual([1, 2]);
    expect((await early).state.slice(0, 1)).toEqual([1]);
    await store.append(stream, added(3), 1);
    expect(await loader.load(stream)).toEqual({ state: [1, 2, 3], expected: 2 });
  });

  it('give each load of a failed read its error, and read again on the next load', async () => {
    // Given a loader whose first read fails
    const stream = `values-${randomUUID()}`;
    await store.append(stream, added(7), 'no_stream');
    const { loader } = countingLoader();
    const failing = Object.create(store) as EventStore;
    let fail = true;
    failing.readStream = (streamId, options) => (fail ? Promise.reject(new Error('connection lost')) : store.readStream(streamId, options));
    const flaky = new CachedStreamLoader<number[]>(failing, (state, events) => [...state, ...events.map((e) => (e.data as { value: number }).value)], () => []);

    // When a load fails, and the store answers again
    await expect(flaky.load(stream)).rejects.toThrow('connection lost');
    fail = false;

    // Then the next load reads and answers
    expect((await flaky.load(stream)).state).toEqual([7]);
    expect((await loader.load(stream)).state).toEqual([7]);
  });
});
