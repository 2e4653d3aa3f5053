/**
 * The five configuration resources as data: what each is called on the wire, how its events are
 * named, which field is its code, which fields never change after create, and what makes two live
 * objects collide. The decider, the controllers and the lookup projector all read this table.
 */
export type ConfigurationKind = 'location' | 'delivery_type' | 'order_type' | 'time_slot' | 'attribute';

export const CONFIGURATION_KINDS: readonly ConfigurationKind[] = ['location', 'delivery_type', 'order_type', 'time_slot', 'attribute'];

/**
 * `code-per-tenant`: two live objects may not share the code. `code-per-merchant`: two live objects may
 * not share the code when their merchants overlap (no merchants = every merchant). `none`: no code.
 */
export type Uniqueness = 'code-per-tenant' | 'code-per-merchant' | 'none';

export interface KindSpec {
  kind: ConfigurationKind;
  /** Event type prefix: `${eventPrefix}Created`, `…Updated`, `…Deleted`. */
  eventPrefix: string;
  /** Words for messages: "No location found with the location id: X". */
  noun: string;
  /** The id field of the response. */
  idField: string;
  /** The field that names the object to other resources (a location code, a delivery type code). */
  codeField?: string;
  /** Fields a PUT keeps from the stored object whatever it sends. */
  immutable: readonly string[];
  uniqueness: Uniqueness;
  /** Extra key of the uniqueness scope (an attribute name is unique per entity type). */
  uniqueWithin?: string;
}

export const KINDS: Readonly<Record<ConfigurationKind, KindSpec>> = {
  location: {
    kind: 'location', eventPrefix: 'Location', noun: 'location', idField: 'location_id',
    codeField: 'location_code', immutable: [], uniqueness: 'code-per-merchant',
  },
  delivery_type: {
    kind: 'delivery_type', eventPrefix: 'DeliveryType', noun: 'delivery type', idField: 'delivery_type_id',
    codeField: 'code', immutable: ['code'], uniqueness: 'code-per-tenant',
  },
  order_type: {
    kind: 'order_type', eventPrefix: 'OrderType', noun: 'order type', idField: 'id',
    codeField: 'code', immutable: ['code'], uniqueness: 'code-per-tenant',
  },
  time_slot: {
    kind: 'time_slot', eventPrefix: 'TimeSlot', noun: 'time slot', idField: 'time_slot_id',
    immutable: [], uniqueness: 'none',
  },
  attribute: {
    kind: 'attribute', eventPrefix: 'Attribute', noun: 'custom attribute', idField: 'custom_attribute_id',
    codeField: 'attribute_name', immutable: [], uniqueness: 'code-per-merchant', uniqueWithin: 'attribute_entity_type',
  },
};
