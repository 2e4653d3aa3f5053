import { Inject, Injectable } from '@nestjs/common';
import { commandEventMetadata, handle, loadStream, type CommandInput, type HandleOptions, type HandleResult, type Loaded } from '@shipledger/ddd';
import { EVENT_STORE, type EventMetadata, type EventStore } from '@shipledger/event-store';
import { orderDecider, type OrderCommand, type OrderEvent, type OrderState } from '../../domain/order';
import type { OrderCommandMeta } from './command-meta';
import { orderStreamId } from '../../domain/order/order.streams';

export const ORDER_EVENT_SCHEMA_VERSION = 1;

type Options = HandleOptions<OrderCommand, OrderEvent, OrderState>;

/** Order streams through the one write path (`handle` of @shipledger/ddd) with ordering's metadata. */
@Injectable()
export class OrderRepository {
  constructor(@Inject(EVENT_STORE) readonly eventStore: EventStore) {}

  async load(orderId: string): Promise<Loaded<OrderState>> {
    const loaded = await loadStream(this.eventStore, orderDecider, orderStreamId(orderId));
    return loaded.state.exists ? loaded : { ...loaded, state: { ...loaded.state, order_id: orderId } };
  }

  handle(
    orderId: string,
    tenantId: string,
    input: CommandInput<OrderCommand, OrderState>,
    meta: OrderCommandMeta,
    options: Omit<Options, 'metadata'> = {},
  ): Promise<HandleResult<OrderCommand, OrderEvent, OrderState>> {
    return handle(this.eventStore, orderDecider, orderStreamId(orderId), input, {
      metadata: (event) => orderEventMetadata(event, tenantId, meta),
      ...options,
    });
  }
}

export function orderEventMetadata(event: { data: { at: string; actor: string } }, tenantId: string, meta: OrderCommandMeta): EventMetadata {
  return commandEventMetadata(event, tenantId, meta, ORDER_EVENT_SCHEMA_VERSION);
}
