import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shipledger/event-store';
import { migrateProjectionsSchema, startWorker, type Reactor, type Worker } from '@shipledger/projections';
import { FollowerLease } from '../../libs/projections/src/follower-lease';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { quietLogger } from './support/quiet-logger';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

describe('several workers on one Postgres share the followers', () => {
  let store: TestStore;
  const workers: Worker[] = [];

  beforeAll(async () => {
    store = await openTestStore('postgres');
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
  });
  afterAll(async () => {
    await store.close();
  });

  const start = async (reactor: Reactor) => {
    const worker = await startWorker({
      database: store.database,
      eventStore: store.eventStore,
      logger: quietLogger,
      projectors: [],
      reactors: [reactor],
      idlePollMs: 50,
    });
    workers.push(worker);
    return worker;
  };

  it('one worker runs a reactor at a time; the other takes over when it closes', async () => {
    const name = `shared-${randomUUID().slice(0, 8)}`;
    const handledBy: Record<string, string[]> = { a: [], b: [] };
    const reactor = (id: 'a' | 'b'): Reactor => ({
      name,
      handles: ['ParcelShipped'],
      handle: async (event: RecordedEvent) => {
        handledBy[id]!.push(event.id);
      },
    });
    const first = await appendParcels(store.eventStore, 5);
    const a = await start(reactor('a'));
    const b = await start(reactor('b'));
    await Promise.all([a, b].map((w) => w.waitUntilCaughtUp({ timeoutMs: 20_000, position: first.position })));
    const shipped = (await readAllThrough(store.eventStore, first.position)).filter((e) => e.type === 'ParcelShipped');
    const all = [...handledBy.a!, ...handledBy.b!];
    expect(all.sort()).toEqual(shipped.map((e) => e.id).sort());
    const holder = handledBy.a!.length > 0 ? a : b;
    const other = holder === a ? b : a;

    await holder.close();
    const second = await appendParcels(store.eventStore, 2);
    await other.waitUntilCaughtUp({ timeoutMs: 20_000, position: second.position });
    const everything = (await readAllThrough(store.eventStore, second.position)).filter((e) => e.type === 'ParcelShipped');
    expect([...handledBy.a!, ...handledBy.b!].sort()).toEqual(everything.map((e) => e.id).sort());
  });

  it('a lease whose holder stopped renewing it passes on after its time to live', async () => {
    await migrateProjectionsSchema(store.database.kysely);
    const key = `reactor:lease-${randomUUID()}`;
    const holder = new FollowerLease(store.database.kysely, key, 'holder', 300);
    const waiting = new FollowerLease(store.database.kysely, key, 'waiting', 300);
    expect(await holder.acquire()).toBe(true);
    expect(await waiting.acquire()).toBe(false);
    expect(await holder.acquire()).toBe(true);
    const deadline = Date.now() + 5000;
    while (!(await waiting.acquire())) {
      if (Date.now() > deadline) throw new Error('the lease never expired');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await expect(holder.keep()).rejects.toThrow(/lost to another worker/);
  });
});
