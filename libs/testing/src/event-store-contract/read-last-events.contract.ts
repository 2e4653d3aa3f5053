import { MAX_READ_LAST_EVENTS, type EventStore } from '@shipledger/event-store';
import { openForSuite, type ContractAdapter } from './contract-adapters';
import { newEvents, streamName } from './contract-fixtures';

/** Part of the event-store contract (index.ts): run for each adapter. */
export function readLastEventsContract(adapters: readonly ContractAdapter[]): void {
  describe.each(adapters)('event store contract: last events of many streams ($name)', (adapter) => {
    let store: EventStore;

    openForSuite(adapter, (open) => { store = open.store; });

    const lastOf = async (stream: string) => (await store.readStream(stream, { direction: 'backwards', maxCount: 1 }))[0];

    it('answers nothing for no ids and leaves unknown streams out', async () => {
      expect(await store.readLastEvents([])).toEqual(new Map());
      const known = streamName('last');
      await store.append(known, newEvents(1), 'no_stream');
      const read = await store.readLastEvents([streamName('last'), known, streamName('last')]);
      expect([...read.keys()]).toEqual([known]);
    });

    it('answers the last event after several appends, as a backward read of one answers it', async () => {
      const stream = streamName('last');
      await store.append(stream, newEvents(3), 'no_stream');
      expect((await store.readLastEvents([stream])).get(stream)?.revision).toBe(2);
      const later = newEvents(2);
      await store.append(stream, later, 2);
      const last = (await store.readLastEvents([stream])).get(stream);
      expect(last).toEqual(await lastOf(stream));
      expect(last).toMatchObject({ id: later[1].id, type: later[1].type, data: later[1].data, metadata: later[1].metadata, streamId: stream, revision: 4 });
    });

    it('reads many streams at once, each its own last event; an id named twice is answered once', async () => {
      const streams = Array.from({ length: 120 }, () => streamName('last'));
      const appended = await Promise.all(streams.map(async (stream, index) => {
        const events = newEvents(1 + (index % 4));
        await store.append(stream, events, 'no_stream');
        return events[events.length - 1].id;
      }));
      const read = await store.readLastEvents([...streams, streams[0], ...streams.slice(0, 5).map(() => streamName('last'))]);
      expect(read.size).toBe(streams.length);
      expect(streams.map((stream) => [read.get(stream)?.id, read.get(stream)?.revision])).toEqual(
        streams.map((_, index) => [appended[index], index % 4]),
      );
      for (const stream of streams.slice(0, 5)) expect(read.get(stream)).toEqual(await lastOf(stream));
    });

    it(`takes at most ${MAX_READ_LAST_EVENTS} ids and refuses more with a RangeError`, async () => {
      const stream = streamName('last');
      await store.append(stream, newEvents(1), 'no_stream');
      const most = [stream, ...Array.from({ length: MAX_READ_LAST_EVENTS - 1 }, () => streamName('last'))];
      expect([...(await store.readLastEvents(most)).keys()]).toEqual([stream]);
      await expect(store.readLastEvents([...most, streamName('last')])).rejects.toBeInstanceOf(RangeError);
    });
  });
}
