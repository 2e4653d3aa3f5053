import { Inject, Injectable } from '@nestjs/common';
import { AggregateRepository, type Loaded } from '@shipledger/ddd';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { orderDecider, type OrderCommand, type OrderEvent, type OrderState } from '../../domain/order';
import { orderStreamId } from '../../domain/order/order.streams';

export const ORDER_EVENT_SCHEMA_VERSION = 1;

/** An order folded, with the events it was folded from (oldest first). */
export type LoadedOrder = Loaded<OrderState> & { history: readonly OrderEvent[] };

/** Order streams through the one write path (`handle` of @shipledger/ddd) with ordering's metadata. */
@Injectable()
export class OrderRepository extends AggregateRepository<OrderCommand, OrderEvent, OrderState> {
  constructor(@Inject(EVENT_STORE) eventStore: EventStore) {
    super(eventStore, {
      decider: orderDecider, streamId: orderStreamId, schemaVersion: ORDER_EVENT_SCHEMA_VERSION,
      withId: (state, orderId) => ({ ...state, order_id: orderId }),
    });
  }

  /** As every aggregate's load, keeping the events (`history`): the ORDER_INVENTORY port folds them (rule 3). */
  override async load(orderId: string): Promise<LoadedOrder> {
    const recorded = await this.eventStore.readStream(orderStreamId(orderId));
    return {
      ...this.folded(orderId, recorded),
      history: recorded.map((event) => ({ type: event.type, data: event.data }) as OrderEvent),
    };
  }
}
