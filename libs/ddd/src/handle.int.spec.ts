import { randomUUID } from 'node:crypto';
import { createEventStore, WrongExpectedRevisionError, type EventStore } from '@shipledger/event-store';
import { createPgliteDatabase, type PgliteTestDatabase } from '@shipledger/testing';
import type { Decider } from './decider';
import { handle, loadStream } from './handle';

type CounterEvent = { type: 'CounterIncremented'; data: { by: number } };
type CounterCommand = { type: 'Increment'; by: number; max: number };
interface Counter { value: number }

class CounterFull extends Error {}

const counter: Decider<CounterCommand, CounterEvent, Counter> = {
  decide: (command, state) => {
    if (state.value + command.by > command.max) throw new CounterFull();
    return command.by === 0 ? [] : [{ type: 'CounterIncremented', data: { by: command.by } }];
  },
  evolve: (state, event) => ({ value: state.value + event.data.by }),
  initialState: () => ({ value: 0 }),
};

const metadata = () => ({
  tenantId: 't', actor: 'test', correlationId: 'c', causationId: 'c', requestId: 'r', schemaVersion: 1, occurredAt: new Date(0).toISOString(),
});

describe('handle: load, decide, append with the expected revision', () => {
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

  const increment = (by: number, max = 1_000): CounterCommand => ({ type: 'Increment', by, max });

  it('given a stream, when a command is handled, then its events are appended after the revision read', async () => {
    const stream = `counter-${randomUUID()}`;
    await handle(store, counter, stream, increment(2), { metadata });
    const result = await handle(store, counter, stream, increment(3), { metadata });
    expect(result.before).toEqual({ value: 2 });
    expect(result.state).toEqual({ value: 5 });
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('given concurrent commands on one stream, when each loses a race, then it decides again on the new state', async () => {
    const stream = `counter-${randomUUID()}`;
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => handle(store, counter, stream, increment(1, 5), { metadata })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof CounterFull)).toBe(true);
    expect((await loadStream(store, counter, stream)).state).toEqual({ value: 5 });
  });

  it('given a fixed expected revision, when the race is lost, then onConflict answers it and nothing is appended', async () => {
    const stream = `counter-${randomUUID()}`;
    await handle(store, counter, stream, increment(1), { metadata });
    const lost = handle(store, counter, stream, increment(1), {
      metadata, expectedRevision: 'no_stream', loaded: { state: counter.initialState(), revision: 'no_stream' },
      onConflict: (error) => new Error(`taken: ${error instanceof WrongExpectedRevisionError}`),
    });
    await expect(lost).rejects.toThrow('taken: true');
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('given deterministic event ids, when the same cause is handled twice, then its events are appended once', async () => {
    const stream = `counter-${randomUUID()}`;
    const idempotency = { eventId: (_command: CounterCommand, index: number) => `00000000-0000-4000-8000-00000000000${index}` };
    const first = await handle(store, counter, stream, increment(4), { metadata, idempotency });
    const again = await handle(store, counter, stream, increment(4), { metadata, idempotency });
    expect(first.events).toHaveLength(1);
    expect(again).toMatchObject({ duplicate: true, events: [], state: { value: 4 } });
  });

  it('given a command built from the state, when it answers undefined or the decider answers nothing, then nothing is appended', async () => {
    const stream = `counter-${randomUUID()}`;
    expect((await handle(store, counter, stream, () => undefined, { metadata })).events).toEqual([]);
    expect((await handle(store, counter, stream, increment(0), { metadata })).events).toEqual([]);
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('given beforeAppend throws, then nothing is appended', async () => {
    const stream = `counter-${randomUUID()}`;
    const refused = handle(store, counter, stream, increment(1), { metadata, beforeAppend: async () => { throw new Error('reserved elsewhere'); } });
    await expect(refused).rejects.toThrow('reserved elsewhere');
    expect(await store.readStream(stream)).toEqual([]);
  });
});
