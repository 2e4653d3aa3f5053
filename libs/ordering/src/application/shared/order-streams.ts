import { createHash } from 'node:crypto';

export const orderStreamId = (orderId: string): string => `order-${orderId}`;

/** One stream per (tenant, partner_order_reference): its existence is the uniqueness guarantee. */
export const orderReferenceStreamId = (tenantId: string, reference: string): string =>
  `order-ref-${tenantId}-${createHash('sha256').update(reference).digest('hex')}`;
