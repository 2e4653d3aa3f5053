import { Controller, Get, Param, Query, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { parseIsoInstant } from '../shared/iso-instant';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { GetShipmentHistory, type ShipmentHistoryAnswer } from './shipment-history.handler';

@ApiTags('shipments')
@UseErrorArea('shipping')
@Controller('shipments')
@UseFilters(ShipmentErrorsFilter)
export class ShipmentHistoryController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':shipment_id/history')
  @RequireScopes('read:shipments')
  @ApiOperation({
    summary: 'Audit history of a shipment, or the shipment as it was at a past instant',
    description: 'Without as_of: every event in order (type, occurred_at, actor, change, resulting_status, '
      + 'revision). With as_of: the shipment rebuilt from its events up to that instant (404 if it did not exist yet).',
  })
  @ApiParam({ name: 'shipment_id', description: 'shipment id or partner_shipment_reference' })
  @ApiQuery({ name: 'as_of', required: false, type: String, format: 'date-time',
    description: 'ISO 8601; without an offset UTC; a plain date means the end of that day' })
  @ApiOkResponse({ description: 'array of history entries, or one shipment with as_of' })
  async history(
    @CurrentAuth() auth: AuthContext,
    @Param('shipment_id') shipmentRef: string,
    @Query('as_of') rawAsOf: unknown,
  ): Promise<ShipmentHistoryAnswer> {
    if (rawAsOf === undefined) return this.queryBus.execute(new GetShipmentHistory(shipmentRef, auth));
    const asOf = typeof rawAsOf === 'string' ? parseIsoInstant(rawAsOf.trim(), 'end') : undefined;
    if (!asOf) {
      throw ApiError.badRequest('as_of : must be an ISO 8601 date-time', [{ field: 'as_of', message: 'must be an ISO 8601 date-time' }]);
    }
    return this.queryBus.execute(new GetShipmentHistory(shipmentRef, auth, asOf));
  }
}
