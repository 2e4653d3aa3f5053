import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { SHIPMENT_CONFIGURATION, type ShipmentConfiguration } from './shipment-configuration.port';

/**
 * The ShipmentConfiguration the configuration module binds, found across modules at call time: the
 * Shipping module then needs no import of the configuration module (which depends on Shipping's types).
 */
@Injectable()
export class ShipmentConfigurationGateway implements ShipmentConfiguration {
  private configuration?: ShipmentConfiguration;

  constructor(private readonly moduleRef: ModuleRef) {}

  resolveLocation(...args: Parameters<ShipmentConfiguration['resolveLocation']>) {
    return this.target().resolveLocation(...args);
  }

  isDeliveryTypeAllowed(...args: Parameters<ShipmentConfiguration['isDeliveryTypeAllowed']>) {
    return this.target().isDeliveryTypeAllowed(...args);
  }

  findTimeSlot(...args: Parameters<ShipmentConfiguration['findTimeSlot']>) {
    return this.target().findTimeSlot(...args);
  }

  checkCustomAttributes(...args: Parameters<ShipmentConfiguration['checkCustomAttributes']>) {
    return this.target().checkCustomAttributes(...args);
  }

  private target(): ShipmentConfiguration {
    this.configuration ??= this.moduleRef.get<ShipmentConfiguration>(SHIPMENT_CONFIGURATION, { strict: false });
    return this.configuration;
  }
}
