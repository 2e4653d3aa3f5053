import {
  CANCELLABLE_STATUSES, ShipmentCommandRejected, type CommandMeta, type ShipmentContent, type ShippingCommands,
} from '@shipledger/shipping';
import type { OrderShipments, ShipmentCausation } from './order-shipments.port';

/** Shipping's create command, as the process wires it (the API's CommandBus, or the worker's handler). */
export type CreateShipment = (input: { tenantId: string; shipmentId: string; content: ShipmentContent; draft: boolean; now: Date }, meta: CommandMeta) => Promise<unknown>;

const NOT_SHIPPED = new Set<string>([...CANCELLABLE_STATUSES, 'cancelled']);

/** OrderShipments through the shipping context's public commands. */
export class ShippingOrderShipments implements OrderShipments {
  constructor(private readonly shipping: ShippingCommands, private readonly createShipment: CreateShipment) {}

  async create(input: { tenantId: string; shipmentId: string; content: ShipmentContent; draft: boolean; causation: ShipmentCausation }): Promise<void> {
    if (await this.shipping.load(input.tenantId, input.shipmentId)) return;
    const { causation } = input;
    try {
      await this.createShipment(
        { tenantId: input.tenantId, shipmentId: input.shipmentId, content: input.content, draft: input.draft, now: new Date(causation.at) },
        { actor: causation.actor, requestId: causation.requestId, correlationId: causation.correlationId, causationId: causation.causationId },
      );
    } catch (error) {
      // Created meanwhile by another delivery of the same event: the create appends with 'no_stream'.
      if (error instanceof ShipmentCommandRejected && error.code === 'already_exists') return;
      throw error;
    }
  }

  async cancel(tenantId: string, shipmentId: string, causation: ShipmentCausation): Promise<void> {
    await this.shipping.record(tenantId, shipmentId, causation, (state) =>
      (CANCELLABLE_STATUSES.includes(state.status) ? { type: 'CancelShipment', update_reason_code: 'ORDER_UNFULFILLED', at: causation.at, actor: causation.actor } : undefined));
  }

}

/** The ids among these whose shipment has been handed to the carrier (shipped or later): unfulfill refuses them. */
export async function shippedShipments(shipping: ShippingCommands, tenantId: string, shipmentIds: readonly string[]): Promise<string[]> {
  const states = await Promise.all(shipmentIds.map(async (id) => [id, await shipping.load(tenantId, id)] as const));
  return states.filter(([, state]) => state !== undefined && !NOT_SHIPPED.has(state.status)).map(([id]) => id);
}
