import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';

export class CancelShipmentDto {
  @ApiPropertyOptional({ description: 'a standard or merchant-defined reason code' })
  @IsOptional() @IsString() @MaxLength(250) update_reason_code?: string;
}

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class CancelShipmentController {
  constructor(private readonly http: ShipmentHttp) {}

  @Post(':shipment_id/cancel')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Cancel a shipment that has not shipped yet' })
  @ApiBody({ type: CancelShipmentDto, required: false })
  @ApiOkResponse({ description: 'the cancelled shipment' })
  async cancel(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: CancelShipmentDto) {
    return this.http.run(auth, ref, { type: 'CancelShipment', update_reason_code: body?.update_reason_code });
  }
}
