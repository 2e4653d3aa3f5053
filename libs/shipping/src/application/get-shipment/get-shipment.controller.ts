import { Controller, Get, Param, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';
import { toShipmentResponse } from '../shared/shipment-response';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class GetShipmentController {
  constructor(private readonly http: ShipmentHttp) {}

  /** Rebuilt from the event stream, so it always shows the last acknowledged command. */
  @Get(':shipment_id')
  @RequireScopes('read:shipments')
  @ApiOperation({ summary: 'Get a shipment by shipment id or partner_shipment_reference' })
  @ApiParam({ name: 'shipment_id', description: 'shipment id or the merchant’s partner_shipment_reference' })
  @ApiOkResponse({ description: 'the shipment' })
  async get(@CurrentAuth() auth: AuthContext, @Param('shipment_id') shipmentId: string): Promise<Record<string, unknown>> {
    return toShipmentResponse(await this.http.get(auth, shipmentId));
  }
}
