import { createHash } from 'node:crypto';

/** The names of the Order aggregate's streams: built and parsed here, and nowhere else. */
const ORDER_STREAM_PREFIX = 'order-';
const REFERENCE_STREAM_PREFIX = 'order-ref-';

export const orderStreamId = (orderId: string): string => `${ORDER_STREAM_PREFIX}${orderId}`;

/** One stream per (tenant, partner_order_reference): its existence is the uniqueness guarantee. */
export const orderReferenceStreamId = (tenantId: string, reference: string): string =>
  `${REFERENCE_STREAM_PREFIX}${tenantId}-${createHash('sha256').update(reference).digest('hex')}`;

/** The order id of an order stream; undefined for any other stream (reference reservations too). */
export function orderIdOf(streamId: string): string | undefined {
  if (!streamId.startsWith(ORDER_STREAM_PREFIX) || streamId.startsWith(REFERENCE_STREAM_PREFIX)) return undefined;
  return streamId.slice(ORDER_STREAM_PREFIX.length);
}
