/**
 * Refusals of the inventory context, answered in the orders-area error body {error, code, details}
 * (docs/api/inventory.md lists the codes). Never rename one.
 */
export const INVENTORY_ERROR_CODES = {
  validation_failed: 400,
  location_not_found: 400,
  on_hand_negative: 400,
  insufficient_stock: 400,
  merchant_not_found: 404,
  sku_not_found: 404,
  concurrent_update: 409,
} as const;

export type InventoryErrorCode = keyof typeof INVENTORY_ERROR_CODES;

export class InventoryRejected extends Error {
  constructor(readonly code: InventoryErrorCode, message: string, readonly details: { field: string; message: string }[] = []) {
    super(message);
    this.name = 'InventoryRejected';
  }

  get httpStatus(): number {
    return INVENTORY_ERROR_CODES[this.code];
  }
}
