import { createHash } from 'node:crypto';

export const shipmentStreamId = (shipmentId: string): string => `shipment-${shipmentId}`;

/** One stream per (tenant, partner_shipment_reference): its existence is the uniqueness guarantee. */
export const referenceStreamId = (tenantId: string, reference: string): string =>
  `shipment-ref-${tenantId}-${createHash('sha256').update(reference).digest('hex')}`;
