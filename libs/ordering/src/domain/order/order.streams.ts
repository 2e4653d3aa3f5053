import { referencedStreamNames } from '@shipledger/ddd';

/**
 * The names of the Order aggregate's streams: built and parsed here, and nowhere else. One reference
 * stream per (tenant, partner_order_reference): its existence is the uniqueness guarantee.
 */
const orders = referencedStreamNames('order-', 'order-ref-');

export const orderStreamId = orders.streamId;
export const orderReferenceStreamId = orders.referenceStreamId;
/** The order id of an order stream; undefined for any other stream (reference reservations too). */
export const orderIdOf = orders.idOf;
