import { randomUUID } from 'node:crypto';
import type { EventData, EventStore, ExpectedRevision, RecordedEvent, SqlEventStore } from '@shipledger/event-store';
import { openForSuite, type ContractAdapter, type OpenedStore } from './contract-adapters';
import { newEvents } from './contract-fixtures';

const APPENDERS = 8;
const EVENTS_PER_APPENDER = 500;
const STREAMS_PER_APPENDER = 5;

class RolledBack extends Error {}

/** Counts commits; lets a transaction wait (bounded) until others have committed after it started. */
class CommitCounter {
  count = 0;
  private waiters: Array<{ target: number; resolve: () => void }> = [];

  committed(): void {
    this.count += 1;
    this.waiters = this.waiters.filter((waiter) => (waiter.target <= this.count ? (waiter.resolve(), false) : true));
  }

  atLeast(target: number, capMs: number): Promise<void> {
    if (this.count >= target) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { target, resolve: () => (clearTimeout(timer), resolve()) };
      // Capped: when every appender is holding a transaction open, nobody else can commit.
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve();
      }, capMs);
      this.waiters.push(waiter);
    });
  }
}

/**
 * The race: 8 appenders × 500 committed events, some appends held open until later appends have
 * committed (a smaller position committing last: the case that makes a naive global order skip),
 * some rolled back (EventStoreDB, without transactions: rejected by a wrong expected revision), and
 * a live subscriber that must see every committed event exactly once and never a rolled-back one.
 */
