import type { KyselyPlugin } from 'kysely';
import { readCheckpoint, startWorker, type Worker } from '@shipledger/projections';
import type { Position } from '@shipledger/event-store';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { countApplications, countDuplicateApplications, parcelProjector, readParcels } from './support/parcel-projector';
import { quietLogger } from './support/quiet-logger';
import { DATABASE_KINDS } from '../../libs/testing/src/test-database';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

describe.each(DATABASE_KINDS)('projector runner on %s', (kind) => {
  let store: TestStore;
  const workers: Worker[] = [];
  const start = async (projector: ReturnType<typeof parcelProjector>, batchSize = 7) => {
    const worker = await startWorker({
      database: store.database,
      eventStore: store.eventStore,
      logger: quietLogger,
      projectors: [projector],
      reactors: [],
      batchSize,
      retryBaseMs: 5,
      retryMaxMs: 20,
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

  it('catches up in batches, then follows live appends; the checkpoint is the head', async () => {
    const projector = parcelProjector();
    const first = await appendParcels(store.eventStore, 10);
    const worker = await start(projector);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position: first.position });
    expect((await readParcels(store.database.kysely, projector.name)).map((p) => p.id)).toEqual([...first.ids].sort());

    const later = await appendParcels(store.eventStore, 3);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position: later.position });
    const rows = await readParcels(store.database.kysely, projector.name);
    expect(rows).toHaveLength(13);
    const lastIndex = 2;
    expect(rows.find((r) => r.id === later.ids[lastIndex])).toEqual({
      id: later.ids[lastIndex],
      status: 'shipped',
      weight: (lastIndex + 1) * 10,
      revision: 3,
    });
    const checkpoint = await readCheckpoint(store.database.kysely, projector.name);
    expect(checkpoint?.position).toBe(later.position);
  });

  it('batches without a handled event write no checkpoint of their own: it is stored once, at the head', async () => {
    const { position } = await appendParcels(store.eventStore, 10); // 40 events: 6 batches of 7
    const projector = { ...parcelProjector(), handles: ['NeverAppended'] };
    let checkpointWrites = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'InsertQueryNode' && JSON.stringify(node.into).includes('projection_checkpoints')) checkpointWrites++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const database = { ...store.database, kysely: store.database.kysely.withPlugin(counting) };
    const worker = await startWorker({
      database, eventStore: store.eventStore, logger: quietLogger, projectors: [projector], reactors: [], batchSize: 7,
    });
    workers.push(worker);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    expect((await readCheckpoint(store.database.kysely, projector.name))?.position).toBe(position);
    // The first start's checkpoint, then one write at the head (six before: one per batch).
    expect(checkpointWrites).toBeLessThanOrEqual(2);
  });

  it('a throw from apply at event k rolls the batch back and the retry applies every event exactly once', async () => {
    const { position } = await appendParcels(store.eventStore, 6);
    const projector = parcelProjector({ failAt: { k: 11, times: 3 } });
    const worker = await start(projector, 5);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    const handled = await countHandledEvents(store, position);
    expect(await countApplications(store.database.kysely, projector.name)).toBe(handled);
    expect(await countDuplicateApplications(store.database.kysely, projector.name)).toBe(0);
    expect(projector.applyCalls).toBeGreaterThan(handled);
  });

  it('a worker that dies mid-batch is resumed exactly by the next one', async () => {
    const name = `parcels-crash-${Date.now().toString(36)}`;
    const { position } = await appendParcels(store.eventStore, 8);
    // The first process fails forever at event 17: it commits the batches before it and dies.
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    const dying = parcelProjector({ name, failAt: { k: 17, times: Number.MAX_SAFE_INTEGER }, onFailure: () => died() });
    const first = await start(dying, 4);
    await dead;
    await first.close();
    const committed = await countApplications(store.database.kysely, name);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(17);

    const healthy = parcelProjector({ name });
    const second = await start(healthy, 4);
    await second.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    const handled = await countHandledEvents(store, position);
    expect(await countApplications(store.database.kysely, name)).toBe(handled);
    expect(await countDuplicateApplications(store.database.kysely, name)).toBe(0);
    expect(healthy.applyCalls).toBe(handled - committed);
  });

  it('running the same events twice yields the same rows', async () => {
    const projector = parcelProjector();
    const { position } = await appendParcels(store.eventStore, 5);
    const once = await start(projector);
    await once.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    await once.close();
    const afterOnce = await readParcels(store.database.kysely, projector.name);

    // Forget the checkpoint: the next start replays every event over the same tables.
    await store.database.kysely
      .withSchema('projections')
      .deleteFrom('projection_checkpoints')
      .where('name', '=', projector.name)
      .execute();
    const twice = await start(projector);
    await twice.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    expect(await readParcels(store.database.kysely, projector.name)).toEqual(afterOnce);
    expect(await countDuplicateApplications(store.database.kysely, projector.name)).toBe(
      await countHandledEvents(store, position),
    );
  });

  it('a version bump rebuilds the model beside the live one and moves the checkpoint', async () => {
    const name = `parcels-v-${Date.now().toString(36)}`;
    const { position } = await appendParcels(store.eventStore, 4);
    const v1 = await start(parcelProjector({ name, version: 1 }));
    await v1.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    const before = await readParcels(store.database.kysely, name);
    await v1.close();

    const v2 = await start(parcelProjector({ name, version: 2 }));
    // Before the rebuild finishes the v1 tables keep serving.
    expect((await readParcels(store.database.kysely, name)).length).toBe(before.length);
    await v2.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    expect(await readParcels(store.database.kysely, name)).toEqual(before);
    expect(await countDuplicateApplications(store.database.kysely, name)).toBe(0);
    const checkpoint = await readCheckpoint(store.database.kysely, name);
    expect(checkpoint).toMatchObject({ version: 2, position });
  });
});

async function countHandledEvents(store: TestStore, through: Position): Promise<number> {
  const all = await readAllThrough(store.eventStore, through);
  return all.filter((e) => e.type.startsWith('Parcel')).length;
}
