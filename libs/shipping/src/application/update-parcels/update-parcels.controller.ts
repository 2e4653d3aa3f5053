import { Body, Controller, Header, Param, Put, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { UpdateParcelsDto } from '../shared/dto/parcel.dto';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ShipmentHttp } from '../shared/shipment-http';
import { withParcelIds } from '../shared/shipment-request.mapper';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class UpdateParcelsController {
  constructor(private readonly http: ShipmentHttp) {}

  /** Listed as deprecated (no replacement) but kept working; the header tells clients so (RFC 9745). */
  @Put(':shipment_id/parcels')
  @Header('Deprecation', '@1656547200')
  @Header('Link', '</shipments/{shipment_id}>; rel="alternate"')
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Replace the parcels (deprecated, still supported)', deprecated: true })
  @ApiOkResponse({ description: 'the shipment' })
  async updateParcels(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: UpdateParcelsDto) {
    if (!body?.parcels) throw ApiError.badRequest('parcels : must not be empty', [{ field: 'parcels', message: 'must not be empty' }], 'validation_failed');
    const parcels = withParcelIds(body.parcels);
    return this.http.run(auth, ref, { type: 'UpdateParcels', parcels });
  }
}
