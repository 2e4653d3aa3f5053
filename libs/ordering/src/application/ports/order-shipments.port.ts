import type { ShipmentContent } from '@shipledger/shipping';

/** Who asked, for the shipping context's event metadata (the causing order event). */
export interface ShipmentCausation {
  causationId: string;
  correlationId: string;
  requestId: string;
  actor: string;
  /** When the causing order event happened: the time of the shipping command it causes. */
  at: string;
}

/**
 * What the ordering context asks of the shipping context, through shipping's own commands. Both
 * writes are idempotent: a create of an existing shipment id, or a cancel of a shipment already
 * cancelled (or gone past cancelling), does nothing.
 */
export interface OrderShipments {
  create(input: { tenantId: string; shipmentId: string; content: ShipmentContent; draft: boolean; causation: ShipmentCausation }): Promise<void>;
  cancel(tenantId: string, shipmentId: string, causation: ShipmentCausation): Promise<void>;
}