/** Part of the event-store contract (index.ts): run for each adapter. */
export function concurrentAppendersContract(adapters: readonly ContractAdapter[]): void {
  describe.each(adapters)('event store contract: concurrent appenders and a live subscriber ($name)', (adapter) => {
    let opened: OpenedStore;
    let store: EventStore;

    openForSuite(adapter, (open) => { opened = open; store = open.store; });

    it(`delivers all ${APPENDERS * EVENTS_PER_APPENDER} committed events exactly once, in order, and no rolled-back one`, async () => {
      const run = `race-${randomUUID()}`;
      const ours = (event: RecordedEvent) => event.streamId.startsWith(run);
      const delivered: RecordedEvent[] = [];
      let deliveredTarget = Number.POSITIVE_INFINITY;
      let allDelivered!: () => void;
      const everythingDelivered = new Promise<void>((resolve) => (allDelivered = resolve));
      let caughtUp!: () => void;
      const live = new Promise<void>((resolve) => (caughtUp = resolve));
      let failure: unknown;

      const start = await store.headPosition();
      const subscription = store.subscribeToAll({
        after: start,
        onEvent: async (event) => {
          if (!ours(event)) return;
          delivered.push(event);
          if (delivered.length >= deliveredTarget) allDelivered();
        },
        onCaughtUp: caughtUp,
        onError: (error) => {
          failure = error;
          allDelivered();
        },
      });
      await live;

      const commits = new CommitCounter();
      const committedIds = new Set<string>();
      const rolledBackIds = new Set<string>();
      let rollbacks = 0;
      let heldOpen = 0;

      const sql = opened.database ? (store as SqlEventStore) : undefined;
      const holdOpen = adapter.name === 'postgres';

      async function appendOnce(stream: string, events: EventData[], expected: ExpectedRevision, mode: 'plain' | 'slow' | 'rollback'): Promise<boolean> {
        if (mode === 'plain') {
          await store.append(stream, events, expected);
          return true;
        }
        if (!sql) {
          // No transactions to roll back on EventStoreDB: a rejected append must leave no trace either.
          if (mode === 'slow') return store.append(stream, events, expected).then(() => true);
          const wrong = typeof expected === 'number' ? expected + 7 : 0;
          await expect(store.append(stream, events, wrong)).rejects.toMatchObject({ name: 'WrongExpectedRevisionError' });
          return false;
        }
        const startedAt = commits.count;
        try {
          await opened.database!.kysely.transaction().execute(async (trx) => {
            await sql.appendInTransaction(trx, stream, events, expected);
            if (holdOpen) await commits.atLeast(startedAt + 2, 250);
            if (mode === 'rollback') throw new RolledBack();
          });
        } catch (error) {
          if (error instanceof RolledBack) return false;
          throw error;
        }
        sql.notifyAppended();
        return true;
      }

      async function appender(index: number): Promise<void> {
        const streams = Array.from({ length: STREAMS_PER_APPENDER }, (_, n) => `${run}-${index}-${n}`);
        const lastRevision = streams.map(() => -1);
        let committed = 0;
        for (let attempt = 1; committed < EVENTS_PER_APPENDER; attempt += 1) {
          const slot = (attempt + index) % streams.length;
          const events = newEvents(Math.min(1 + ((attempt * 7 + index) % 3), EVENTS_PER_APPENDER - committed));
          const expected = lastRevision[slot] < 0 ? 'no_stream' : lastRevision[slot];
          const mode = (attempt + index) % 9 === 0 ? 'rollback' : (attempt + index) % 4 === 0 ? 'slow' : 'plain';
          const kept = await appendOnce(streams[slot], events, expected, mode);
          for (const event of events) (kept ? committedIds : rolledBackIds).add(event.id);
          if (kept) {
            lastRevision[slot] += events.length;
            committed += events.length;
            commits.committed();
            if (mode === 'slow') heldOpen += 1;
          } else {
            rollbacks += 1;
          }
        }
      }

      await Promise.all(Array.from({ length: APPENDERS }, (_, index) => appender(index)));
      deliveredTarget = committedIds.size;
      if (delivered.length >= deliveredTarget) allDelivered();
      const timeout = setTimeout(allDelivered, 45_000);
      await everythingDelivered;
      clearTimeout(timeout);

      // A sentinel appended last arrives after anything still in flight: nothing more may come before it.
      const sentinel = newEvents(1);
      const sentinelSeen = new Promise<void>((resolve) => {
        const watcher = store.subscribeToAll({
          after: delivered[delivered.length - 1]?.position,
          onEvent: async (event) => {
            if (event.id === sentinel[0].id) {
              await watcher.close();
              resolve();
            }
          },
        });
      });
      await store.append(`${run}-sentinel`, sentinel, 'no_stream');
      await sentinelSeen;
      await new Promise<void>((resolve) => {
        const check = () => (delivered.some((event) => event.id === sentinel[0].id) ? resolve() : setImmediate(check));
        check();
      });
      await subscription.close();

      expect(failure).toBeUndefined();
      expect(committedIds.size).toBe(APPENDERS * EVENTS_PER_APPENDER);
      expect(rollbacks).toBeGreaterThan(50);
      expect(heldOpen).toBeGreaterThan(50);
      const raceEvents = delivered.filter((event) => event.id !== sentinel[0].id);
      const ids = raceEvents.map((event) => event.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => rolledBackIds.has(id))).toEqual([]);
      expect(ids.length).toBe(committedIds.size);
      expect(ids.every((id) => committedIds.has(id))).toBe(true);
      const positions = delivered.map((event) => event.position);
      expect(positions.every((position, i) => i === 0 || positions[i - 1] < position)).toBe(true);
      const revisionsByStream = new Map<string, number[]>();
      for (const event of raceEvents) revisionsByStream.set(event.streamId, [...(revisionsByStream.get(event.streamId) ?? []), event.revision]);
      for (const revisions of revisionsByStream.values()) expect(revisions).toEqual([...revisions.keys()]);

      // Reading all afterwards gives the very sequence the live subscriber saw.
      const replay: RecordedEvent[] = [];
      for (let cursor = start; ; ) {
        const page = await store.readAll({ after: cursor, maxCount: 1000 });
        replay.push(...page.filter(ours));
        if (page.length < 1000) break;
        cursor = page[page.length - 1].position;
      }
      expect(replay.map((event) => event.id)).toEqual(delivered.map((event) => event.id));
    });
  });
}
