import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@shipledger/event-store';
import { ApiError, type AuthContext } from '@shipledger/platform';
import { ShipmentMessages } from '../../domain/shipment/shipment.errors';
import { ShipmentCommandService } from '../shared/shipment-command.service';
import { toShipmentResponse } from '../shared/shipment-response';
import { shipmentStreamId } from '../shared/shipment-streams';
import { shipmentAsOf, shipmentTimeline, type ShipmentHistoryEntry } from './shipment-timeline';

/**
 * Audit replay straight from the shipment's event stream (never a read model): the timeline, or the
 * shipment rebuilt as it was at a past instant.
 */
@Injectable()
export class ShipmentHistoryHandler {
  constructor(
    private readonly shipments: ShipmentCommandService,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async timeline(shipmentRef: string, auth: AuthContext): Promise<ShipmentHistoryEntry[]> {
    return shipmentTimeline(await this.events(shipmentRef, auth));
  }

  async asOf(shipmentRef: string, asOf: string, auth: AuthContext): Promise<Record<string, unknown>> {
    const state = shipmentAsOf(await this.events(shipmentRef, auth), asOf);
    if (!state) throw ApiError.notFound(`${ShipmentMessages.notFound(shipmentRef)} as of ${asOf}`);
    return toShipmentResponse(state);
  }

  /**
   * The stream of a shipment the caller may see (by id or partner reference). An unknown or invisible
   * one makes ShipmentCommandService throw the spec's not-found refusal (the controller's interceptor
   * answers 404).
   */
  private async events(shipmentRef: string, auth: AuthContext): Promise<RecordedEvent[]> {
    const { shipment_id: shipmentId } = await this.shipments.get(auth.tenantId, shipmentRef, { merchants: auth.merchants });
    // Read after the visibility check: events appended in between are simply part of the answer.
    return this.eventStore.readStream(shipmentStreamId(shipmentId));
  }
}
