import { openDatabase } from '@shipledger/database';
import { createEventStore, type EventStore, type RecordedEvent, type Subscription } from '@shipledger/event-store';
import { openForSuite, type ContractAdapter, type OpenedStore } from './contract-adapters';
import { EventCollector, newEvents, streamName, untilVisible } from './contract-fixtures';

/** Part of the event-store contract (index.ts): run for each adapter. */
export function subscriptionContract(adapters: readonly ContractAdapter[]): void {
  describe.each(adapters)('event store contract: subscribe to all ($name)', (adapter) => {
    let opened: OpenedStore;
    let store: EventStore;

    openForSuite(adapter, (open) => { opened = open; store = open.store; });

    it('catches up from a checkpoint, reports caught up, then delivers live appends in order', async () => {
      const start = await store.headPosition();
      const stream = streamName();
      const before = newEvents(5);
      await untilVisible(store, (await store.append(stream, before, 'no_stream')).position);
      const collector = new EventCollector();
      let caughtUpAt = -1;
      const caughtUp = new Promise<void>((resolve) => {
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: collector.onEvent,
          onCaughtUp: () => {
            caughtUpAt = collector.events.length;
            resolve();
          },
        });
        afterAllClose.push(subscription);
      });
      await caughtUp;
      expect(collector.idsOf((event) => event.streamId === stream)).toEqual(before.map((event) => event.id));
      expect(caughtUpAt).toBeGreaterThanOrEqual(5);

      const live = newEvents(4);
      await store.append(stream, live.slice(0, 2), 4);
      await store.append(stream, live.slice(2), 6);
      await collector.untilSeen(live.map((event) => event.id));
      expect(collector.idsOf((event) => event.streamId === stream)).toEqual([...before, ...live].map((event) => event.id));
      const positions = collector.events.map((event) => event.position);
      expect([...positions].sort()).toEqual(positions);
    });

    it('resumes from a checkpoint: every event exactly once across two subscriptions', async () => {
      const stream = streamName();
      const start = await store.headPosition();
      const events = newEvents(10);
      await store.append(stream, events.slice(0, 6), 'no_stream');

      const first = new EventCollector();
      const firstSubscription = store.subscribeToAll({ after: start, onEvent: first.onEvent });
      await first.untilSeen(events.slice(0, 6).map((event) => event.id));
      await firstSubscription.close();
      const checkpoint = first.events.find((event) => event.id === events[3].id)!.position;

      await store.append(stream, events.slice(6), 5);
      const second = new EventCollector();
      const secondSubscription = store.subscribeToAll({ after: checkpoint, onEvent: second.onEvent });
      afterAllClose.push(secondSubscription);
      await second.untilSeen(events.slice(4).map((event) => event.id));
      expect(second.idsOf((event) => event.streamId === stream)).toEqual(events.slice(4).map((event) => event.id));
    });

    it('waits for each onEvent before the next (backpressure), and close() waits for the one in flight', async () => {
      const stream = streamName();
      const start = await store.headPosition();
      await store.append(stream, newEvents(3), 'no_stream');
      let running = 0;
      let overlapped = false;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const firstEntered = new Promise<void>((resolve) => (entered = resolve));
      const finished: string[] = [];
      const subscription = store.subscribeToAll({
        after: start,
        onEvent: async (event: RecordedEvent) => {
          running += 1;
          overlapped ||= running > 1;
          entered();
          await gate;
          finished.push(event.id);
          running -= 1;
        },
      });
      await firstEntered;
      let closed = false;
      const closing = subscription.close().then(() => (closed = true));
      await Promise.resolve();
      expect(closed).toBe(false);
      release();
      await closing;
      const deliveredAtClose = finished.length;
      expect(deliveredAtClose).toBe(1);
      expect(overlapped).toBe(false);
      await store.append(stream, newEvents(1), 'exists');
      expect(await store.readStream(stream)).toHaveLength(4);
      expect(finished).toHaveLength(deliveredAtClose);
    });

    it('can be closed from inside onEvent', async () => {
      const stream = streamName();
      const start = await store.headPosition();
      await store.append(stream, newEvents(3), 'no_stream');
      const seen: string[] = [];
      await new Promise<void>((resolve) => {
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: async (event) => {
            seen.push(event.id);
            await subscription.close();
            resolve();
          },
        });
      });
      expect(seen).toHaveLength(1);
    });

    it('stops and reports a throw from onEvent through onError', async () => {
      const stream = streamName();
      const start = await store.headPosition();
      await store.append(stream, newEvents(2), 'no_stream');
      const failure = new Error('projector failed');
      let calls = 0;
      const reported = await new Promise<unknown>((resolve) => {
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: async () => {
            calls += 1;
            throw failure;
          },
          onError: resolve,
        });
        afterAllClose.push(subscription);
      });
      expect(reported).toBe(failure);
      expect(calls).toBe(1);
    });

    if (adapter.name === 'postgres') {
      it('wakes a subscriber of another connection pool through LISTEN/NOTIFY, not by polling', async () => {
        const elsewhere = await openDatabase({ url: opened.url });
        // Another Database handle shares no in-process signal; a one-minute poll cannot explain delivery.
        const listener = createEventStore({ database: elsewhere, pollIntervalMs: 60_000 });
        const collector = new EventCollector();
        let subscription: Subscription | undefined;
        try {
          const after = await store.headPosition();
          await new Promise<void>((resolve) => {
            subscription = listener.subscribeToAll({ after, onEvent: collector.onEvent, onCaughtUp: resolve });
          });
          const events = newEvents(2);
          await store.append(streamName(), events, 'no_stream');
          await collector.untilSeen(events.map((event) => event.id), 15_000);
        } finally {
          await subscription?.close();
          await listener.close();
          await elsewhere.close();
        }
      });
    }

    const afterAllClose: Array<{ close(): Promise<void> }> = [];
    afterAll(() => Promise.all(afterAllClose.map((subscription) => subscription.close())));
  });
}
