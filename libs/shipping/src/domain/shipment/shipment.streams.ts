import { createHash } from 'node:crypto';

/** The names of the Shipment aggregate's streams: built and parsed here, and nowhere else. */
const SHIPMENT_STREAM_PREFIX = 'shipment-';
const REFERENCE_STREAM_PREFIX = 'shipment-ref-';

export const shipmentStreamId = (shipmentId: string): string => `${SHIPMENT_STREAM_PREFIX}${shipmentId}`;

/** One stream per (tenant, partner_shipment_reference): its existence is the uniqueness guarantee. */
export const referenceStreamId = (tenantId: string, reference: string): string =>
  `${REFERENCE_STREAM_PREFIX}${tenantId}-${createHash('sha256').update(reference).digest('hex')}`;

/** The shipment id of a shipment stream; undefined for any other stream (reference reservations too). */
export function shipmentIdOf(streamId: string): string | undefined {
  if (!streamId.startsWith(SHIPMENT_STREAM_PREFIX) || streamId.startsWith(REFERENCE_STREAM_PREFIX)) return undefined;
  return streamId.slice(SHIPMENT_STREAM_PREFIX.length);
}
