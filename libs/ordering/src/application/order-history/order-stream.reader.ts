import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import { OrderReferences } from '../shared/order-references';
import { orderStreamId } from '../../domain/order/order.streams';

/**
 * A tenant's order stream by order id or partner_order_reference, for operators (no merchant scope):
 * undefined when unknown or another tenant's.
 */
export async function readTenantOrderStream(eventStore: EventStore, tenantId: string, reference: string): Promise<RecordedEvent[] | undefined> {
  const ownStream = async (orderId: string) => {
    const events = await eventStore.readStream(orderStreamId(orderId));
    return events.length > 0 && events[0]?.metadata.tenantId === tenantId ? events : undefined;
  };
  const direct = await ownStream(reference);
  if (direct) return direct;
  const orderId = await new OrderReferences(eventStore).resolve(tenantId, reference);
  return orderId ? ownStream(orderId) : undefined;
}
