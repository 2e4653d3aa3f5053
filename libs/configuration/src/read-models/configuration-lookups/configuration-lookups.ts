import type { Database } from '@shipledger/database';
import { CachedStreamLoader } from '@shipledger/ddd';
import type { EventStore } from '@shipledger/event-store';
import {
  allowsMerchant, configurationStreamId, foldConfiguration, initialConfigurationState, KINDS, parseCoords, type ConfigurationEvent, type ConfigurationState, type AttributeDefinition, type AttributeEntityType, type ConfigurationKind,
  type ConfigurationObject,
} from '../../domain';
import { findConfigurationObject, findConfigurationObjectsByCode, listConfigurationObjects } from './configuration-lookups.queries';

/**
 * resolveLocation's merchant for tenant-wide resources (inventory levels): any live location of the
 * tenant, whichever merchants it serves. `undefined` means "no merchant": only unrestricted locations.
 */
export const ANY_MERCHANT = Symbol('any merchant');

/** A live location as other contexts use it: its id and the fields it was given (coords as the string). */
export interface ConfiguredLocation {
  location_id: string;
  fields: Readonly<Record<string, unknown>>;
  /** coords as a shipment address carries them. */
  coords?: [number, number];
}

/**
 * What other contexts ask the configuration (shipping today, ordering later). Reads the lookup read
 * model; a reference it does not find there is looked up once more in the event stream, so an object
 * is usable the moment its create is acknowledged (a change or a deletion reaches the checks within the
 * projection lag, milliseconds in one process).
 */
export class ConfigurationLookups {
  /** The kinds' streams read through a cache of the state last read: a read folds only the events after it. */
  private readonly streams: CachedStreamLoader<ConfigurationState>;

  constructor(private readonly database: Database, eventStore: EventStore) {
    this.streams = new CachedStreamLoader(eventStore,
      (state, recorded) => foldConfiguration(state, recorded.map((event) => ({ type: event.type, data: event.data }) as ConfigurationEvent)),
      initialConfigurationState);
  }

  /** Orders spec rule 6: the reference as a location id, else as a location code, for this merchant. */
  async resolveLocation(tenantId: string, merchant: string | undefined | typeof ANY_MERCHANT, reference: string): Promise<ConfiguredLocation | undefined> {
    const db = this.database.kysely;
    const byId = await findConfigurationObject(db, tenantId, 'location', reference);
    const candidates = [...(byId ? [byId] : []), ...(await findConfigurationObjectsByCode(db, tenantId, 'location', reference))];
    const found = pickLocation(candidates, merchant, reference)
      ?? pickLocation(await this.fromStream(tenantId, 'location'), merchant, reference);
    if (!found) return undefined;
    const coords = parseCoords(found.fields.coords);
    return { location_id: found.id, fields: found.fields, ...(coords ? { coords } : {}) };
  }

  /**
   * The merchant's live locations, from the event stream (never behind the projection): the orders
   * context allocates an order to the merchant's only location.
   */
  async locationsForMerchant(tenantId: string, merchant: string): Promise<ConfiguredLocation[]> {
    const objects = await this.fromStream(tenantId, 'location');
    return objects
      .filter((object) => !object.deleted && allowsMerchant(object.fields.merchants, merchant))
      .map((object) => {
        const coords = parseCoords(object.fields.coords);
        return { location_id: object.id, fields: object.fields, ...(coords ? { coords } : {}) };
      });
  }

  /** A configured delivery type code this merchant may use (the built-in codes are the caller's to allow). */
  async isDeliveryTypeConfigured(tenantId: string, merchant: string | undefined, code: string): Promise<boolean> {
    const usable = (objects: readonly ConfigurationObject[]) =>
      objects.some((object) => !object.deleted && object.fields.code === code && allowsMerchant(object.fields.merchants, merchant));
    if (usable(await findConfigurationObjectsByCode(this.database.kysely, tenantId, 'delivery_type', code))) return true;
    return usable(await this.fromStream(tenantId, 'delivery_type'));
  }

  /** A live time slot by id. */
  async findTimeSlot(tenantId: string, timeSlotId: string): Promise<{ time_slot_id: string; from: string; to: string } | undefined> {
    const found = await findConfigurationObject(this.database.kysely, tenantId, 'time_slot', timeSlotId)
      ?? (await this.fromStream(tenantId, 'time_slot')).find((object) => object.id === timeSlotId);
    if (!found || found.deleted) return undefined;
    return { time_slot_id: found.id, from: String(found.fields.from), to: String(found.fields.to) };
  }

  /** The tenant's live attribute definitions for an entity type (none: attributes are free-form). */
  async attributeDefinitions(tenantId: string, entityType: AttributeEntityType): Promise<AttributeDefinition[]> {
    const objects = await listConfigurationObjects(this.database.kysely, tenantId, 'attribute', 'oldest-first');
    return objects
      .filter((object) => object.fields.attribute_entity_type === entityType)
      .map((object) => object.fields as unknown as AttributeDefinition);
  }

  private async fromStream(tenantId: string, kind: ConfigurationKind): Promise<ConfigurationObject[]> {
    const { state } = await this.streams.load(configurationStreamId(kind, tenantId));
    return Object.values(state.objects);
  }
}

function pickLocation(objects: readonly ConfigurationObject[], merchant: string | undefined | typeof ANY_MERCHANT, reference: string): ConfigurationObject | undefined {
  const usable = objects.filter((object) => !object.deleted && (merchant === ANY_MERCHANT || allowsMerchant(object.fields.merchants, merchant)));
  const codeField = KINDS.location.codeField!;
  return usable.find((object) => object.id === reference) ?? usable.find((object) => object.fields[codeField] === reference);
}

