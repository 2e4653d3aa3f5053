import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { ShipmentContent } from '../../domain/shipment';
import { CARRIER_ACCOUNT_DIRECTORY, type CarrierAccountDirectory, type CarrierAccountSummary } from './carrier-account-directory.port';

/**
 * The CarrierAccountDirectory the carriers module binds, found across modules at call time: the
 * Shipping module then needs no import of the carriers module (which itself depends on Shipping's types).
 */
@Injectable()
export class CarrierAccountsGateway implements CarrierAccountDirectory {
  private directory?: CarrierAccountDirectory;

  constructor(private readonly moduleRef: ModuleRef) {}

  resolve(tenantId: string, request: { carrier_id?: string; carrier_account_name?: string }): Promise<CarrierAccountSummary | undefined> {
    return this.target().resolve(tenantId, request);
  }

  chooseByRouting(tenantId: string, shipment: { shipment_id: string; content: ShipmentContent }): Promise<CarrierAccountSummary | undefined> {
    return this.target().chooseByRouting(tenantId, shipment);
  }

  private target(): CarrierAccountDirectory {
    this.directory ??= this.moduleRef.get<CarrierAccountDirectory>(CARRIER_ACCOUNT_DIRECTORY, { strict: false });
    return this.directory;
  }
}
