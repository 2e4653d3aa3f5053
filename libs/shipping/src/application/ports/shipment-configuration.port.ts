import type { Address } from '../../domain/shipment';

/** A configured location as a shipment address: the fields it fills where the request leaves them out. */
export interface ConfiguredAddress {
  location_id: string;
  address: Address;
}

export interface ShipmentConfigurationProblem {
  code: 'custom_attribute_invalid' | 'custom_attribute_value_invalid';
  field: string;
  message: string;
}

/**
 * Implemented by the configuration context (libs/configuration) and bound to SHIPMENT_CONFIGURATION.
 * `resolveLocation`: the merchant's live location named by id, else by location code (orders spec rule
 * 6). `isDeliveryTypeAllowed`: a built-in code, or a configured one the merchant may use.
 * `findTimeSlot`: a live time slot. `checkCustomAttributes`: problems with the attributes against the
 * tenant's SHIPMENT attribute definitions (none when it has no definitions).
 */
export interface ShipmentConfiguration {
  resolveLocation(tenantId: string, merchant: string | undefined, reference: string): Promise<ConfiguredAddress | undefined>;
  isDeliveryTypeAllowed(tenantId: string, merchant: string | undefined, code: string): Promise<boolean>;
  findTimeSlot(tenantId: string, timeSlotId: string): Promise<{ from: string; to: string } | undefined>;
  checkCustomAttributes(
    tenantId: string, merchant: string | undefined, attributes: Readonly<Record<string, readonly string[] | null>>,
  ): Promise<ShipmentConfigurationProblem[]>;
}

export const SHIPMENT_CONFIGURATION = Symbol.for('shipledger.shipping.shipment-configuration');
