import { commandEventMetadata, deterministicUuid, handle, sequenceDecider, UniqueReferences } from '@shipledger/ddd';
import type { EventStore } from '@shipledger/event-store';
import { DEMO_HISTORY_ACTOR } from '@shipledger/shipping';
import { ORDER_REFERENCE, orderDecider, type OrderCommand } from '../../domain/order';
import { orderReferenceStreamId, orderStreamId } from '../../domain/order/order.streams';
import { ORDER_EVENT_SCHEMA_VERSION } from '../shared/order.repository';
import { ORPHAN_AFTER_MS } from '../shared/order-references';

/** One order's invented past: its create first, then what the merchant did, each with its own `at`. */
export interface OrderHistory {
  tenantId: string;
  orderId: string;
  commands: readonly OrderCommand[];
}

/**
 * An order's whole history decided as one command: each command judged by the order decider against the
 * state the earlier ones left, so the history obeys every rule a live order obeys (a refused command
 * throws). The events carry the actor DEMO_HISTORY_ACTOR: the webhook deliveries skip them.
 */
const historyDecider = sequenceDecider(orderDecider);

/**
 * Records a made-up past order on the one write path (the demo tenant's history). Its partner reference
 * is reserved like a live create's. A fulfill in it names the shipment it asks for: the demo history
 * names a shipment already recorded, so the order-shipments reactor finds it and creates nothing at
 * today's time. Idempotent: event ids derive from the order id, so a second call appends nothing.
 * Returns whether this call recorded it.
 */
export async function recordOrderHistory(eventStore: EventStore, history: OrderHistory): Promise<boolean> {
  const create = history.commands[0];
  if (create?.type !== 'CreateOrder' || create.order_id !== history.orderId || create.tenant_id !== history.tenantId) {
    throw new Error('an order history starts with the CreateOrder of that order and tenant');
  }
  const meta = { actor: DEMO_HISTORY_ACTOR, requestId: deterministicUuid('demo-order-history', history.orderId), correlationId: history.orderId };
  const reference = create.content.partner_order_reference;
  const references = new UniqueReferences(eventStore, {
    names: ORDER_REFERENCE, referenceStreamId: orderReferenceStreamId, holderStreamId: orderStreamId,
    schemaVersion: ORDER_EVENT_SCHEMA_VERSION, orphanAfterMs: ORPHAN_AFTER_MS,
  });
  const result = await handle(eventStore, historyDecider, orderStreamId(history.orderId), history.commands, {
    expectedRevision: 'no_stream',
    idempotency: { eventId: (_commands, index) => deterministicUuid('demo-order-history', history.orderId, String(index)) },
    metadata: (event) => ({ ...commandEventMetadata(event, history.tenantId, meta, ORDER_EVENT_SCHEMA_VERSION), actor: DEMO_HISTORY_ACTOR }),
    beforeAppend: reference === undefined ? undefined : () => references.reserve(history.tenantId, reference, history.orderId, meta, create.at),
  });
  return result.events.length > 0;
}
