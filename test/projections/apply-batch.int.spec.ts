import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@shipledger/event-store';
import { rebuildProjector, startWorker, type Projector } from '@shipledger/projections';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { parcelProjector, readParcels, type ParcelTables } from './support/parcel-projector';
import { quietLogger } from './support/quiet-logger';
import { DATABASE_KINDS } from '../../libs/testing/src/test-database';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

/** The parcel projector with an applyBatch that records each batch it gets, then applies it event by event. */
function batchedParcelProjector(): Projector & { batches: RecordedEvent[][]; singleApplies: number } {
  const inner = parcelProjector();
  const projector = {
    name: inner.name,
    version: inner.version,
    handles: inner.handles,
    migrations: inner.migrations,
    batches: [] as RecordedEvent[][],
    singleApplies: 0,
    async apply(db: Kysely<ParcelTables>, event: RecordedEvent) {
      projector.singleApplies++;
      await inner.apply(db, event);
    },
    async applyBatch(db: Kysely<ParcelTables>, events: readonly RecordedEvent[]) {
      projector.batches.push([...events]);
      for (const event of events) await inner.apply(db, event);
    },
  };
  return projector;
}

describe.each(DATABASE_KINDS)('a projector with applyBatch on %s', (kind) => {
  let store: TestStore;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.close();
  });

  /** Every batch non-empty and within the batch size; together, each handled event once, in global order. */
  const expectBatchesCover = (projector: ReturnType<typeof batchedParcelProjector>, all: RecordedEvent[], batchSize: number) => {
    const handled = all.filter((event) => projector.handles.includes(event.type));
    expect(projector.batches.length).toBeGreaterThan(1);
    for (const batch of projector.batches) {
      expect(batch.length).toBeGreaterThan(0);
      expect(batch.length).toBeLessThanOrEqual(batchSize);
    }
    expect(projector.batches.flat().map((event) => event.id)).toEqual(handled.map((event) => event.id));
    expect(projector.singleApplies).toBe(0);
  };

  it('gets the handled events of each live batch in one call, and the rows come out the same', async () => {
    const { ids, position } = await appendParcels(store.eventStore, 8);
    const projector = batchedParcelProjector();
    const worker = await startWorker({
      database: store.database, eventStore: store.eventStore, logger: quietLogger,
      projectors: [projector], reactors: [], batchSize: 7,
    });
    try {
      await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    } finally {
      await worker.close();
    }
    const rows = await readParcels(store.database.kysely, projector.name);
    expect(rows.filter((row) => ids.includes(row.id))).toEqual(
      ids.map((id, i) => ({ id, status: 'shipped', weight: (i + 1) * 10, revision: 3 })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    expectBatchesCover(projector, await readAllThrough(store.eventStore, position), 7);
  });

  it('gets the handled events of each rebuild batch in one call', async () => {
    const { position } = await appendParcels(store.eventStore, 5);
    const projector = batchedParcelProjector();
    await rebuildProjector({
      database: store.database, eventStore: store.eventStore, projector, batchSize: 9, countTotal: false,
    });
    expectBatchesCover(projector, await readAllThrough(store.eventStore, position), 9);
    expect(await readParcels(store.database.kysely, projector.name)).toHaveLength(13);
  });
});
