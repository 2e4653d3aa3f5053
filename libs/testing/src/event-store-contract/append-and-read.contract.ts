import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from '@shipledger/event-store';
import { openForSuite, type ContractAdapter } from './contract-adapters';
import { newEvent, newEvents, streamName } from './contract-fixtures';

type Outcome = { ok: true } | { actual: number };

/** Stream state (its last revision, -1 = missing) × expected revision → outcome. */
const EXPECTED_REVISION_MATRIX: Array<[number, ExpectedRevision, Outcome]> = [
  [-1, 'no_stream', { ok: true }],
  [-1, 'exists', { actual: -1 }],
  [-1, 'any', { ok: true }],
  [-1, 0, { actual: -1 }],
  [-1, 2, { actual: -1 }],
  [0, 'no_stream', { actual: 0 }],
  [0, 'exists', { ok: true }],
  [0, 'any', { ok: true }],
  [0, 0, { ok: true }],
  [0, 2, { actual: 0 }],
  [2, 'no_stream', { actual: 2 }],
  [2, 'exists', { ok: true }],
  [2, 'any', { ok: true }],
  [2, 0, { actual: 2 }],
  [2, 2, { ok: true }],
  [2, 5, { actual: 2 }],
];

/** Part of the event-store contract (index.ts): run for each adapter. */
export function appendAndReadContract(adapters: readonly ContractAdapter[]): void {
  describe.each(adapters)('event store contract: append and read streams ($name)', (adapter) => {
    let store: EventStore;

    openForSuite(adapter, (open) => { store = open.store; });

    async function streamAt(lastRevision: number): Promise<string> {
      const stream = streamName();
      if (lastRevision >= 0) await store.append(stream, newEvents(lastRevision + 1), 'no_stream');
      return stream;
    }

    it.each(EXPECTED_REVISION_MATRIX)('stream at %p, expected %p', async (lastRevision, expected, outcome) => {
      const stream = await streamAt(lastRevision);
      const events = newEvents(2);
      const attempt = store.append(stream, events, expected);
      if ('ok' in outcome) {
        const result = await attempt;
        expect(result.nextRevision).toBe(lastRevision + 2);
        const read = await store.readStream(stream);
        expect(read.slice(-2).map((event) => [event.id, event.revision])).toEqual([
          [events[0].id, lastRevision + 1],
          [events[1].id, lastRevision + 2],
        ]);
        expect(result.position).toBe(read[read.length - 1].position);
      } else {
        const error = await attempt.then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId: stream, expected, actual: outcome.actual });
        expect(await store.readStream(stream)).toHaveLength(lastRevision + 1);
      }
    });

    it('reads an unknown stream as empty, forwards and backwards', async () => {
      expect(await store.readStream(streamName())).toEqual([]);
      expect(await store.readStream(streamName(), { direction: 'backwards' })).toEqual([]);
    });

    it('returns what was appended: ids, types, data, metadata, revisions', async () => {
      const stream = streamName();
      const events = [newEvent('FirstHappened', { amount: 12.5, tags: ['a'] }), newEvent('SecondHappened')];
      await store.append(stream, events, 'no_stream');
      const read = await store.readStream(stream);
      expect(read.map(({ id, type, data, metadata, streamId, revision }) => ({ id, type, data, metadata, streamId, revision }))).toEqual(
        events.map((event, revision) => ({ ...event, streamId: stream, revision })),
      );
      for (const event of read) expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt);
    });

    it('reads forwards and backwards from a revision with a maximum count', async () => {
      const stream = streamName();
      const events = newEvents(6);
      await store.append(stream, events.slice(0, 3), 'no_stream');
      await store.append(stream, events.slice(3), 2);
      const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
        (await store.readStream(stream, options)).map((event) => event.revision);
      expect(await revisions({})).toEqual([0, 1, 2, 3, 4, 5]);
      expect(await revisions({ fromRevision: 2, maxCount: 3 })).toEqual([2, 3, 4]);
      expect(await revisions({ direction: 'backwards' })).toEqual([5, 4, 3, 2, 1, 0]);
      expect(await revisions({ direction: 'backwards', fromRevision: 3, maxCount: 2 })).toEqual([3, 2]);
      expect(await revisions({ direction: 'backwards', maxCount: 1 })).toEqual([5]);
      expect(await revisions({ fromRevision: 9 })).toEqual([]);
    });

    describe('idempotent re-append (same ids, same expected revision)', () => {
      it.each<[string, (last: number) => ExpectedRevision]>([
        ['no_stream', () => 'no_stream'],
        ['an exact revision', (last) => last],
        ['any', () => 'any'],
      ])('acknowledges a retry with %s without writing twice', async (_label, expectedFor) => {
        const stream = await streamAt(expectedFor(0) === 'no_stream' ? -1 : 0);
        const before = (await store.readStream(stream)).length;
        const expected = expectedFor(before - 1);
        const events = newEvents(3);
        const first = await store.append(stream, events, expected);
        const retry = await store.append(stream, events, expected);
        expect(retry).toEqual(first);
        expect((await store.readStream(stream)).map((event) => event.id).slice(before)).toEqual(events.map((e) => e.id));
      });

      it('acknowledges a retry of an exact-revision append after later appends', async () => {
        const stream = await streamAt(0);
        const events = newEvents(2);
        const first = await store.append(stream, events, 0);
        await store.append(stream, newEvents(1), first.nextRevision);
        expect(await store.append(stream, events, 0)).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(4);
      });

      it('refuses a retry whose ids only partly match, and writes nothing', async () => {
        const stream = streamName();
        const events = newEvents(2);
        await store.append(stream, events, 'no_stream');
        await expect(store.append(stream, [events[0], newEvent()], 'no_stream')).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    it('lets exactly one of several concurrent appends at the same revision win', async () => {
      const stream = await streamAt(0);
      const attempts = await Promise.allSettled(Array.from({ length: 6 }, () => store.append(stream, newEvents(2), 0)));
      const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
      const lost = attempts.filter((attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected');
      expect(won).toHaveLength(1);
      for (const attempt of lost) expect(attempt.reason).toMatchObject({ name: 'WrongExpectedRevisionError', actual: 2 });
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    it('lets exactly one of several concurrent no_stream appends create the stream', async () => {
      const stream = streamName();
      const attempts = await Promise.allSettled(Array.from({ length: 6 }, () => store.append(stream, newEvents(1), 'no_stream')));
      expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('serialises concurrent appends with "any" into one gapless stream', async () => {
      const stream = streamName();
      const appended = await Promise.all(Array.from({ length: 8 }, () => store.append(stream, newEvents(2), 'any')));
      expect(appended.map((result) => result.nextRevision).sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11, 13, 15]);
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([...Array(16).keys()]);
    });
  });
}
