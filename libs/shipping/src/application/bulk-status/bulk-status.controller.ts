import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import type { BulkStatusItem } from '../../read-models/shipment-list/shipment-list.queries';
import { BULK_STATUS_MAX_IDS, GetBulkStatus, parseShipmentIds } from './bulk-status.handler';

@ApiTags('shipments')
@UseErrorArea('shipping')
@Controller('shipments/bulk/status')
export class BulkStatusController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @RequireScopes('read:shipments')
  @ApiOperation({
    summary: 'Current status and every milestone of many shipments',
    description: 'Ids (or partner_shipment_references) comma-separated or repeated, at most '
      + `${BULK_STATUS_MAX_IDS}. Unknown ids and shipments the caller may not see are left out of the answer.`,
  })
  @ApiQuery({ name: 'shipment_id', required: true, isArray: true, type: String })
  @ApiOkResponse({ description: '[{shipmentId, status, milestones: [{status, date}]}]' })
  async status(@CurrentAuth() auth: AuthContext, @Query('shipment_id') raw: unknown): Promise<BulkStatusItem[]> {
    return this.queryBus.execute(new GetBulkStatus(parseShipmentIds(raw), auth));
  }
}
