import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { ShipmentRequestDto } from '../shared/dto/shipment-request.dto';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';
import { toShipmentPatch } from '../shared/shipment-request.mapper';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class ReprocessShipmentController {
  constructor(private readonly http: ShipmentHttp) {}

  @Post(':shipment_id/reprocess')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Reprocess (statuses of its list): optional partial body, carrier assigned, booking requested' })
  @ApiBody({ type: ShipmentRequestDto, required: false })
  @ApiOkResponse({ description: 'the shipment with status pending (or error with error_details)' })
  async reprocess(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: ShipmentRequestDto) {
    const patch = toShipmentPatch(body);
    await this.http.assertMerchant(auth, patch.merchant);
    const hasPatch = Object.keys(patch).length > 0;
    return this.http.run(auth, ref, { type: 'ReprocessShipment', patch: hasPatch ? patch : undefined, booking_attempt_id: randomUUID() });
  }
}
