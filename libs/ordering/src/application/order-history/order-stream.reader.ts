import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import { OrderReferences } from '../shared/order-references';

/**
 * A tenant's order stream by order id or partner_order_reference, for operators (no merchant scope):
 * undefined when unknown or another tenant's.
 */
export async function readTenantOrderStream(eventStore: EventStore, tenantId: string, reference: string): Promise<RecordedEvent[] | undefined> {
  return new OrderReferences(eventStore).readTenantHolderStream(tenantId, reference);
}
