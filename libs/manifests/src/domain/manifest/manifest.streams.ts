import { createHash } from 'node:crypto';

/** The names of the manifest context's streams: built and parsed here, and nowhere else. */
const MANIFEST_STREAM_PREFIX = 'manifest-';
const RESERVATION_STREAM_PREFIX = 'manifest-shipment-';

export const manifestStreamId = (manifestId: string): string => `${MANIFEST_STREAM_PREFIX}${manifestId}`;

/** One stream per (tenant, shipment): who holds the shipment for a manifest (docs/adr one open manifest). */
export const shipmentReservationStreamId = (tenantId: string, shipmentId: string): string =>
  `${RESERVATION_STREAM_PREFIX}${createHash('sha256').update(`${tenantId}\u0000${shipmentId}`).digest('hex')}`;

/** The manifest id of a manifest stream; undefined for any other stream (reservations too). */
export function manifestIdOf(streamId: string): string | undefined {
  if (!streamId.startsWith(MANIFEST_STREAM_PREFIX) || streamId.startsWith(RESERVATION_STREAM_PREFIX)) return undefined;
  return streamId.slice(MANIFEST_STREAM_PREFIX.length);
}
