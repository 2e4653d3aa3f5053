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

  it('serves a follower just behind the head the events the doorbell delivered, without reading them again', async () => {
    // Given a doorbell subscribed at the head
    const start = await appendParcels(store.eventStore, 1);
    await readAllThrough(store.eventStore, start.position);
    const doorbell = new Doorbell(store.eventStore, quietLogger, 5_000);
    await doorbell.open();
    const reader = new SharedReader(counted, doorbell);
    try {
      // And two parcels appended (10 events), the bell rung for them once they were delivered
      const rung = doorbell.current;
      const appended = await appendParcels(store.eventStore, 2);
      const inStore = (await readAllThrough(store.eventStore, appended.position)).filter((e) => e.position > start.position);
      const delivered = () => doorbell.recentAfter(start.position, 100)?.at(-1)?.position === appended.position;
      for (let seen = rung; !delivered() || doorbell.current === rung; seen = doorbell.current) {
        await doorbell.wait(seen, new AbortController().signal);
      }
      reads.length = 0;

      // When followers at the position before them read, one in batches of 4
      const all = await reader.read(start.position, 100);
      const firstFour = await reader.read(start.position, 4);
      const nextFour = await reader.read(firstFour[3]!.position, 4);
      // Then they got the store's events in order, and the store was not read
      expect(all.map((e) => e.id)).toEqual(inStore.map((e) => e.id));
      expect([...firstFour, ...nextFour].map((e) => e.id)).toEqual(inStore.slice(0, 8).map((e) => e.id));
      expect(reads).toHaveLength(0);
      // And a follower at the newest event, or before the kept ones, reads the store
      await reader.read(appended.position, 10);
      await reader.read(undefined, 10);
      expect(reads).toHaveLength(2);
    } finally {
      await doorbell.close();
    }
  });
});
