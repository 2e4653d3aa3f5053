import type { Json, Timestamp } from '@shipledger/database';
import type { InventoryCause } from '../domain';

/**
 * The Inventory context's tables: the inventory-levels read model (`rm_inventory_levels`,
 * inventory-levels.migrations.ts). Kept by hand beside the migrations: a column added there is added
 * here, and the compiler then checks every query that names it.
 */
export type InventoryLevelsTables = {
  /** One row per tenant × location × SKU: the level after the last event applied. */
  levels: {
    tenant_id: string;
    location_id: string;
    sku: string;
    on_hand: number;
    reserved: number;
    revision: number;
    updated_at: Timestamp;
  };
  /** One row per level event (its stream revision): the movement, the level after it and its cause. */
  ledger: {
    tenant_id: string;
    location_id: string;
    sku: string;
    revision: number;
    position: string;
    type: string;
    on_hand_delta: number;
    reserved_delta: number;
    on_hand: number;
    reserved: number;
    /** The order named by an order cause; null for a manual one. */
    order_id: string | null;
    cause: Json<InventoryCause>;
    actor: string;
    at: Timestamp;
  };
};
