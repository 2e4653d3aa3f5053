import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@shipledger/event-store';
import { ApiError, type AuthContext } from '@shipledger/platform';
import { ShipmentMessages } from '../../domain/shipment/shipment.errors';
import { ShipmentCommandService } from '../shared/shipment-command.service';
import { toShipmentResponse } from '../shared/shipment-response';
import { shipmentStreamId } from '../../domain/shipment';
import { shipmentAsOf, shipmentTimeline, type ShipmentHistoryEntry } from './shipment-timeline';

export type ShipmentHistoryAnswer = ShipmentHistoryEntry[] | Record<string, unknown>;

/** GET /shipments/{id}/history: the timeline, or with `asOf` the shipment as it was then. */
export class GetShipmentHistory extends Query<ShipmentHistoryAnswer> {
  constructor(readonly shipmentRef: string, readonly auth: AuthContext, readonly asOf?: string) {
    super();
  }
}

/** Audit replay straight from the shipment's event stream, never from a read model. */
@QueryHandler(GetShipmentHistory)
export class ShipmentHistoryHandler implements IQueryHandler<GetShipmentHistory> {
  constructor(
    private readonly shipments: ShipmentCommandService,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ shipmentRef, auth, asOf }: GetShipmentHistory): Promise<ShipmentHistoryAnswer> {
    const events = await this.events(shipmentRef, auth);
    if (asOf === undefined) return shipmentTimeline(events);
    const state = shipmentAsOf(events, asOf);
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
