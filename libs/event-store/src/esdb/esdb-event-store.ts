import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type JSONType,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  lastEventsRequest,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import { EsdbSubscription } from './esdb-subscription';
import {
  decodeEsdbPosition,
  encodeEsdbPosition,
  fromEsdbCurrentRevision,
  toEsdbExpectedRevision,
  toRecordedEvent,
} from './esdb-mapping';

/** EventStoreDB through @eventstore/db-client: revisions, positions and errors mapped to the port's. */
export class EsdbEventStore implements EventStore {
  readonly adapter = 'esdb' as const;
  private readonly subscriptions = new Set<EsdbSubscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  async init(): Promise<void> {
    // No schema; reading the head proves the server answers.
    await this.headPosition();
  }

  async append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError('An append needs at least one event');
    const data = events.map((event) =>
      jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: event.metadata }),
    );
    try {
      const result = await this.client.appendToStream(streamId, data, {
        expectedRevision: toEsdbExpectedRevision(expected),
      });
      if (!result.position) throw new Error(`EventStoreDB returned no position for ${streamId}`);
      return { nextRevision: Number(result.nextExpectedRevision), position: encodeEsdbPosition(result.position) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, expected, fromEsdbCurrentRevision(error.actualVersion));
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision);
    const events: RecordedEvent[] = [];
    try {
      const reads = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: from,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of reads) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** EventStoreDB has no multi-stream read: readStream's backward read of one event, per stream, all at once. */
  async readLastEvents(streamIds: readonly string[]): Promise<Map<string, RecordedEvent>> {
    const ids = lastEventsRequest(streamIds);
    const lasts = await Promise.all(ids.map((streamId) => this.readStream(streamId, { direction: 'backwards', maxCount: 1 })));
    const found = new Map<string, RecordedEvent>();
    ids.forEach((streamId, index) => {
      const last = lasts[index]![0];
      if (last) found.set(streamId, last);
    });
    return found;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    const reads = this.client.readAll({
      direction: FORWARDS,
      fromPosition: options.after === undefined ? START : decodeEsdbPosition(options.after),
    });
    for await (const resolved of reads) {
      const event = toRecordedEvent(resolved);
      // fromPosition is inclusive; the port's `after` is not.
      if (!event || (options.after !== undefined && event.position <= options.after)) continue;
      events.push(event);
      if (events.length >= limit) break;
    }
    return events;
  }

  async headPosition(): Promise<Position | undefined> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END })) {
      const event = toRecordedEvent(resolved);
      if (event) return event.position;
    }
    return undefined;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new EsdbSubscription(this.client, options, () => this.subscriptions.delete(subscription));
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}

export function createEsdbEventStore(connectionString: string): EsdbEventStore {
  return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString));
}
