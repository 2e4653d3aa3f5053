import { aggregateStreamNames, hashedStreamId } from '@shipledger/ddd';

/** The names of the Order aggregate's streams: built and parsed here, and nowhere else. */
const REFERENCE_STREAM_PREFIX = 'order-ref-';
const orders = aggregateStreamNames('order-', [REFERENCE_STREAM_PREFIX]);

export const orderStreamId = orders.streamId;

/** One stream per (tenant, partner_order_reference): its existence is the uniqueness guarantee. */
export const orderReferenceStreamId = (tenantId: string, reference: string): string =>
  hashedStreamId(`${REFERENCE_STREAM_PREFIX}${tenantId}-`, reference);

/** The order id of an order stream; undefined for any other stream (reference reservations too). */
export const orderIdOf = orders.idOf;
