import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { CarrierAccountRequestDto } from '../shared/dto/common.dto';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';

export class ReassignShipmentDto {
  @ApiPropertyOptional({ type: CarrierAccountRequestDto, description: 'the original account retries; another reassigns; none: routing chooses' })
  @IsOptional() @ValidateNested() @Type(() => CarrierAccountRequestDto) carrier_account?: CarrierAccountRequestDto;
}

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class ReassignShipmentController {
  constructor(private readonly http: ShipmentHttp) {}

  @Post(':shipment_id/reassign')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Retry with the same carrier account, reassign to another, or let routing choose' })
  @ApiBody({ type: ReassignShipmentDto, required: false })
  @ApiOkResponse({ description: 'the shipment (unchanged when no account is given and routing finds none)' })
  async reassign(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: ReassignShipmentDto) {
    const requested = body?.carrier_account ? { ...body.carrier_account } : undefined;
    return this.http.run(auth, ref, { type: 'ReassignShipment', requested, booking_attempt_id: randomUUID() });
  }
}
