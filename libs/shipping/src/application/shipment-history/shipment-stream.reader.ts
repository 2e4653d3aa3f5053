import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import { ShipmentReferences } from '../shared/shipment-references';

/**
 * A tenant's shipment stream by shipment id or partner_shipment_reference, for operators (no merchant
 * scope): undefined when unknown or another tenant's. The HTTP side goes through ShipmentCommandService
 * instead, which also applies the caller's merchant scopes.
 */
export async function readTenantShipmentStream(
  eventStore: EventStore, tenantId: string, shipmentRef: string,
): Promise<RecordedEvent[] | undefined> {
  return new ShipmentReferences(eventStore).readTenantHolderStream(tenantId, shipmentRef);
}
