import type { ConfiguredAddress, ShipmentConfiguration, ShipmentConfigurationProblem } from '@shipledger/shipping';
import { checkCustomAttributes, isBuiltInDeliveryType } from '../../domain';
import type { ConfigurationLookups } from '../../read-models/configuration-lookups/configuration-lookups';

/** Location fields that are shipment address fields of the same name. */
const ADDRESS_FIELDS = [
  'contact_name', 'contact_phone', 'contact_email', 'address1', 'address2', 'city', 'state', 'postcode', 'country', 'three_words_address',
] as const;

/** What the Shipping context asks of the configuration (its SHIPMENT_CONFIGURATION port). */
export class ShipmentConfigurationAdapter implements ShipmentConfiguration {
  constructor(private readonly lookups: ConfigurationLookups) {}

  async resolveLocation(tenantId: string, merchant: string | undefined, reference: string): Promise<ConfiguredAddress | undefined> {
    const location = await this.lookups.resolveLocation(tenantId, merchant, reference);
    if (!location) return undefined;
    const address: Record<string, unknown> = {};
    for (const field of ADDRESS_FIELDS) if (typeof location.fields[field] === 'string') address[field] = location.fields[field];
    if (location.coords) address.coords = location.coords;
    if (typeof location.fields.location_code === 'string') address.partner_location_code = location.fields.location_code;
    return { location_id: location.location_id, address };
  }

  async isDeliveryTypeAllowed(tenantId: string, merchant: string | undefined, code: string): Promise<boolean> {
    return isBuiltInDeliveryType(code) || this.lookups.isDeliveryTypeConfigured(tenantId, merchant, code);
  }

  findTimeSlot(tenantId: string, timeSlotId: string): Promise<{ from: string; to: string } | undefined> {
    return this.lookups.findTimeSlot(tenantId, timeSlotId);
  }

  async checkCustomAttributes(
    tenantId: string, merchant: string | undefined, attributes: Readonly<Record<string, readonly string[] | null>>,
  ): Promise<ShipmentConfigurationProblem[]> {
    if (Object.keys(attributes).length === 0) return [];
    return checkCustomAttributes(attributes, await this.lookups.attributeDefinitions(tenantId, 'SHIPMENT'), merchant);
  }
}
