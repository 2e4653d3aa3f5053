import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shipledger/event-store';
import { listParkedEvents, retryParkedEvents, startWorker, type Reactor, type Worker } from '@shipledger/projections';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { quietLogger } from './support/quiet-logger';
import { DATABASE_KINDS } from '../../libs/testing/src/test-database';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

interface RecordingReactor extends Reactor {
  seen: RecordedEvent[];
}

/** Records what it handles; `fail` decides per call whether to throw. */
function recordingReactor(fail: (event: RecordedEvent, attempt: number) => boolean = () => false): RecordingReactor {
  const attempts = new Map<string, number>();
  const seen: RecordedEvent[] = [];
  return {
    name: `recorder-${randomUUID().slice(0, 8)}`,
    handles: ['ParcelShipped'],
    seen,
    async handle(event) {
      const attempt = (attempts.get(event.id) ?? 0) + 1;
      attempts.set(event.id, attempt);
      if (fail(event, attempt)) throw new Error(`planned failure ${attempt} on ${event.id}`);
      seen.push(event);
    },
  };
}

describe.each(DATABASE_KINDS)('reactor runner on %s', (kind) => {
  let store: TestStore;
  const workers: Worker[] = [];
  const start = async (reactors: Reactor[]) => {
    const worker = await startWorker({
      database: store.database,
      eventStore: store.eventStore,
      logger: quietLogger,
      projectors: [],
      reactors,
      batchSize: 6,
      reactorMaxAttempts: 3,
      retryBaseMs: 1,
      retryMaxMs: 4,
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
  });
  afterAll(async () => {
    await store.close();
  });

  it('hands over the events it handles in global order, and resumes after its checkpoint', async () => {
    const reactor = recordingReactor();
    const before = await appendParcels(store.eventStore, 4);
    const first = await start([reactor]);
    await first.waitUntilCaughtUp({ timeoutMs: 20_000, position: before.position });
    await first.close();
    const shipped = (await readAllThrough(store.eventStore, before.position)).filter((e) => e.type === 'ParcelShipped');
    expect(reactor.seen.map((e) => e.id)).toEqual(shipped.map((e) => e.id));

    const after = await appendParcels(store.eventStore, 2);
    const second = await start([reactor]);
    await second.waitUntilCaughtUp({ timeoutMs: 20_000, position: after.position });
    const all = (await readAllThrough(store.eventStore, after.position)).filter((e) => e.type === 'ParcelShipped');
    expect(reactor.seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('retries a failing event with backoff, parks a poison one after N tries, and goes on', async () => {
    const { ids, position } = await appendParcels(store.eventStore, 3);
    const shipped = (await readAllThrough(store.eventStore, position)).filter((e) => e.type === 'ParcelShipped');
    const mine = shipped.filter((e) => ids.includes((e.data as { parcelId: string }).parcelId));
    const flaky = mine[0]!.id;
    const poison = mine[1]!.id;
    const reactor = recordingReactor((event, attempt) => (event.id === flaky && attempt < 3) || event.id === poison);
    const worker = await start([reactor]);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position });

    expect(reactor.seen.map((e) => e.id)).toEqual(shipped.filter((e) => e.id !== poison).map((e) => e.id));
    const parked = await listParkedEvents(store.database.kysely, reactor.name);
    expect(parked).toEqual([
      expect.objectContaining({ eventId: poison, eventType: 'ParcelShipped', attempts: 3, kind: 'reactor', follower: reactor.name }),
    ]);
    expect(parked[0]!.lastError).toContain('planned failure 3');

    // Fixed: handing the parked event over again clears it; the reactor gets the very same event.
    const fixed = recordingReactor();
    const outcomes = await retryParkedEvents({ database: store.database, eventStore: store.eventStore, reactor: { ...fixed, name: reactor.name } });
    expect(outcomes).toEqual([{ eventId: poison, outcome: 'handled' }]);
    expect(fixed.seen.map((e) => [e.id, e.position])).toEqual([[poison, parked[0]!.position]]);
    expect(await listParkedEvents(store.database.kysely, reactor.name)).toEqual([]);
  });
});
