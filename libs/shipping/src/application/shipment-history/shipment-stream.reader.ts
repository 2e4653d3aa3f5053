import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import { ShipmentReferences } from '../shared/shipment-references';
import { shipmentStreamId } from '../../domain/shipment';

/**
 * A tenant's shipment stream by shipment id or partner_shipment_reference, for operators (no merchant
 * scope): undefined when unknown or another tenant's. The HTTP side goes through ShipmentCommandService
 * instead, which also applies the caller's merchant scopes.
 */
export async function readTenantShipmentStream(
  eventStore: EventStore, tenantId: string, shipmentRef: string,
): Promise<RecordedEvent[] | undefined> {
  const ownStream = async (shipmentId: string) => {
    const events = await eventStore.readStream(shipmentStreamId(shipmentId));
    return events.length > 0 && events[0]?.metadata.tenantId === tenantId ? events : undefined;
  };
  const direct = await ownStream(shipmentRef);
  if (direct) return direct;
  const shipmentId = await new ShipmentReferences(eventStore).resolve(tenantId, shipmentRef);
  return shipmentId ? ownStream(shipmentId) : undefined;
}
