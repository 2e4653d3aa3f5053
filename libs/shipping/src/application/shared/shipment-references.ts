import { Inject, Injectable } from '@nestjs/common';
import { UniqueReferences } from '@shipledger/ddd';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { referenceStreamId, shipmentStreamId, SHIPMENT_REFERENCE } from '../../domain/shipment';
import { SHIPMENT_EVENT_SCHEMA_VERSION } from './shipment.repository';

export { DuplicateReferenceError } from '../../domain/shipment';

/** A reservation without its shipment after this long is an orphan of a crashed create. */
export const ORPHAN_AFTER_MS = 60_000;

/**
 * partner_shipment_reference uniqueness per tenant, and its resolution to a shipment id, on the event
 * store alone: `UniqueReferences` (libs/ddd) on the shipment's reference streams.
 */
@Injectable()
export class ShipmentReferences extends UniqueReferences {
  constructor(@Inject(EVENT_STORE) eventStore: EventStore) {
    super(eventStore, {
      names: SHIPMENT_REFERENCE, referenceStreamId, holderStreamId: shipmentStreamId,
      schemaVersion: SHIPMENT_EVENT_SCHEMA_VERSION, orphanAfterMs: ORPHAN_AFTER_MS,
    });
  }
}
