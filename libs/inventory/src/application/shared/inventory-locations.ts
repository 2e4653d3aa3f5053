import { ANY_MERCHANT, type ConfigurationLookups } from '@shipledger/configuration';
import { InventoryRejected } from '../../domain';

/** `location_id` as everywhere (orders rule 6): a partner location id, else a location code. */
export async function resolveLocationId(lookups: ConfigurationLookups, tenantId: string, value: string, field = 'location_id'): Promise<string> {
  const found = await lookups.resolveLocation(tenantId, ANY_MERCHANT, value);
  if (!found) {
    const message = `No location found with the partner location id or location code: ${value}`;
    throw new InventoryRejected('location_not_found', message, [{ field, message }]);
  }
  return found.location_id;
}
