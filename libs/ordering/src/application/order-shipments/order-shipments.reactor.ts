import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import type { Reactor } from '@shipledger/projections';
import { fold, type OrderEvent, type ShipmentToCreate } from '../../domain/order';
import type { OrderShipments, ShipmentCausation } from '../ports/order-shipments.port';
import { shipmentContentFor } from './shipment-content';

export const ORDER_SHIPMENTS_REACTOR = 'order-shipments';

/**
 * Fulfill and ship → the shipment; unfulfill → its shipments cancelled. The shipment id was chosen
 * before the order event was appended and is recorded in it, so a replay after a crash (between the
 * order append and the shipment append, or after both) creates nothing twice: the shipping create
 * appends with 'no_stream' on that id. The shipment is built from the order as it was at the event.
 */
export class OrderShipmentsReactor implements Reactor {
  readonly name = ORDER_SHIPMENTS_REACTOR;
  readonly handles = ['FulfillmentOrderFulfilled', 'FulfillmentOrderLineItemsShipped', 'FulfillmentOrderUnfulfilled'];

  constructor(private readonly eventStore: EventStore, private readonly shipments: OrderShipments) {}

  async handle(event: RecordedEvent): Promise<void> {
    const tenantId = event.metadata.tenantId;
    const causation: ShipmentCausation = {
      causationId: event.id, correlationId: event.metadata.correlationId, requestId: event.metadata.requestId, actor: event.metadata.actor,
      at: (event.data as { at?: string }).at ?? event.metadata.occurredAt,
    };
    if (event.type === 'FulfillmentOrderUnfulfilled') {
      for (const shipmentId of (event.data as { shipment_ids: string[] }).shipment_ids) await this.shipments.cancel(tenantId, shipmentId, causation);
      return;
    }
    const shipment = (event.data as { shipment?: ShipmentToCreate }).shipment;
    if (!shipment) return;
    const stream = await this.eventStore.readStream(event.streamId);
    const order = fold(stream.filter((recorded) => recorded.revision <= event.revision).map((recorded) => ({ type: recorded.type, data: recorded.data }) as OrderEvent));
    await this.shipments.create({
      tenantId, shipmentId: shipment.shipment_id, content: shipmentContentFor(order, shipment), draft: shipment.create_draft_shipment, causation,
    });
  }
}
