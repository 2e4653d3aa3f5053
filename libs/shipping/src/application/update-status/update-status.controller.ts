import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, MaxLength } from 'class-validator';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../../domain/shipment';
import { DATE_TIME_MAX } from '../shared/dto/common.dto';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';
import { normaliseDateTime } from '../shared/shipment-request.mapper';

export class UpdateStatusDto {
  @ApiProperty({ enum: SHIPMENT_STATUSES })
  @IsIn(SHIPMENT_STATUSES as unknown as string[], { message: 'must be a shipment status' }) new_status!: ShipmentStatus;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() @MaxLength(DATE_TIME_MAX) update_date?: string;
}

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class UpdateStatusController {
  constructor(private readonly http: ShipmentHttp) {}

  @Post(':shipment_id/update-status')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Manual status change (only the moves of the manual status table)' })
  @ApiOkResponse({ description: 'the shipment' })
  async updateStatus(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: UpdateStatusDto) {
    const updateDate = body.update_date ? normaliseDateTime(body.update_date) : undefined;
    return this.http.run(auth, ref, { type: 'UpdateShipmentStatus', new_status: body.new_status, update_date: updateDate });
  }
}
