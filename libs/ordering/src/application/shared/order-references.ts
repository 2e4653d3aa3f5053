import { Inject, Injectable } from '@nestjs/common';
import { UniqueReferences } from '@shipledger/ddd';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { ORDER_REFERENCE } from '../../domain/order';
import { orderReferenceStreamId, orderStreamId } from '../../domain/order/order.streams';
import { ORDER_EVENT_SCHEMA_VERSION } from './order.repository';

/** A reservation without its order after this long is an orphan of a crashed create. */
export const ORPHAN_AFTER_MS = 60_000;

/**
 * partner_order_reference uniqueness per tenant, and its resolution to an order id, on the event store
 * alone: `UniqueReferences` (libs/ddd) on the order's reference streams.
 */
@Injectable()
export class OrderReferences extends UniqueReferences {
  constructor(@Inject(EVENT_STORE) eventStore: EventStore) {
    super(eventStore, {
      names: ORDER_REFERENCE, referenceStreamId: orderReferenceStreamId, holderStreamId: orderStreamId,
      schemaVersion: ORDER_EVENT_SCHEMA_VERSION, orphanAfterMs: ORPHAN_AFTER_MS,
    });
  }
}
