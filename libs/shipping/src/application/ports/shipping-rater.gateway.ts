import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { ShipmentContent } from '../../domain/shipment';
import { SHIPPING_RATER, type ShippingRate, type ShippingRater } from './shipping-rater.port';

/** The ShippingRater the carriers module binds, found at call time (same reason as CarrierAccountsGateway). */
@Injectable()
export class ShippingRaterGateway implements ShippingRater {
  private rater?: ShippingRater;

  constructor(private readonly moduleRef: ModuleRef) {}

  rates(tenantId: string, content: ShipmentContent, at: string, carrierIds?: readonly string[]): Promise<ShippingRate[]> {
    return this.target().rates(tenantId, content, at, carrierIds);
  }

  rate(tenantId: string, carrierId: string, content: ShipmentContent, at: string): Promise<ShippingRate | undefined> {
    return this.target().rate(tenantId, carrierId, content, at);
  }

  private target(): ShippingRater {
    this.rater ??= this.moduleRef.get<ShippingRater>(SHIPPING_RATER, { strict: false });
    return this.rater;
  }
}
