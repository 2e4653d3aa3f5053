/** Every shipment status of the spec (post_shipping_info.status), in lifecycle order. */
export const SHIPMENT_STATUSES = [
  'draft',
  'pending',
  'booked',
  'error',
  'ready_to_ship',
  'cancelled',
  'cancelled_by_carrier',
  'out_for_collection',
  'failed_collection_attempt',
  'shipped',
  'in_transit',
  'out_for_delivery',
  'awaiting_customer_collection',
  'failed_delivery_attempt',
  'suspended',
  'missing',
  'delayed',
  'delivered',
  'delivery_confirmed',
  'ready_for_return',
  'return_in_transit',
  'returned',
  'return_confirmed',
] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export function isShipmentStatus(value: unknown): value is ShipmentStatus {
  return typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);
}
