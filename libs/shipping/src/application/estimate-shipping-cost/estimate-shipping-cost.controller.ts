import { Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class EstimateShippingCostController {
  constructor(private readonly http: ShipmentHttp) {}

  @Post(':shipment_id/estimate-shipping-cost')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Ask the carrier account (named, or chosen by routing) to price a draft shipment' })
  @ApiOkResponse({ description: 'the shipment with estimated_shipping_cost' })
  async estimate(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string) {
    return this.http.run(auth, ref, { type: 'EstimateShippingCost' });
  }
}
