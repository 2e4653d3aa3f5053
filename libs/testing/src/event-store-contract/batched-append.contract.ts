import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
} from '@shipledger/event-store';
import { openForSuite, type ContractAdapter } from './contract-adapters';
import { newEvent, newEvents, streamName } from './contract-fixtures';

interface Append {
  stream: string;
  events: EventData[];
  expected: ExpectedRevision;
}

/** The transaction part of a SQL position (the part before '-'): appends that shared a commit share it. */
const transactionOf = (position: string) => position.split('-')[0];

/**
 * Appends started together (one tick, as concurrent requests arrive) — the SQL adapters send them as
 * one statement and one commit. Every caller must still get exactly the answer a lone append gets.
 */
/** Part of the event-store contract (index.ts): run for each adapter. */
export function batchedAppendContract(adapters: readonly ContractAdapter[]): void {
  describe.each(adapters)('event store contract: concurrent appends started together ($name)', (adapter) => {
    let store: EventStore;
    const grouped = adapter.name !== 'esdb';

    openForSuite(adapter, (open) => { store = open.store; });

    async function streamAt(lastRevision: number): Promise<string> {
      const stream = streamName('batched');
      if (lastRevision >= 0) await store.append(stream, newEvents(lastRevision + 1), 'no_stream');
      return stream;
    }

    /** An event carrying exactly `data` (newEvent adds a marker to its data). */
    const eventOf = (data: unknown): EventData => ({ ...newEvent(), data });

    /** The commits that fulfilled appends landed in (a SQL position's transaction part). */
    const commitsOf = (outcomes: PromiseSettledResult<AppendResult>[]) =>
      new Set(outcomes.map((outcome) => transactionOf((outcome as PromiseFulfilledResult<AppendResult>).value.position)));

    const settle = (appends: Append[]) =>
      Promise.allSettled(appends.map((append) => store.append(append.stream, append.events, append.expected)));

    async function expectLanded(append: Append, result: AppendResult, firstRevision: number): Promise<void> {
      const read = await store.readStream(append.stream);
      const ours = read.filter((event) => append.events.some((event2) => event2.id === event.id));
      expect(ours.map((event) => [event.id, event.revision])).toEqual(append.events.map((event, i) => [event.id, firstRevision + i]));
      expect(result.nextRevision).toBe(firstRevision + append.events.length - 1);
      expect(read[read.length - 1].revision).toBe(result.nextRevision);
      expect(result.position).toBe(read[read.length - 1].position);
    }

    it('lands many appends to distinct streams with their own revisions, positions and results', async () => {
      const existing = await Promise.all(Array.from({ length: 20 }, (_, i) => streamAt(i % 3)));
      const appends: Append[] = [
        ...Array.from({ length: 20 }, (_, i) => ({ stream: streamName('batched'), events: newEvents(1 + (i % 3)), expected: 'no_stream' as const })),
        ...existing.map((stream, i) => ({ stream, events: newEvents(1 + (i % 2)), expected: i % 3 })),
      ];
      const results = await Promise.all(appends.map((append) => store.append(append.stream, append.events, append.expected)));

      for (const [i, append] of appends.entries()) {
        await expectLanded(append, results[i], append.expected === 'no_stream' ? 0 : (append.expected as number) + 1);
      }
      expect(new Set(results.map((result) => result.position)).size).toBe(appends.length);
      if (grouped) expect(new Set(results.map((result) => transactionOf(result.position))).size).toBeLessThan(appends.length / 2);
    });

    it('keeps every payload as it was sent, whatever its characters, alone or in a group', async () => {
      const odd = {
        quotes: 'a "b" \\c \\"d\\"', unicode: 'é 漢字 😀 \u2028', control: '\u0001\n\t\u001f', empty: '',
        nested: [1, 2.5, -0.125, 1e21, { x: null, y: [true, false, []] }, {}], key_with_quote: { 'a"b\\': 'v' },
      };
      // JSON null, a string, an array and a number are payloads too; the SQL adapters keep them as well.
      const kinds: unknown[] = grouped ? [odd, null, 'just text "quoted"', [odd, null], 0] : [odd];
      const appends: Append[] = kinds.flatMap((data) => [
        { stream: streamName('batched'), events: [eventOf(data)], expected: 'no_stream' as const },
        { stream: streamName('batched'), events: [eventOf(data), eventOf(data)], expected: 'no_stream' as const },
      ]);
      const together = await settle(appends);
      const alone = await Promise.allSettled(kinds.map((data) => store.append(streamName('batched'), [eventOf(data)], 'no_stream')));

      expect([...together, ...alone].filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      // One commit: the group's statement took them all, none fell back to the lone path.
      if (grouped) expect(commitsOf(together).size).toBe(1);
      for (const append of appends) {
        const read = await store.readStream(append.stream);
        expect(read.map((event) => [event.data, event.metadata])).toEqual(append.events.map((event) => [event.data, event.metadata]));
      }
    });

    // The SQL adapters' own check (EventStoreDB's client refuses such an event in its own way).
    if (grouped) {
      it('refuses an event whose data or metadata is undefined, alone or started together, and writes nothing', async () => {
        const missing: EventData[] = [{ ...newEvent(), data: undefined }, { ...newEvent(), metadata: undefined as never }];
        const appends: Append[] = missing.flatMap((event) => [
          { stream: streamName('batched'), events: [event], expected: 'no_stream' as const },
          { stream: streamName('batched'), events: [newEvent(), { ...event, id: newEvent().id }], expected: 'no_stream' as const },
        ]);
        const outcomes = await settle([...appends, { stream: streamName('batched'), events: newEvents(1), expected: 'no_stream' }]);

        expect(outcomes.slice(0, appends.length).map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).name))
          .toEqual(appends.map(() => 'RangeError'));
        expect(outcomes[appends.length].status).toBe('fulfilled');
        for (const append of appends) expect(await store.readStream(append.stream)).toEqual([]);
      });
    }

    it('lands payloads with a NUL or an unpaired surrogate unchanged, alone or started together', async () => {
      const kinds = [{ nul: 'a\u0000b' }, { high: 'x\ud800y' }, { low: '\udc00' }];
      const appends: Append[] = kinds.map((data) => ({ stream: streamName('batched'), events: [eventOf(data), eventOf({ plain: 1 })], expected: 'no_stream' }));
      const outcomes = await settle(appends);

      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      for (const append of appends) {
        expect((await store.readStream(append.stream)).map((event) => event.data)).toEqual(append.events.map((event) => event.data));
      }
    });

    it('gives a conflicting append in a group the lone answer while the others land', async () => {
      const taken = await streamAt(1);
      const moved = await streamAt(2);
      const retriedNew = streamName('batched');
      const retriedNewEvents = newEvents(2);
      const firstNew = await store.append(retriedNew, retriedNewEvents, 'no_stream');
      const retriedExact = await streamAt(0);
      const retriedExactEvents = newEvents(2);
      const firstExact = await store.append(retriedExact, retriedExactEvents, 0);
      const partlyRetried = await streamAt(0);
      const partlyEvents = newEvents(1);
      await store.append(partlyRetried, partlyEvents, 0);

      const good: Append[] = Array.from({ length: 6 }, () => ({ stream: streamName('batched'), events: newEvents(2), expected: 'no_stream' as const }));
      const conflicting: Append[] = [
        { stream: taken, events: newEvents(1), expected: 'no_stream' },
        { stream: moved, events: newEvents(1), expected: 1 },
        { stream: retriedNew, events: retriedNewEvents, expected: 'no_stream' },
        { stream: retriedExact, events: retriedExactEvents, expected: 0 },
        { stream: partlyRetried, events: [partlyEvents[0], newEvent()], expected: 0 },
      ];
      const [taken1, moved1, retriedNew1, retriedExact1, partly1, ...landed] = await settle([...conflicting, ...good]);

      expect(taken1).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError', streamId: taken, expected: 'no_stream', actual: 1 } });
      expect(moved1).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError', streamId: moved, expected: 1, actual: 2 } });
      expect(retriedNew1).toEqual({ status: 'fulfilled', value: firstNew });
      expect(retriedExact1).toEqual({ status: 'fulfilled', value: firstExact });
      expect(partly1).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError', actual: 1 } });
      for (const outcome of [taken1, moved1, partly1]) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(taken)).length).toBe(2);
      expect((await store.readStream(moved)).length).toBe(3);
      expect((await store.readStream(retriedNew)).length).toBe(2);
      expect((await store.readStream(retriedExact)).length).toBe(3);
      expect((await store.readStream(partlyRetried)).length).toBe(2);

      for (const [i, append] of good.entries()) {
        expect(landed[i].status).toBe('fulfilled');
        await expectLanded(append, (landed[i] as PromiseFulfilledResult<AppendResult>).value, 0);
      }
      if (grouped) expect(commitsOf(landed).size).toBe(1);
    });

    it('lands the others when one append of a group repeats an event id elsewhere in its stream, which answers as alone', async () => {
      const repeating = async (): Promise<Append> => {
        const stream = await streamAt(0);
        const [old] = await store.readStream(stream);
        return { stream, events: [newEvent(), { ...newEvent(), id: old.id }], expected: 0 };
      };
      const lone = await repeating();
      const [loneOutcome] = await settle([lone]);
      const repeat = await repeating();
      const good: Append[] = Array.from({ length: 5 }, () => ({ stream: streamName('batched'), events: newEvents(1), expected: 'no_stream' as const }));
      const [repeated, ...landed] = await settle([repeat, ...good]);

      const shape = (outcome: PromiseSettledResult<AppendResult>) =>
        outcome.status === 'fulfilled' ? { nextRevision: outcome.value.nextRevision } : { error: (outcome.reason as Error).constructor.name };
      expect(shape(repeated)).toEqual(shape(loneOutcome));
      expect((await store.readStream(repeat.stream)).length).toBe((await store.readStream(lone.stream)).length);
      for (const [i, append] of good.entries()) {
        expect(landed[i].status).toBe('fulfilled');
        await expectLanded(append, (landed[i] as PromiseFulfilledResult<AppendResult>).value, 0);
      }
    });

    it('lets exactly one of the appends racing for each stream and revision win', async () => {
      const streams = Array.from({ length: 5 }, () => streamName('batched'));
      const last = streams.map(() => -1);
      for (let round = 0; round < 4; round += 1) {
        const appends = streams.flatMap((stream, s) =>
          Array.from({ length: 4 }, () => ({ stream, events: newEvents(1 + (round % 2)), expected: last[s] < 0 ? ('no_stream' as const) : last[s] })),
        );
        const outcomes = await settle(appends);
        for (const [s, stream] of streams.entries()) {
          const mine = outcomes.filter((_, i) => appends[i].stream === stream);
          const won = mine.filter((outcome): outcome is PromiseFulfilledResult<AppendResult> => outcome.status === 'fulfilled');
          expect(won).toHaveLength(1);
          const next = last[s] + 1 + (round % 2);
          expect(won[0].value.nextRevision).toBe(next);
          for (const lost of mine.filter((outcome) => outcome.status === 'rejected')) {
            expect((lost as PromiseRejectedResult).reason).toMatchObject({ name: 'WrongExpectedRevisionError', actual: next });
          }
          last[s] = next;
        }
      }
      for (const [s, stream] of streams.entries()) {
        expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([...Array(last[s] + 1).keys()]);
      }
    });
  });
}
