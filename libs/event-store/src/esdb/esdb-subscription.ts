import { START, excludeSystemEvents, type AllStreamSubscription, type EventStoreDBClient } from '@eventstore/db-client';
import type { SubscribeOptions, Subscription } from '../event-store.port';
import { deliver, isDeliveringFor } from '../subscription/delivery-context';
import { decodeEsdbPosition, toRecordedEvent } from './esdb-mapping';

/** subscribeToAll from a checkpoint, system events filtered out; async iteration gives backpressure. */
export class EsdbSubscription implements Subscription {
  private readonly stream: AllStreamSubscription;
  private readonly loop: Promise<void>;
  private closed = false;

  constructor(client: EventStoreDBClient, private readonly options: SubscribeOptions, private readonly onClosed: () => void) {
    this.stream = client.subscribeToAll({
      fromPosition: options.after === undefined ? START : decodeEsdbPosition(options.after),
      filter: excludeSystemEvents(),
    });
    this.stream.once('caughtUp', () => {
      if (!this.closed) options.onCaughtUp?.();
    });
    this.loop = this.run().catch((error: unknown) => {
      if (this.closed) return;
      this.closed = true;
      void this.stream.unsubscribe().catch(() => undefined);
      options.onError?.(error);
    });
  }

  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      await this.stream.unsubscribe().catch(() => undefined);
    }
    this.onClosed();
    if (isDeliveringFor(this)) return;
    await this.loop;
  }

  private async run(): Promise<void> {
    for await (const resolved of this.stream) {
      if (this.closed) return;
      const event = toRecordedEvent(resolved);
      if (!event || (this.options.after !== undefined && event.position <= this.options.after)) continue;
      await deliver(this, () => this.options.onEvent(event));
    }
  }
}
