/**
 * The stable `code` values of the orders error body `{error, code, details[{field, message}]}`, with the
 * HTTP status each answers. Documented in docs/api/orders.md; never rename one.
 */
export const ORDER_ERROR_CODES = {
  validation_failed: 400,
  duplicate_partner_order_reference: 400,
  order_not_updatable: 400,
  order_not_cancellable: 400,
  order_cancelled: 400,
  line_item_not_found: 400,
  duplicate_line_item: 400,
  line_item_status_not_allowed: 400,
  quantity_above_available: 400,
  quantity_placement_invalid: 400,
  nothing_to_fulfill: 400,
  fulfillment_not_found: 400,
  fulfillment_already_shipped: 400,
  merge_not_possible: 400,
  fulfillment_order_reference_conflict: 400,
  update_details_not_possible: 400,
  location_not_found: 400,
  insufficient_stock: 400,
  order_not_found: 404,
  fulfillment_order_not_found: 404,
  order_already_exists: 409,
  concurrent_update: 409,
} as const;

export type OrderErrorCode = keyof typeof ORDER_ERROR_CODES;

export interface OrderErrorDetail {
  field: string;
  message: string;
}

/** A command the rules refuse; `message` is the text the client sees, `details` name each field. */
export class OrderCommandRejected extends Error {
  readonly details: OrderErrorDetail[];

  constructor(readonly code: OrderErrorCode, message: string, details: OrderErrorDetail[] = []) {
    super(message);
    this.name = 'OrderCommandRejected';
    this.details = details;
  }

  get httpStatus(): number {
    return ORDER_ERROR_CODES[this.code];
  }
}

export function reject(code: OrderErrorCode, message: string, field?: string): OrderCommandRejected {
  return new OrderCommandRejected(code, message, field === undefined ? [] : [{ field, message }]);
}
