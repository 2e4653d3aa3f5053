import { sql } from 'kysely';
import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import { createTestDatabase } from '../test-database';
import { openForSuite, type ContractAdapter, type OpenedStore } from './contract-adapters';
import { newEvents, streamName, untilVisible } from './contract-fixtures';

/** Part of the event-store contract (index.ts): run for each adapter. */
export function readAllContract(adapters: readonly ContractAdapter[]): void {
  describe.each(adapters)('event store contract: global order and read all ($name)', (adapter) => {
    let opened: OpenedStore;
    let store: EventStore;

    openForSuite(adapter, (open) => { opened = open; store = open.store; });

    /** Everything after `after`, in pages of `pageSize`. */
    async function readAllPaged(after: string | undefined, pageSize: number): Promise<RecordedEvent[]> {
      const all: RecordedEvent[] = [];
      let cursor = after;
      for (;;) {
        const page = await store.readAll({ after: cursor, maxCount: pageSize });
        all.push(...page);
        if (page.length < pageSize) return all;
        cursor = page[page.length - 1].position;
      }
    }

    it('reads everything appended, in append order, with string-ordered unique positions', async () => {
      const start = await store.headPosition();
      const streams = [streamName(), streamName(), streamName()];
      const appended: string[] = [];
      let last = '';
      for (let round = 0; round < 4; round += 1) {
        for (const [index, stream] of streams.entries()) {
          const events = newEvents(index + 1);
          last = (await store.append(stream, events, round === 0 ? 'no_stream' : 'any')).position;
          appended.push(...events.map((event) => event.id));
        }
      }
      await untilVisible(store, last);
      const read = (await readAllPaged(start, 1000)).filter((event) => streams.includes(event.streamId));
      expect(read.map((event) => event.id)).toEqual(appended);
      const positions = read.map((event) => event.position);
      expect([...positions].sort()).toEqual(positions);
      expect(new Set(positions).size).toBe(positions.length);
      for (const stream of streams) {
        expect(read.filter((event) => event.streamId === stream).map((event) => event.revision)).toEqual(
          [...Array(((streams.indexOf(stream) + 1) * 4)).keys()],
        );
      }
    });

    it('reads strictly after a position, and pages give the same sequence as one read', async () => {
      const start = await store.headPosition();
      const stream = streamName();
      const events = newEvents(7);
      await store.append(stream, events.slice(0, 4), 'no_stream');
      await untilVisible(store, (await store.append(stream, events.slice(4), 3)).position);
      const ours = (list: RecordedEvent[]) => list.filter((event) => event.streamId === stream).map((event) => event.id);
      const whole = await readAllPaged(start, 1000);
      expect(ours(whole)).toEqual(events.map((event) => event.id));
      expect(ours(await readAllPaged(start, 2))).toEqual(ours(whole));
      const third = whole.find((event) => event.id === events[2].id)!;
      expect(ours(await readAllPaged(third.position, 1000))).toEqual(events.slice(3).map((event) => event.id));
      expect(await store.readAll({ after: third.position, maxCount: 0 })).toEqual([]);
    });

    it('reads from the very start when no position is given', async () => {
      const stream = streamName();
      const [event] = newEvents(1);
      await untilVisible(store, (await store.append(stream, [event], 'no_stream')).position);
      const all = await readAllPaged(undefined, 500);
      expect(all.map((recorded) => recorded.id)).toContain(event.id);
      expect(all[0].position <= all[all.length - 1].position).toBe(true);
    });

    it('reports the head position: the position of the last visible event', async () => {
      const stream = streamName();
      const result = await store.append(stream, newEvents(3), 'no_stream');
      await untilVisible(store, result.position);
      const head = await store.headPosition();
      expect(head).toBe(result.position);
      expect(await store.readAll({ after: head })).toEqual([]);
      const appended = await store.append(stream, newEvents(1), 'exists');
      expect(appended.position > head!).toBe(true);
      await untilVisible(store, appended.position);
      expect(await store.headPosition()).toBe(appended.position);
    });

    if (adapter.name === 'postgres') {
      const heldBack = () => (store as unknown as { hasHeldBackEvents(): Promise<boolean> }).hasHeldBackEvents();

      it('holds readers back behind a running write transaction of its own database, not of another', async () => {
        const other = await createTestDatabase();
        try {
          await other.database.kysely.transaction().execute(async (foreign) => {
            await sql`SELECT pg_current_xact_id()`.execute(foreign);
            const appended = await store.append(streamName(), newEvents(1), 'no_stream');
            await untilVisible(store, appended.position, 5_000);
          });
          const before = await store.headPosition();
          let held = '';
          await opened.database!.kysely.transaction().execute(async (local) => {
            await sql`SELECT pg_current_xact_id()`.execute(local);
            held = (await store.append(streamName(), newEvents(1), 'no_stream')).position;
            expect(await store.headPosition()).toBe(before);
            expect(await store.readAll({ after: before })).toEqual([]);
            expect(await heldBack()).toBe(true);
          });
          await untilVisible(store, held);
          expect((await store.readAll({ after: before })).map((event) => event.position)).toEqual([held]);
          expect(await heldBack()).toBe(false);
        } finally {
          await other.drop();
        }
      });
    }

    it('gives the same position for an event in readStream, readAll and the append result', async () => {
      const start = await store.headPosition();
      const stream = streamName();
      const result = await store.append(stream, newEvents(2), 'no_stream');
      await untilVisible(store, result.position);
      const [viaStream] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
      const viaAll = (await readAllPaged(start, 1000)).filter((event) => event.streamId === stream).pop()!;
      expect(viaStream.position).toBe(result.position);
      expect(viaAll.position).toBe(result.position);
    });
  });
}
