import type { UniqueReferenceNames } from '@shipledger/ddd';
import { reject } from './order.errors';
import { OrderMessages } from './order.messages';

/** partner_order_reference: unique per tenant, held by one order (the OrderReference events). */
export const ORDER_REFERENCE: UniqueReferenceNames = {
  reserved: 'OrderReferenceReserved',
  released: 'OrderReferenceReleased',
  referenceField: 'partner_order_reference',
  holderField: 'order_id',
  duplicate: (reference) => reject('duplicate_partner_order_reference', OrderMessages.duplicateReference(reference), 'partner_order_reference'),
};
