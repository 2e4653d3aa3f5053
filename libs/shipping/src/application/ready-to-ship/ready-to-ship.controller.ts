import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { UpdateParcelsDto } from '../shared/dto/parcel.dto';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';
import { withParcelIds } from '../shared/shipment-request.mapper';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class ReadyToShipController {
  constructor(private readonly http: ShipmentHttp) {}

  @Post(':shipment_id/ready-to-ship')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Mark a booked shipment ready to ship (optional parcel update)' })
  @ApiBody({ type: UpdateParcelsDto, required: false })
  @ApiOkResponse({ description: 'the shipment with status ready_to_ship' })
  async readyToShip(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: UpdateParcelsDto) {
    const parcels = body?.parcels ? withParcelIds(body.parcels) : undefined;
    return this.http.run(auth, ref, { type: 'MarkShipmentReadyToShip', parcels });
  }
}
