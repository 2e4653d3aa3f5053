import { Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { evolve, fold, shipmentStreamId, type ShipmentEvent, type ShipmentState } from '../../domain/shipment';
import { newMilestones, type Milestone } from '../../read-models/shipment-list/milestones';
import { TRACKING_REFRESHER, TRACKING_REFRESH_OUTCOMES, type TrackingRefresher, type TrackingRefreshOutcome } from '../ports/tracking-refresher.port';
import { ShipmentCommandService } from '../shared/shipment-command.service';
import { parseShipmentIds } from './bulk-status.handler';

/** A refresh asks carriers one shipment at a time: fewer ids than the plain bulk status. */
export const BULK_REFRESH_MAX_IDS = 100;

class MilestoneDto {
  @ApiProperty() status!: string;
  @ApiProperty({ format: 'date-time' }) date!: string;
}

export class RefreshedBulkStatusItemDto {
  @ApiProperty() shipmentId!: string;
  @ApiProperty() status!: string;
  @ApiProperty({ type: [MilestoneDto] }) milestones!: Milestone[];
  @ApiProperty({ enum: TRACKING_REFRESH_OUTCOMES, description: 'what asking the carrier gave (docs/api/manifests.md)' })
  refresh_outcome!: TrackingRefreshOutcome;
}

@ApiTags('shipments')
@UseErrorArea('shipping')
@Controller('shipments/bulk/status/refresh')
export class BulkStatusRefreshController {
  constructor(
    private readonly shipments: ShipmentCommandService,
    @Inject(TRACKING_REFRESHER) private readonly refresher: TrackingRefresher,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Post()
  @HttpCode(200)
  @RequireScopes('read:shipments')
  @ApiOperation({
    summary: 'Ask the carriers again for tracking, then answer the bulk status',
    description: `The query of GET /shipments/bulk/status, at most ${BULK_REFRESH_MAX_IDS} ids. Unknown ids and shipments the `
      + 'caller may not see are left out. Each item says what the refresh gave (refresh_outcome).',
  })
  @ApiQuery({ name: 'shipment_id', required: true, isArray: true, type: String })
  @ApiOkResponse({ type: [RefreshedBulkStatusItemDto] })
  async refresh(@CurrentAuth() auth: AuthContext, @Query('shipment_id') raw: unknown): Promise<RefreshedBulkStatusItemDto[]> {
    const ids = parseShipmentIds(raw);
    if (ids.length > BULK_REFRESH_MAX_IDS) {
      const message = `must list at most ${BULK_REFRESH_MAX_IDS} shipments`;
      throw ApiError.badRequest(`shipment_id : ${message}`, [{ field: 'shipment_id', message }]);
    }
    const found = await this.visible(auth, ids);
    const outcomes = await this.refresher.refresh(auth.tenantId, found.map((s) => ({
      shipment_id: s.shipment_id, tracking_no: s.tracking_no, carrier_account_id: s.carrier_account?.carrier_id,
    })));
    // Read from the streams, not the list read model: the answer includes what the refresh just recorded.
    return Promise.all(found.map(async (shipment, index) => ({ ...(await this.statusOf(shipment.shipment_id)), refresh_outcome: outcomes[index]! })));
  }

  private async visible(auth: AuthContext, ids: readonly string[]): Promise<ShipmentState[]> {
    const seen = new Set<string>();
    const states: ShipmentState[] = [];
    for (const id of ids) {
      const state = await this.shipments.get(auth.tenantId, id, { merchants: auth.merchants }).catch(() => undefined);
      if (!state || seen.has(state.shipment_id)) continue;
      seen.add(state.shipment_id);
      states.push(state);
    }
    return states;
  }

  /** The bulk status item (every milestone in order, repeats included), folded from the shipment's stream. */
  private async statusOf(shipmentId: string): Promise<{ shipmentId: string; status: string; milestones: Milestone[] }> {
    const events = await this.eventStore.readStream(shipmentStreamId(shipmentId));
    let state = fold([]);
    const milestones: Milestone[] = [];
    for (const event of events) {
      const after = evolve(state, { type: event.type, data: event.data } as ShipmentEvent);
      milestones.push(...newMilestones(state, after));
      state = after;
    }
    return { shipmentId, status: state.status, milestones };
  }
}
