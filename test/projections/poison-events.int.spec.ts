import type { Position, RecordedEvent } from '@shipledger/event-store';
import {
  listParkedEvents,
  projectionStatus,
  readCheckpoint,
  rebuildProjector,
  retryParkedProjectorEvents,
  skipParkedEvent,
  startWorker,
  type Worker,
} from '@shipledger/projections';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { countApplications, parcelProjector, readParcels } from './support/parcel-projector';
import { quietLogger } from './support/quiet-logger';
import { DATABASE_KINDS } from '../../libs/testing/src/test-database';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

describe.each(DATABASE_KINDS)('a projector facing a poison event on %s', (kind) => {
  let store: TestStore;
  const workers: Worker[] = [];
  const start = async (projector: ReturnType<typeof parcelProjector>) => {
    const worker = await startWorker({
      database: store.database,
      eventStore: store.eventStore,
      logger: quietLogger,
      projectors: [projector],
      reactors: [],
      batchSize: 50,
      projectorMaxAttempts: 3,
      retryBaseMs: 5,
      retryMaxMs: 20,
    });
    workers.push(worker);
    return worker;
  };
  /** The ParcelRegistered event of each parcel (revision 0 of its stream). */
  const registrations = async (ids: string[], through: Position) => {
    const all = await readAllThrough(store.eventStore, through);
    return ids.map((id) => all.find((e) => e.streamId === `parcel-${id}` && e.type === 'ParcelRegistered')!);
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

  it('parks the one event it cannot apply, applies the rest of its batch and what comes after, and retries it once fixed', async () => {
    // Given a store whose third parcel's first event the projector cannot apply
    const { ids, position } = await appendParcels(store.eventStore, 6);
    const [, , poison] = await registrations(ids, position);
    const isPoison = (e: RecordedEvent) => e.id === poison!.id;
    const projector = parcelProjector({ poison: isPoison });

    // When the projector runs, and more events arrive after it parked the poison one
    const worker = await start(projector);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    const later = await appendParcels(store.eventStore, 2);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position: later.position });

    // Then every other event is applied, the poison one is parked with its tries, and the status counts it
    const rows = await readParcels(store.database.kysely, projector.name);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids, ...later.ids].filter((id) => id !== ids[2]).sort());
    const handled = (await readAllThrough(store.eventStore, later.position)).filter((e) => e.type.startsWith('Parcel'));
    expect(await countApplications(store.database.kysely, projector.name)).toBe(handled.length - 1);
    const parked = await listParkedEvents(store.database.kysely, projector.name);
    expect(parked).toEqual([
      expect.objectContaining({
        kind: 'projector', follower: projector.name, eventId: poison!.id, eventType: 'ParcelRegistered',
        streamId: `parcel-${ids[2]}`, revision: 0, position: poison!.position, attempts: 3,
      }),
    ]);
    expect(parked[0]!.lastError).toContain(`poison event ${poison!.id}`);
    expect((await readCheckpoint(store.database.kysely, projector.name))?.position).toBe(later.position);
    const status = await projectionStatus({ database: store.database, eventStore: store.eventStore, projectors: [projector], reactors: [] });
    expect(status.followers).toEqual([expect.objectContaining({ name: projector.name, parked: 1, lag: 0 })]);

    // When it is retried while still failing, the row stays with one more try
    await worker.close();
    const stillBroken = await retryParkedProjectorEvents({ database: store.database, eventStore: store.eventStore, projector });
    expect(stillBroken).toEqual([expect.objectContaining({ eventId: poison!.id, outcome: 'failed' })]);
    expect(await listParkedEvents(store.database.kysely, projector.name)).toEqual([expect.objectContaining({ attempts: 4 })]);

    // When it is retried with the fix, the event and the rest of its stream are applied, and it is unparked
    const fixed = parcelProjector({ name: projector.name });
    const outcomes = await retryParkedProjectorEvents({ database: store.database, eventStore: store.eventStore, projector: fixed });
    expect(outcomes).toEqual([{ eventId: poison!.id, outcome: 'handled' }]);
    expect(await listParkedEvents(store.database.kysely, projector.name)).toEqual([]);
    const repaired = (await readParcels(store.database.kysely, projector.name)).find((r) => r.id === ids[2]);
    expect(repaired).toEqual({ id: ids[2], status: 'shipped', weight: 30, revision: 3 });
  });

  it('skip drops a parked event for good', async () => {
    const { ids, position } = await appendParcels(store.eventStore, 2);
    const [poison] = await registrations(ids, position);
    const projector = parcelProjector({ poison: (e) => e.id === poison!.id });
    const worker = await start(projector);
    await worker.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    expect(await listParkedEvents(store.database.kysely, projector.name)).toHaveLength(1);

    expect(await skipParkedEvent(store.database, { kind: 'projector', name: projector.name }, poison!.id)).toBe(true);
    expect(await listParkedEvents(store.database.kysely, projector.name)).toEqual([]);
    expect(await skipParkedEvent(store.database, { kind: 'projector', name: projector.name }, poison!.id)).toBe(false);
    expect(await retryParkedProjectorEvents({ database: store.database, eventStore: store.eventStore, projector })).toEqual([]);
  });

  it('a rebuild parks the event it cannot apply instead of aborting, replacing the parked list', async () => {
    const name = `parcels-rb-${Date.now().toString(36)}`;
    const { ids, position } = await appendParcels(store.eventStore, 5);
    const [first, , third] = await registrations(ids, position);
    // The live model parked the first parcel's registration ...
    const v1 = await start(parcelProjector({ name, poison: (e) => e.id === first!.id }));
    await v1.waitUntilCaughtUp({ timeoutMs: 20_000, position });
    await v1.close();
    expect((await listParkedEvents(store.database.kysely, name)).map((p) => p.eventId)).toEqual([first!.id]);

    // ... and the rebuilt one cannot apply the third's instead
    const v2 = parcelProjector({ name, version: 2, poison: (e) => e.id === third!.id });
    const result = await rebuildProjector({
      database: store.database, eventStore: store.eventStore, projector: v2, batchSize: 40, maxAttempts: 2, retryBaseMs: 1,
    });

    expect(result.parked).toBe(1);
    expect(await readCheckpoint(store.database.kysely, name)).toMatchObject({ version: 2, position: result.position });
    expect((await listParkedEvents(store.database.kysely, name)).map((p) => [p.eventId, p.attempts])).toEqual([[third!.id, 2]]);
    const rows = await readParcels(store.database.kysely, name);
    expect(rows.some((r) => r.id === ids[0])).toBe(true);
    expect(rows.some((r) => r.id === ids[2])).toBe(false);
  });
});
