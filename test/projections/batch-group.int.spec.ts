import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { Position } from '@shipledger/event-store';
import { listParkedEvents, prepareReadModel, readCheckpoint, startWorker, type Worker } from '@shipledger/projections';
import { applyLiveBatches } from '../../libs/projections/src/batch-group';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { countApplications, countDuplicateApplications, parcelProjector, readParcels } from './support/parcel-projector';
import { quietLogger } from './support/quiet-logger';
import { DATABASE_KINDS } from '../../libs/testing/src/test-database';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

/** Counts the statements that store projector checkpoints: one per batch transaction, single or shared. */
function checkpointSaves() {
  const counts = { single: 0, shared: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const text = JSON.stringify(node as RootOperationNode, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
      if (node.kind === 'InsertQueryNode' && text.includes('projection_checkpoints')) counts.single++;
      if (node.kind === 'RawNode' && /update .*projection_checkpoints/s.test(text)) counts.shared++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { counts, plugin };
}

describe.each(DATABASE_KINDS)('projectors at the same position share a batch transaction on %s', (kind) => {
  let store: TestStore;
  const workers: Worker[] = [];

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
  });
  afterAll(async () => {
    await store.close();
  });

  const handledThrough = async (position: Position) =>
    (await readAllThrough(store.eventStore, position)).filter((e) => e.type.startsWith('Parcel'));

  it('three caught-up projectors apply each batch in one transaction, each with its own rows and checkpoint', async () => {
    const projectors = [parcelProjector(), parcelProjector(), parcelProjector()];
    const { counts, plugin } = checkpointSaves();
    const database = { ...store.database, kysely: store.database.kysely.withPlugin(plugin) };
    const worker = await startWorker({ database, eventStore: store.eventStore, logger: quietLogger, projectors, reactors: [], batchSize: 7 });
    workers.push(worker);
    const start = await appendParcels(store.eventStore, 1);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position: start.position });

    counts.single = 0;
    counts.shared = 0;
    const rounds = 6;
    let position = start.position;
    for (let round = 0; round < rounds; round++) {
      ({ position } = await appendParcels(store.eventStore, 1));
      await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    }

    const handled = await handledThrough(position);
    for (const projector of projectors) {
      expect(await countApplications(store.database.kysely, projector.name)).toBe(handled.length);
      expect(await countDuplicateApplications(store.database.kysely, projector.name)).toBe(0);
      expect((await readParcels(store.database.kysely, projector.name))).toHaveLength(handled.length / 4);
      expect((await readCheckpoint(store.database.kysely, projector.name))?.position).toBe(position);
    }
    // A round is a batch with the parcel's events, then the noise event skipped and stored at the head:
    // two transactions for the three projectors (one per projector and batch would be six).
    expect(counts.shared).toBeGreaterThanOrEqual(rounds);
    expect(counts.single + counts.shared).toBeLessThanOrEqual(2 * rounds + 2);
  });

  it('a poison event of one projector fails the shared transaction; the others commit alone and it parks its event', async () => {
    const healthy = [parcelProjector(), parcelProjector()];
    let armedAfter: Position | undefined;
    const sick = parcelProjector({ poison: (e) => armedAfter !== undefined && e.type === 'ParcelRegistered' && e.position > armedAfter });
    const worker = await startWorker({
      database: store.database, eventStore: store.eventStore, logger: quietLogger, projectors: [...healthy, sick], reactors: [],
      batchSize: 50, projectorMaxAttempts: 2, retryBaseMs: 5, retryMaxMs: 20,
    });
    workers.push(worker);
    const before = await appendParcels(store.eventStore, 1);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position: before.position });

    // When a batch arrives whose registration only the sick projector cannot apply
    armedAfter = before.position;
    const poisoned = await appendParcels(store.eventStore, 1);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position: poisoned.position });
    const after = await appendParcels(store.eventStore, 1);
    armedAfter = undefined;
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position: after.position });

    // Then the healthy ones have every event, the sick one all but the parked one, each exactly once
    const handled = await handledThrough(after.position);
    const poison = handled.find((e) => e.streamId === `parcel-${poisoned.ids[0]}` && e.type === 'ParcelRegistered')!;
    for (const projector of healthy) {
      expect(await countApplications(store.database.kysely, projector.name)).toBe(handled.length);
      expect(await listParkedEvents(store.database.kysely, projector.name)).toEqual([]);
    }
    expect(await countApplications(store.database.kysely, sick.name)).toBe(handled.length - 1);
    expect((await listParkedEvents(store.database.kysely, sick.name)).map((p) => [p.eventId, p.attempts])).toEqual([[poison.id, 2]]);
    for (const projector of [...healthy, sick]) {
      expect(await countDuplicateApplications(store.database.kysely, projector.name)).toBe(0);
      expect((await readCheckpoint(store.database.kysely, projector.name))?.position).toBe(after.position);
    }
  });

  it('a member whose checkpoint moved rolls the whole shared transaction back', async () => {
    const projectors = [parcelProjector(), parcelProjector()];
    for (const projector of projectors) await prepareReadModel(store.database.kysely, projector);
    const { position } = await appendParcels(store.eventStore, 2);
    const events = await readAllThrough(store.eventStore, position);
    const [a, b] = projectors as [ReturnType<typeof parcelProjector>, ReturnType<typeof parcelProjector>];
    const atStart = { version: 1, position: undefined };
    // b's runner believes it is further than its stored checkpoint: another runner's view, say.
    const stale = { version: 1, position: events[0]!.position };

    await expect(applyLiveBatches(store.database.kysely, [
      { projector: a, expected: atStart, events, through: position },
      { projector: b, expected: stale, events, through: position },
    ])).rejects.toThrow(`checkpoint of ${b.name} moved`);
    for (const projector of projectors) {
      expect(await countApplications(store.database.kysely, projector.name)).toBe(0);
      expect((await readCheckpoint(store.database.kysely, projector.name))?.position).toBeUndefined();
    }

    await applyLiveBatches(store.database.kysely, [
      { projector: b, expected: atStart, events, through: position },
      { projector: a, expected: atStart, events, through: position },
    ]);
    const handled = events.filter((e) => e.type.startsWith('Parcel')).length;
    for (const projector of projectors) {
      expect(await countApplications(store.database.kysely, projector.name)).toBe(handled);
      expect((await readCheckpoint(store.database.kysely, projector.name))?.position).toBe(position);
    }
  });
});
