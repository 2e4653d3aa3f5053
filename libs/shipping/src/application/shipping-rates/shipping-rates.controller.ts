import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext, type ApiErrorDetail } from '@shipledger/platform';
import type { ShipmentContent } from '../../domain/shipment';
import { SHIPPING_RATER, type ShippingRater } from '../ports/shipping-rater.port';
import type { ShippingRate } from '../ports/shipping-rater.port';
import { withParcelIds } from '../shared/shipment-request.mapper';
import { ShippingRatesRequestDto } from './shipping-rates.request';

/** A checkout quote: every active carrier account of the tenant prices the basket. Nothing is stored. */
@ApiTags('checkout')
@Controller('checkout')
@UseErrorArea('shipping')
export class ShippingRatesController {
  constructor(@Inject(SHIPPING_RATER) private readonly rater: ShippingRater) {}

  @Post('shipping-rates')
  @HttpCode(200)
  @RequireScopes('read:shipments')
  @ApiOperation({ summary: 'Rates of the tenant\'s active carrier accounts; an account that refuses is listed with error_details' })
  @ApiOkResponse({ description: '{shipping_rates: [...]}' })
  async rates(@CurrentAuth() auth: AuthContext, @Body() body: ShippingRatesRequestDto): Promise<{ shipping_rates: ShippingRate[] }> {
    requireDestination(body);
    const { carrier_accounts: limit, ...request } = body;
    const content = JSON.parse(JSON.stringify(request)) as ShipmentContent;
    if (content.parcels) content.parcels = withParcelIds(content.parcels);
    const carrierIds = limit?.map((entry) => entry.carrier_id);
    return { shipping_rates: await this.rater.rates(auth.tenantId, content, new Date().toISOString(), carrierIds) };
  }
}

/** Rates depend on the destination zone: without its city and country there is nothing to price. */
function requireDestination(body: ShippingRatesRequestDto): void {
  const details: ApiErrorDetail[] = (['city', 'country'] as const)
    .filter((field) => !body.dropoff[field]?.trim())
    .map((field) => ({ field: `dropoff.${field}`, message: 'must not be blank' }));
  if (details.length) throw new ApiError(400, details.map((d) => `${d.field} : ${d.message}`), 'validation_failed', details);
}
