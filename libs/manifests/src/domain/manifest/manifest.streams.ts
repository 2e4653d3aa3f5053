import { aggregateStreamNames, hashedStreamId } from '@shipledger/ddd';

/** The names of the manifest context's streams: built and parsed here, and nowhere else. */
const RESERVATION_STREAM_PREFIX = 'manifest-shipment-';
const manifests = aggregateStreamNames('manifest-', [RESERVATION_STREAM_PREFIX]);

export const manifestStreamId = manifests.streamId;

/** One stream per (tenant, shipment): who holds the shipment for a manifest (docs/adr one open manifest). */
export const shipmentReservationStreamId = (tenantId: string, shipmentId: string): string =>
  hashedStreamId(RESERVATION_STREAM_PREFIX, `${tenantId}\u0000${shipmentId}`);

/** The manifest id of a manifest stream; undefined for any other stream (reservations too). */
export const manifestIdOf = manifests.idOf;
