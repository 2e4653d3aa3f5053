/**
 * Events of one inventory level (stream per tenant × location × SKU, see inventory.streams.ts). Every
 * change to on_hand or reserved is one event naming its cause; `on_hand` and `reserved` are the level
 * right after it, so the ledger reads without folding. JSON-safe; a contract with the read model.
 */

/** The order operations whose decisions move stock (rule 3), plus the undo of a failed order append. */
export type OrderOperation =
  | 'create' | 'update' | 'cancel' | 'cancel_line_items' | 'fulfill' | 'unfulfill'
  | 'merge' | 'split' | 'ship' | 'update_location' | 'update_details' | 'compensation';

export type InventoryCause =
  | {
    kind: 'order';
    order_id: string;
    /** The FOs whose items changed this level. */
    fulfillment_order_ids: string[];
    operation: OrderOperation;
    merchant?: string;
  }
  | { kind: 'manual'; operation: 'set' | 'adjust' | 'import'; reason?: string };

export interface InventoryMovementData {
  tenant_id: string;
  location_id: string;
  sku: string;
  on_hand_delta: number;
  reserved_delta: number;
  on_hand: number;
  reserved: number;
  cause: InventoryCause;
  at: string;
  actor: string;
}

type Event<TType extends string> = { type: TType; data: InventoryMovementData };

/** A stock count: on_hand set to a value (POST /inventory/set, CLI import). */
export type InventoryOnHandSet = Event<'InventoryOnHandSet'>;
/** A manual delta on on_hand (POST /inventory/adjust) with its reason. */
export type InventoryOnHandAdjusted = Event<'InventoryOnHandAdjusted'>;
/** reserved raised by an order (new allocation, quantity raised). */
export type InventoryReserved = Event<'InventoryReserved'>;
/** reserved lowered by an order (removed allocation, cancel, cancel line items, fulfill under ON_STOCK_SYNC). */
export type InventoryReleased = Event<'InventoryReleased'>;
/** Fulfilled under ON_ORDER_FULFILLED: on_hand lowered, and reserved by the units still reserved. */
export type InventoryCommitted = Event<'InventoryCommitted'>;
/** Unfulfilled under ON_ORDER_FULFILLED: on_hand raised (the units are not reserved again, rule 3). */
export type InventoryRestocked = Event<'InventoryRestocked'>;

export type InventoryLevelEvent =
  | InventoryOnHandSet
  | InventoryOnHandAdjusted
  | InventoryReserved
  | InventoryReleased
  | InventoryCommitted
  | InventoryRestocked;

export const INVENTORY_LEVEL_EVENT_TYPES: readonly InventoryLevelEvent['type'][] = [
  'InventoryOnHandSet', 'InventoryOnHandAdjusted', 'InventoryReserved', 'InventoryReleased', 'InventoryCommitted', 'InventoryRestocked',
];
