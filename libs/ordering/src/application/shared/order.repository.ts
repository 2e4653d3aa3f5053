import { Inject, Injectable } from '@nestjs/common';
import { AggregateRepository, commandEventMetadata } from '@shipledger/ddd';
import { EVENT_STORE, type EventMetadata, type EventStore } from '@shipledger/event-store';
import { orderDecider, type OrderCommand, type OrderEvent, type OrderState } from '../../domain/order';
import type { OrderCommandMeta } from './command-meta';
import { orderStreamId } from '../../domain/order/order.streams';

export const ORDER_EVENT_SCHEMA_VERSION = 1;

/** Order streams through the one write path (`handle` of @shipledger/ddd) with ordering's metadata. */
@Injectable()
export class OrderRepository extends AggregateRepository<OrderCommand, OrderEvent, OrderState> {
  constructor(@Inject(EVENT_STORE) eventStore: EventStore) {
    super(eventStore, {
      decider: orderDecider, streamId: orderStreamId, schemaVersion: ORDER_EVENT_SCHEMA_VERSION,
      withId: (state, orderId) => ({ ...state, order_id: orderId }),
    });
  }
}

export function orderEventMetadata(event: { data: { at: string; actor: string } }, tenantId: string, meta: OrderCommandMeta): EventMetadata {
  return commandEventMetadata(event, tenantId, meta, ORDER_EVENT_SCHEMA_VERSION);
}
