/** Every order status of the spec, in lifecycle order. */
export const ORDER_STATUSES = [
  'open',
  'partially_allocated',
  'allocated',
  'partially_fulfilled',
  'fulfilled',
  'closed',
  'cancelled',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every status of a fulfillment order's line item. */
export const FO_LINE_ITEM_STATUSES = ['open', 'allocated', 'fulfilled', 'cancelled', 'closed'] as const;

export type FoLineItemStatus = (typeof FO_LINE_ITEM_STATUSES)[number];

/** The spec's cancellation reasons (order cancel and FO line-item cancel). */
export const CANCELLATION_REASONS = [
  'CUSTOMER_CANCELLATION',
  'AUTO_ALLOCATION_FAILED',
  'INVENTORY_OUT_OF_STOCK',
  'STAFF_ERROR',
  'PAYMENT_ISSUE',
  'OTHER',
] as const;

export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export function isCancellationReason(value: unknown): value is CancellationReason {
  return typeof value === 'string' && (CANCELLATION_REASONS as readonly string[]).includes(value);
}
