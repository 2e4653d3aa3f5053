import type { ShipmentStatus } from './shipment.status';

/**
 * The spec's tables and rules as data. `decide` consults only these; the table-driven unit tests walk
 * every cell (every status × every trigger) against them.
 */

/** Rule 1: PUT and PATCH succeed only in these statuses. */
export const EDITABLE_STATUSES: readonly ShipmentStatus[] = ['draft', 'error'];

/** Rule 2: confirm accepts only these statuses (use reprocess for the others). */
export const CONFIRMABLE_STATUSES: readonly ShipmentStatus[] = ['draft', 'error'];

/** Rule 3: reprocess accepts only these statuses. */
export const REPROCESSABLE_STATUSES: readonly ShipmentStatus[] = [
  'booked',
  'ready_to_ship',
  'error',
  'cancelled',
  'cancelled_by_carrier',
  'out_for_collection',
  'failed_collection_attempt',
  'ready_for_return',
  'return_in_transit',
  'returned',
];

/** Rule 4: reached only through update-status; a carrier tracking update never sets them. */
export const MERCHANT_CONTROLLED_STATUSES: readonly ShipmentStatus[] = ['shipped', 'delivery_confirmed', 'return_confirmed'];

export const SHIPMENT_RULES = {
  1: EDITABLE_STATUSES,
  2: CONFIRMABLE_STATUSES,
  3: REPROCESSABLE_STATUSES,
  4: MERCHANT_CONTROLLED_STATUSES,
} as const;

/** "Any status before shipped" (cancel); cancelled itself cannot be cancelled again. */
export const CANCELLABLE_STATUSES: readonly ShipmentStatus[] = [
  'draft',
  'pending',
  'booked',
  'error',
  'ready_to_ship',
  'cancelled_by_carrier',
  'out_for_collection',
  'failed_collection_attempt',
];

/** "Unshipped or error" (reassign): confirmed once, not cancelled, not yet handed to the carrier. */
export const REASSIGNABLE_STATUSES: readonly ShipmentStatus[] = [
  'pending',
  'booked',
  'error',
  'ready_to_ship',
  'out_for_collection',
  'failed_collection_attempt',
];

/** The spec leaves these open ("a status that allows it"): booked, or a collection to retry. */
export const READY_TO_SHIP_STATUSES: readonly ShipmentStatus[] = ['booked', 'failed_collection_attempt'];

/** Deprecated PUT parcels: while nothing has left the merchant and the shipment is alive. */
export const PARCEL_UPDATE_STATUSES: readonly ShipmentStatus[] = ['draft', 'pending', 'booked', 'error', 'ready_to_ship'];

/** Final statuses for schedule and promise updates. */
export const FINAL_STATUSES: readonly ShipmentStatus[] = ['delivered', 'returned', 'cancelled'];

/** The lifecycle table (rows triggered by an API call; carrier rows are decided by the booking answers). */
export type LifecycleTrigger = 'confirm' | 'reprocess' | 'cancel' | 'reassign' | 'ready_to_ship';

export const LIFECYCLE_TRANSITIONS: Readonly<Record<LifecycleTrigger, { from: readonly ShipmentStatus[]; to: ShipmentStatus }>> = {
  confirm: { from: CONFIRMABLE_STATUSES, to: 'pending' },
  reprocess: { from: REPROCESSABLE_STATUSES, to: 'pending' },
  cancel: { from: CANCELLABLE_STATUSES, to: 'cancelled' },
  reassign: { from: REASSIGNABLE_STATUSES, to: 'pending' },
  ready_to_ship: { from: READY_TO_SHIP_STATUSES, to: 'ready_to_ship' },
};

/** Manual status changes (update-status): new_status → the current statuses it may come from. */
export const MANUAL_STATUS_TRANSITIONS = {
  shipped: ['booked', 'ready_to_ship', 'failed_collection_attempt'],
  out_for_delivery: ['shipped', 'in_transit', 'failed_delivery_attempt', 'suspended', 'missing'],
  delivered: [
    'cancelled', 'shipped', 'in_transit', 'out_for_delivery', 'awaiting_customer_collection', 'failed_delivery_attempt',
    'suspended', 'missing', 'delayed', 'returned', 'delivery_confirmed',
  ],
  delivery_confirmed: ['delivered'],
  return_in_transit: [
    'shipped', 'in_transit', 'out_for_delivery', 'awaiting_customer_collection', 'failed_delivery_attempt',
    'ready_for_return', 'suspended', 'missing', 'delayed',
  ],
  returned: [
    'cancelled', 'shipped', 'in_transit', 'out_for_delivery', 'awaiting_customer_collection', 'failed_delivery_attempt',
    'ready_for_return', 'return_in_transit', 'suspended', 'missing', 'delayed', 'delivered', 'return_confirmed',
  ],
  return_confirmed: ['returned'],
} as const satisfies Partial<Record<ShipmentStatus, readonly ShipmentStatus[]>>;

export type ManualTargetStatus = keyof typeof MANUAL_STATUS_TRANSITIONS;

export function isManualMoveAllowed(from: ShipmentStatus, to: ShipmentStatus): boolean {
  const allowed = (MANUAL_STATUS_TRANSITIONS as Partial<Record<ShipmentStatus, readonly ShipmentStatus[]>>)[to];
  return allowed !== undefined && allowed.includes(from);
}
