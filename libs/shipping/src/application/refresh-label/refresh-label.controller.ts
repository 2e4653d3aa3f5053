import { setTimeout as delay } from 'node:timers/promises';
import { Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { usableLink } from '../../domain/shipment';
import { ShipmentHttp, stampOf } from '../shared/shipment-http';
import { ShipmentRepository } from '../shared/shipment.repository';

/** How long label/refresh waits for the labels reactor to record the regenerated label. */
export const LABEL_REFRESH_TIMEOUT_MS = 15_000;

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class RefreshLabelController {
  constructor(private readonly http: ShipmentHttp, private readonly repository: ShipmentRepository) {}

  /**
   * Answers the default label URL. When it is missing, ShipmentLabelRefreshRequested asks the labels
   * reactor (carriers context) to render it again, and the call waits until the stream records it.
   */
  @Post(':shipment_id/label/refresh')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'The default label URL; regenerates the default label when it is missing' })
  @ApiOkResponse({ description: '{awb: default label URL}' })
  async refresh(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string): Promise<{ awb: string }> {
    const stamp = stampOf(auth);
    const state = await this.http.execute(auth, ref, { type: 'RefreshLabel', ...stamp });
    if (usableLink(state.labels.default_label_url, stamp.at)) return { awb: state.labels.default_label_url! };
    const stale = state.labels.default_label_url;
    const deadline = Date.now() + LABEL_REFRESH_TIMEOUT_MS;
    for (let pause = 20; Date.now() < deadline; pause = Math.min(pause * 2, 500)) {
      await delay(pause);
      const { state: current } = await this.repository.load(state.shipment_id);
      // A missing link, or an expired one being re-issued: wait for a different one.
      if (current.labels.default_label_url && current.labels.default_label_url !== stale) return { awb: current.labels.default_label_url };
    }
    throw new ApiError(503, ['The label is being regenerated; retry shortly'], 'label_pending', [], { 'retry-after': '5' });
  }
}
