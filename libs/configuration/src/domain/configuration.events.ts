import type { ConfigurationKind } from './configuration.kinds';

/**
 * What a client set on a configuration object (JSON-safe). PUT replaces it whole, so an event always
 * carries every field the object has after it.
 */
export type ConfigurationFields = Readonly<Record<string, unknown>> & { readonly merchants?: readonly string[] };

interface ConfigurationEventData {
  tenant_id: string;
  id: string;
  fields: ConfigurationFields;
  at: string;
  actor: string;
}

type EventsOf<Prefix extends string> =
  | { type: `${Prefix}Created`; data: ConfigurationEventData }
  | { type: `${Prefix}Updated`; data: ConfigurationEventData }
  /** `fields` are the object's last fields, so a consumer can remove references by code as well as by id. */
  | { type: `${Prefix}Deleted`; data: ConfigurationEventData };

export type LocationEvent = EventsOf<'Location'>;
export type DeliveryTypeEvent = EventsOf<'DeliveryType'>;
export type OrderTypeEvent = EventsOf<'OrderType'>;
export type TimeSlotEvent = EventsOf<'TimeSlot'>;
export type AttributeEvent = EventsOf<'Attribute'>;
export type ConfigurationEvent = LocationEvent | DeliveryTypeEvent | OrderTypeEvent | TimeSlotEvent | AttributeEvent;

const PREFIXES: Readonly<Record<ConfigurationKind, string>> = {
  location: 'Location', delivery_type: 'DeliveryType', order_type: 'OrderType', time_slot: 'TimeSlot', attribute: 'Attribute',
};

export type ConfigurationChange = 'Created' | 'Updated' | 'Deleted';

export const configurationEventType = (kind: ConfigurationKind, change: ConfigurationChange): ConfigurationEvent['type'] =>
  `${PREFIXES[kind]}${change}` as ConfigurationEvent['type'];

/** Every configuration event type, for projectors' `handles`. */
export const CONFIGURATION_EVENT_TYPES: readonly string[] = Object.keys(PREFIXES).flatMap((kind) =>
  (['Created', 'Updated', 'Deleted'] as const).map((change) => configurationEventType(kind as ConfigurationKind, change)));

/** The deletions other contexts consume to drop the references they hold (spec: "removes its references"). */
export const CONFIGURATION_DELETED_EVENT_TYPES: readonly string[] = CONFIGURATION_EVENT_TYPES.filter((type) => type.endsWith('Deleted'));

/** The kind and change an event type names, or undefined for another context's event. */
export function parseConfigurationEventType(type: string): { kind: ConfigurationKind; change: ConfigurationChange } | undefined {
  for (const [kind, prefix] of Object.entries(PREFIXES)) {
    if (!type.startsWith(prefix)) continue;
    const change = type.slice(prefix.length);
    if (change === 'Created' || change === 'Updated' || change === 'Deleted') return { kind: kind as ConfigurationKind, change };
  }
  return undefined;
}

/** What a deletion tells a consumer holding references: which object of which tenant, and its code. */
export interface ConfigurationDeletion {
  kind: ConfigurationKind;
  tenant_id: string;
  id: string;
  /** The code other resources may name it by (location_code, code, attribute_name), when it had one. */
  code?: string;
}

const CODE_FIELDS: Readonly<Partial<Record<ConfigurationKind, string>>> = {
  location: 'location_code', delivery_type: 'code', order_type: 'code', attribute: 'attribute_name',
};

/**
 * The deletion an event records, or undefined for any other event. A projector or reactor holding
 * references to configuration objects (rules, webhook filters, settings) handles
 * CONFIGURATION_DELETED_EVENT_TYPES and drops what this names: by id, and by code where it names codes.
 */
export function configurationDeletionOf(event: { type: string; data: unknown }): ConfigurationDeletion | undefined {
  const parsed = parseConfigurationEventType(event.type);
  if (parsed?.change !== 'Deleted') return undefined;
  const data = event.data as { tenant_id: string; id: string; fields: ConfigurationFields };
  const codeField = CODE_FIELDS[parsed.kind];
  const code = codeField ? data.fields[codeField] : undefined;
  return { kind: parsed.kind, tenant_id: data.tenant_id, id: data.id, ...(typeof code === 'string' ? { code } : {}) };
}
