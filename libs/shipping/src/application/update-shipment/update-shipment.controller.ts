import { Body, Controller, Param, Patch, Put, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import type { ShipmentPatch } from '../../domain/shipment';
import { FullShipmentRequestDto, ShipmentRequestDto } from '../shared/dto/shipment-request.dto';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';
import { toShipmentContent, toShipmentPatch } from '../shared/shipment-request.mapper';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class UpdateShipmentController {
  constructor(private readonly http: ShipmentHttp) {}

  @Put(':shipment_id')
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Replace a draft or error shipment’s request' })
  @ApiOkResponse({ description: 'the shipment' })
  async replace(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: FullShipmentRequestDto) {
    const patch: ShipmentPatch = toShipmentContent(body);
    await this.http.assertMerchant(auth, patch.merchant);
    return this.http.run(auth, ref, { type: 'UpdateShipment', mode: 'replace', patch });
  }

  @Patch(':shipment_id')
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Partial update: supplied top-level objects replace whole; custom attributes merge, null removes' })
  @ApiOkResponse({ description: 'the shipment' })
  async patch(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: ShipmentRequestDto) {
    const patch = toShipmentPatch(body);
    await this.http.assertMerchant(auth, patch.merchant);
    return this.http.run(auth, ref, { type: 'UpdateShipment', mode: 'merge', patch });
  }
}
