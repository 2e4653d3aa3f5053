import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsISO8601, MaxLength } from 'class-validator';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { DATE_TIME_MAX } from '../shared/dto/common.dto';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';
import { normaliseDateTime } from '../shared/shipment-request.mapper';

export class UpdateDeliveryPromiseDto {
  @ApiProperty({ format: 'date-time', description: 'the first promise is kept as original_promised_delivery_date' })
  @IsISO8601() @MaxLength(DATE_TIME_MAX) revised_promised_delivery_date!: string;
}

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class DeliveryPromiseController {
  constructor(private readonly http: ShipmentHttp) {}

  @Post(':shipment_id/update-delivery-promise')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Revise the promised delivery date (not in a final status)' })
  @ApiOkResponse({ description: 'the shipment' })
  async update(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: UpdateDeliveryPromiseDto) {
    const promised = normaliseDateTime(body.revised_promised_delivery_date);
    return this.http.run(auth, ref, { type: 'UpdateDeliveryPromise', promised_delivery_date: promised });
  }
}
