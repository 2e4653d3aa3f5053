import type { UniqueReferenceNames } from '@shipledger/ddd';

export class DuplicateReferenceError extends Error {
  constructor() {
    super('Duplicate partner shipment reference');
  }
}

/** partner_shipment_reference: unique per tenant, held by one shipment (the ShipmentReference events). */
export const SHIPMENT_REFERENCE: UniqueReferenceNames = {
  reserved: 'ShipmentReferenceReserved',
  released: 'ShipmentReferenceReleased',
  referenceField: 'partner_shipment_reference',
  holderField: 'shipment_id',
  duplicate: () => new DuplicateReferenceError(),
};
