import { Inject, Injectable } from '@nestjs/common';
import { commandEventMetadata, handle, loadStream, type CommandInput, type HandleOptions, type HandleResult, type Loaded } from '@shipledger/ddd';
import { EVENT_STORE, type EventMetadata, type EventStore } from '@shipledger/event-store';
import { shipmentDecider, type ShipmentCommand, type ShipmentEvent, type ShipmentState } from '../../domain/shipment';
import type { CommandMeta } from './command-meta';
import { shipmentStreamId } from '../../domain/shipment';

export const SHIPMENT_EVENT_SCHEMA_VERSION = 1;

export type LoadedShipment = Loaded<ShipmentState>;

type Options = HandleOptions<ShipmentCommand, ShipmentEvent, ShipmentState>;

/** `handle`'s options; the metadata defaults to shipmentEventMetadata. */
export type ShipmentHandleOptions = Omit<Options, 'metadata'> & Partial<Pick<Options, 'metadata'>>;

/** Shipment streams through the one write path (`handle` of @shipledger/ddd) with shipping's metadata. */
@Injectable()
export class ShipmentRepository {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load(shipmentId: string): Promise<LoadedShipment> {
    const loaded = await loadStream(this.eventStore, shipmentDecider, shipmentStreamId(shipmentId));
    return loaded.state.exists ? loaded : { ...loaded, state: { ...loaded.state, shipment_id: shipmentId } };
  }

  /** Load (or `options.loaded`), decide, append with the revision read; see `handle`. */
  handle(
    shipmentId: string,
    tenantId: string,
    input: CommandInput<ShipmentCommand, ShipmentState>,
    meta: CommandMeta,
    options: ShipmentHandleOptions = {},
  ): Promise<HandleResult<ShipmentCommand, ShipmentEvent, ShipmentState>> {
    return handle(this.eventStore, shipmentDecider, shipmentStreamId(shipmentId), input, {
      metadata: (event) => shipmentEventMetadata(event, tenantId, meta),
      ...options,
    });
  }
}

/** The metadata of an event a shipping command appends: its own time and actor, the request's ids. */
export function shipmentEventMetadata(event: { data: { at: string; actor: string } }, tenantId: string, meta: CommandMeta): EventMetadata {
  return commandEventMetadata(event, tenantId, meta, SHIPMENT_EVENT_SCHEMA_VERSION);
}
