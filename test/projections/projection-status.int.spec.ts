import { migrateReadModels, projectionStatus, readCheckpoint, startWorker } from '@shipledger/projections';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { parcelProjector, readParcels } from './support/parcel-projector';
import { quietLogger } from './support/quiet-logger';
import { DATABASE_KINDS } from '../../libs/testing/src/test-database';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

describe.each(DATABASE_KINDS)('projection status on %s', (kind) => {
  let store: TestStore;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.close();
  });

  it("reports each follower's position, lag (capped), pending version change and parked events", async () => {
    const { position } = await appendParcels(store.eventStore, 4);
    const current = parcelProjector();
    const poisoned = { name: `poisoned-${current.name}`, handles: ['ParcelShipped'], handle: async () => Promise.reject(new Error('no')) };
    const worker = await startWorker({
      database: store.database,
      eventStore: store.eventStore,
      logger: quietLogger,
      projectors: [current],
      reactors: [poisoned],
      reactorMaxAttempts: 1,
    });
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    const running = await projectionStatus({ ...store, projectors: [current], reactors: [] });
    expect(running.followers[0]?.runBy).toMatch(new RegExp(`/${process.pid}/`));
    await worker.close();
    const later = await appendParcels(store.eventStore, 1);
    await readAllThrough(store.eventStore, later.position);

    const neverStarted = parcelProjector();
    const report = await projectionStatus({
      database: store.database,
      eventStore: store.eventStore,
      projectors: [current, neverStarted, parcelProjector({ name: current.name, version: 2 })],
      reactors: [poisoned],
      lagLimit: 10,
    });
    expect(report.head).toBe(later.position);
    const [live, fresh, bumped, reactor] = report.followers;
    expect(live).toMatchObject({ kind: 'projector', name: current.name, version: 1, codeVersion: 1, lag: 5, lagCapped: false });
    expect(fresh).toMatchObject({ name: neverStarted.name, version: undefined, position: undefined, lag: 10, lagCapped: true });
    expect(bumped).toMatchObject({ version: 1, codeVersion: 2 });
    expect(reactor).toMatchObject({ kind: 'reactor', lag: 5, parked: 4, runBy: undefined });
  });

  it('migrateReadModels creates the live tables before any worker ran', async () => {
    const projector = parcelProjector();
    await migrateReadModels(store.database.kysely, [projector]);
    expect(await readParcels(store.database.kysely, projector.name)).toEqual([]);
    expect(await readCheckpoint(store.database.kysely, projector.name)).toMatchObject({ version: 1, position: undefined });
  });
});
