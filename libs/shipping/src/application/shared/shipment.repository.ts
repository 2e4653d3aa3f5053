import { Inject, Injectable } from '@nestjs/common';
import { AggregateRepository, commandEventMetadata, type AggregateHandleOptions, type Loaded } from '@shipledger/ddd';
import { EVENT_STORE, type EventMetadata, type EventStore } from '@shipledger/event-store';
import { shipmentDecider, type ShipmentCommand, type ShipmentEvent, type ShipmentState } from '../../domain/shipment';
import type { CommandMeta } from './command-meta';
import { shipmentStreamId } from '../../domain/shipment';

export const SHIPMENT_EVENT_SCHEMA_VERSION = 1;

export type LoadedShipment = Loaded<ShipmentState>;

/** `handle`'s options; the metadata defaults to shipmentEventMetadata. */
export type ShipmentHandleOptions = AggregateHandleOptions<ShipmentCommand, ShipmentEvent, ShipmentState>;

/** Shipment streams through the one write path (`handle` of @shipledger/ddd) with shipping's metadata. */
@Injectable()
export class ShipmentRepository extends AggregateRepository<ShipmentCommand, ShipmentEvent, ShipmentState> {
  constructor(@Inject(EVENT_STORE) eventStore: EventStore) {
    super(eventStore, {
      decider: shipmentDecider, streamId: shipmentStreamId, schemaVersion: SHIPMENT_EVENT_SCHEMA_VERSION,
      withId: (state, shipmentId) => ({ ...state, shipment_id: shipmentId }),
    });
  }
}

/** The metadata of an event a shipping command appends: its own time and actor, the request's ids. */
export function shipmentEventMetadata(event: { data: { at: string; actor: string } }, tenantId: string, meta: CommandMeta): EventMetadata {
  return commandEventMetadata(event, tenantId, meta, SHIPMENT_EVENT_SCHEMA_VERSION);
}
