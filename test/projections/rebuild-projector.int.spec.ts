import {
  rebuildProjector,
  readCheckpoint,
  RebuildInProgressError,
  startWorker,
  type RebuildProgress,
  type Worker,
} from '@shipledger/projections';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { countApplications, countDuplicateApplications, parcelProjector, readParcels } from './support/parcel-projector';
import { quietLogger } from './support/quiet-logger';
import { DATABASE_KINDS } from '../../libs/testing/src/test-database';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

describe.each(DATABASE_KINDS)('rebuild beside the live model on %s', (kind) => {
  let store: TestStore;
  const workers: Worker[] = [];
  const start = async (projectors: ReturnType<typeof parcelProjector>[]) => {
    const worker = await startWorker({
      database: store.database,
      eventStore: store.eventStore,
      logger: quietLogger,
      projectors,
      reactors: [],
      batchSize: 10,
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

  it('rebuilds while reads and appends go on, then serves identical rows', async () => {
    const live = parcelProjector();
    const { position } = await appendParcels(store.eventStore, 30);
    const worker = await start([live]);
    await worker.waitUntilCaughtUp({ timeoutMs: 30_000, position });
    const before = await readParcels(store.database.kysely, live.name);

    let reading = true;
    const readErrors: unknown[] = [];
    const readCounts: number[] = [];
    const reader = (async () => {
      while (reading) {
        try {
          readCounts.push((await readParcels(store.database.kysely, live.name)).length);
        } catch (error) {
          readErrors.push(error);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    const progress: RebuildProgress[] = [];
    let appendedDuring: ReturnType<typeof appendParcels> | undefined;
    const result = await rebuildProjector({
      database: store.database,
      eventStore: store.eventStore,
      projector: parcelProjector({ name: live.name }),
      batchSize: 10,
      onProgress: (p) => {
        progress.push(p);
        if (p.phase === 'replaying' && p.processed >= 40) appendedDuring ??= appendParcels(store.eventStore, 3);
      },
    });
    const added = await appendedDuring!;
    await worker.waitUntilCaughtUp({ timeoutMs: 30_000, position: added.position });
    reading = false;
    await reader;

    expect(readErrors).toEqual([]);
    expect(readCounts.length).toBeGreaterThan(0);
    expect(Math.min(...readCounts)).toBeGreaterThanOrEqual(before.length);

    const total = progress.find((p) => p.phase === 'replaying')?.total;
    expect(total).toBe(150);
    expect(progress[progress.length - 1]?.phase).toBe('swapped');
    expect(result.events).toBeGreaterThanOrEqual(150);

    // A model built from scratch by a second projector over the same events is the reference.
    const reference = parcelProjector();
    const referenceWorker = await start([reference]);
    await referenceWorker.waitUntilCaughtUp({ timeoutMs: 30_000, position: added.position });
    const after = await readParcels(store.database.kysely, live.name);
    expect(after).toHaveLength(before.length + added.ids.length);
    expect(after).toEqual(await readParcels(store.database.kysely, reference.name));
    expect(await countDuplicateApplications(store.database.kysely, live.name)).toBe(0);
    expect(await countApplications(store.database.kysely, live.name)).toBe(
      await countApplications(store.database.kysely, reference.name),
    );
    const checkpoint = await readCheckpoint(store.database.kysely, live.name);
    expect(checkpoint?.position).toBe(added.position);
  });

  it('refuses a second rebuild of the same model while one runs', async () => {
    const projector = parcelProjector();
    const { position } = await appendParcels(store.eventStore, 5);
    // Rebuilds replay what readers can see: let the events just appended become readable first.
    const handled = (await readAllThrough(store.eventStore, position)).filter((e) => e.type.startsWith('Parcel')).length;
    const options = { database: store.database, eventStore: store.eventStore, projector, batchSize: 5 };
    const outcomes = await Promise.allSettled([rebuildProjector(options), rebuildProjector(options)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(RebuildInProgressError);
    // The refused one left the winner's tables alone: every event is in the live model once.
    expect(await countDuplicateApplications(store.database.kysely, projector.name)).toBe(0);
    expect(await countApplications(store.database.kysely, projector.name)).toBe(handled);
  });
});
