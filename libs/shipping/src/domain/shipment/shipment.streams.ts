import { aggregateStreamNames, hashedStreamId } from '@shipledger/ddd';

/** The names of the Shipment aggregate's streams: built and parsed here, and nowhere else. */
const REFERENCE_STREAM_PREFIX = 'shipment-ref-';
const shipments = aggregateStreamNames('shipment-', [REFERENCE_STREAM_PREFIX]);

export const shipmentStreamId = shipments.streamId;

/** One stream per (tenant, partner_shipment_reference): its existence is the uniqueness guarantee. */
export const referenceStreamId = (tenantId: string, reference: string): string =>
  hashedStreamId(`${REFERENCE_STREAM_PREFIX}${tenantId}-`, reference);

/** The shipment id of a shipment stream; undefined for any other stream (reference reservations too). */
export const shipmentIdOf = shipments.idOf;
