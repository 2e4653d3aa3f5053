import type { ConfigurationFields, ConfigurationKind } from '../../domain';
import { coordsString, parseCoords } from '../../domain';

/**
 * A validated request body as the fields an event stores: plain JSON, without the response-only fields
 * (id, deleted) a client may echo back, merchants without repeats, coords in the location's string form.
 */
export function toConfigurationFields(kind: ConfigurationKind, body: object): ConfigurationFields {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && !RESPONSE_ONLY[kind].includes(key)) fields[key] = value;
  }
  if (Array.isArray(fields.merchants)) fields.merchants = [...new Set(fields.merchants as string[])];
  if (kind === 'location' && fields.coords !== undefined) fields.coords = coordsString(parseCoords(fields.coords)!);
  if (kind === 'attribute') fields.attribute_entity_type ??= 'SHIPMENT';
  return JSON.parse(JSON.stringify(fields)) as ConfigurationFields;
}

const RESPONSE_ONLY: Readonly<Record<ConfigurationKind, readonly string[]>> = {
  location: ['location_id', 'deleted'],
  delivery_type: ['delivery_type_id', 'deleted'],
  order_type: ['id', 'deleted'],
  time_slot: ['time_slot_id', 'deleted'],
  attribute: ['custom_attribute_id', 'deleted'],
};
