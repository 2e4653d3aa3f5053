import type { AutoAllocation, OrderCommandType, OrderEvent, OrderState } from '../../domain/order';

/**
 * The port through which ordering consumes inventory (rules 1 and 3). The inventory context implements
 * it; without it (or for a merchant that does not manage inventory) ordering allocates as before: the
 * merchant's only location, else an open FO.
 */
export const ORDER_INVENTORY = Symbol('ORDER_INVENTORY');

/** One line to place: the order line item id, its SKU and the units no FO holds yet. */
export interface UnitsToAllocate {
  id: string;
  sku?: string;
  quantity: number;
}

export interface AllocationRequest {
  tenantId: string;
  merchant: string;
  lines: UnitsToAllocate[];
  /** The shipping address's coordinates [lat, lng], for the distance tie-break. */
  destination?: [number, number];
  /** Draws the id of each FO the allocation creates. */
  newId: () => string;
}

/** A decision about to be appended to an order stream: the states on either side of it. */
export interface OrderInventoryChange {
  tenantId: string;
  orderId: string;
  command: OrderCommandType;
  /** The request's event ids chain: the ledger names the order operation that caused each movement. */
  before: OrderState;
  after: OrderState;
  /** The order's events before the decision, oldest first (none for a create): what inventory holds for it is their fold. */
  history: readonly OrderEvent[];
  /** The decision's events, about to be appended. */
  events: readonly OrderEvent[];
  at: string;
  actor: string;
  correlationId: string;
}

export interface OrderInventory {
  /** FOs from the merchant's locations and stock; undefined when the merchant does not manage inventory. */
  allocate(request: AllocationRequest): Promise<AutoAllocation | undefined>;
  /**
   * Records rule 3's effects of a decision before the order append (throws `insufficient_stock` when a
   * reservation would oversell). The answer undoes them when the order append then fails.
   */
  record(change: OrderInventoryChange): Promise<() => Promise<void>>;
}

/** No inventory: nothing allocated from stock, nothing recorded. */
export const NO_ORDER_INVENTORY: OrderInventory = {
  allocate: async () => undefined,
  record: async () => async () => undefined,
};
