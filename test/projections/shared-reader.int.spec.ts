import type { EventStore, ReadAllOptions } from '@shipledger/event-store';
import { Doorbell } from '../../libs/projections/src/doorbell';
import { SharedReader } from '../../libs/projections/src/shared-reader';
import { appendParcels, readAllThrough } from './support/parcel-events';
import { quietLogger } from './support/quiet-logger';
import { openTestStore, type TestStore } from '../../libs/testing/src/test-store';

describe('shared reads of followers at the same position (PGlite)', () => {
  let store: TestStore;
  const reads: ReadAllOptions[] = [];
  let counted: EventStore;

  beforeAll(async () => {
    store = await openTestStore('pglite');
    counted = Object.create(store.eventStore, {
      readAll: {
        value: (options: ReadAllOptions) => {
          reads.push(options);
          return store.eventStore.readAll(options);
        },
      },
    });
  });
  afterAll(async () => {
    await store.close();
  });

  it('serves one read to followers at the same position until the next append rings', async () => {
    const { position } = await appendParcels(store.eventStore, 2);
    await readAllThrough(store.eventStore, position);
    const doorbell = new Doorbell(counted, quietLogger, 1000);
    const reader = new SharedReader(counted, doorbell);
    reads.length = 0;

    const [a, b, c] = await Promise.all([reader.read(undefined, 4), reader.read(undefined, 4), reader.read(undefined, 4)]);
    expect(reads).toHaveLength(1);
    expect(a).toHaveLength(4);
    expect(b).toBe(a);
    expect(c).toBe(a);

    await reader.read(a[3]!.position, 4);
    expect(reads).toHaveLength(2);

    doorbell.ring();
    await reader.read(undefined, 4);
    expect(reads).toHaveLength(3);
  });

  it('never shares an empty read, so a follower polling at the head reads again', async () => {
    const { position } = await appendParcels(store.eventStore, 1);
    await readAllThrough(store.eventStore, position);
    const doorbell = new Doorbell(counted, quietLogger, 1000);
    const reader = new SharedReader(counted, doorbell);
    reads.length = 0;
    expect(await reader.read(position, 10)).toEqual([]);
    const later = await appendParcels(store.eventStore, 1);
    await readAllThrough(store.eventStore, later.position);
    // No ring (the subscription missed it): the fallback poll's read must still see the new events.
    expect((await reader.read(position, 10)).map((e) => e.position)).toContain(later.position);
    expect(reads).toHaveLength(2);
  });
});
