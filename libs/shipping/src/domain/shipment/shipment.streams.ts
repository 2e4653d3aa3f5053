import { referencedStreamNames } from '@shipledger/ddd';

/**
 * The names of the Shipment aggregate's streams: built and parsed here, and nowhere else. One reference
 * stream per (tenant, partner_shipment_reference): its existence is the uniqueness guarantee.
 */
const shipments = referencedStreamNames('shipment-', 'shipment-ref-');

export const shipmentStreamId = shipments.streamId;
export const referenceStreamId = shipments.referenceStreamId;
/** The shipment id of a shipment stream; undefined for any other stream (reference reservations too). */
export const shipmentIdOf = shipments.idOf;
