import type {
  FulfillmentOrder,
  JsonObject,
  LineItem,
  LineItemQuantity,
  OrderAllocation,
  OrderContent,
  ShipmentRequest,
} from './order.content';
import type { CancellationReason, FoLineItemStatus, OrderStatus } from './order.status';

/**
 * Every event of the Order aggregate (stream `order-<order_id>`). Facts only, JSON-safe, and each says
 * who (`actor`: the client id or 'system') and when (`at`, ISO with ms). FO events carry the fulfillment
 * order as it is after the operation, so `evolve` replaces it whole and never recomputes a rule.
 * These shapes are a contract with the read models and reactors: never change one in place.
 */
interface Stamp {
  at: string;
  actor: string;
}

type Event<TType extends string, TData> = { type: TType; data: TData & Stamp };

export type OrderCreated = Event<'OrderCreated', {
  order_id: string;
  tenant_id: string;
  content: OrderContent;
  line_items: LineItem[];
  /** No FOs were given and no single location could take the items. */
  auto_allocation_failed: boolean;
  /** Automatic allocation's explanation (absent when the caller placed the items). */
  allocation?: OrderAllocation;
}>;

/** PATCH: `changes` are the simple fields supplied; `line_items`, when supplied, is the whole new list. */
export type OrderUpdated = Event<'OrderUpdated', {
  changes: OrderContent;
  line_items?: LineItem[];
  /** Present when the update allocated unplaced units automatically. */
  allocation?: OrderAllocation;
}>;

export type OrderCancelled = Event<'OrderCancelled', {
  cancellation_reason: CancellationReason;
  line_items: LineItem[];
  fulfillment_orders: FulfillmentOrder[];
}>;

export type OrderStatusRecalculated = Event<'OrderStatusRecalculated', {
  from: OrderStatus;
  to: OrderStatus;
}>;

export type FulfillmentOrderCreated = Event<'FulfillmentOrderCreated', { fulfillment_order: FulfillmentOrder }>;

/** PATCH replaced a matched FO (rule 2). */
export type FulfillmentOrderUpdated = Event<'FulfillmentOrderUpdated', { fulfillment_order: FulfillmentOrder }>;

export type FulfillmentOrderRemoved = Event<'FulfillmentOrderRemoved', { fulfillment_order_id: string }>;

/** The shipment a fulfill or ship asks the shipping context to create (id chosen by the application). */
export interface ShipmentToCreate {
  shipment_id: string;
  create_draft_shipment: boolean;
  line_items: LineItemQuantity[];
  request: ShipmentRequest;
  /** The FO location's address as it was when the shipment was asked for (the shipment's pickup). */
  pickup?: JsonObject;
}

export type FulfillmentOrderFulfilled = Event<'FulfillmentOrderFulfilled', {
  fulfillment_order: FulfillmentOrder;
  fulfillment_id: string;
  partner_fulfillment_reference?: string;
  line_items: (LineItemQuantity & { status: Extract<FoLineItemStatus, 'fulfilled' | 'closed'> })[];
  /** Absent when nothing needed shipping (skip_shipping, or no item requires shipping). */
  shipment?: ShipmentToCreate;
}>;

export type FulfillmentOrderUnfulfilled = Event<'FulfillmentOrderUnfulfilled', {
  fulfillment_order: FulfillmentOrder;
  fulfillment_ids: string[];
  /** Shipments linked to those fulfillments: cancelled in the shipping context if not already. */
  shipment_ids: string[];
}>;

export type FulfillmentOrderMerged = Event<'FulfillmentOrderMerged', {
  source: FulfillmentOrder;
  destination: FulfillmentOrder;
  line_items: LineItemQuantity[];
}>;

export type FulfillmentOrderSplit = Event<'FulfillmentOrderSplit', {
  fulfillment_order: FulfillmentOrder;
  new_fulfillment_order: FulfillmentOrder;
  line_items: LineItemQuantity[];
}>;

export type FulfillmentOrderLineItemsCancelled = Event<'FulfillmentOrderLineItemsCancelled', {
  fulfillment_order: FulfillmentOrder;
  cancellation_reason: CancellationReason;
  line_items: LineItemQuantity[];
  /** The order line items whose quantity moved to removed_quantity, as they are now. */
  order_line_items: LineItem[];
}>;

export type FulfillmentOrderLineItemsShipped = Event<'FulfillmentOrderLineItemsShipped', {
  fulfillment_order: FulfillmentOrder;
  shipment: ShipmentToCreate;
}>;

export type FulfillmentOrderLocationUpdated = Event<'FulfillmentOrderLocationUpdated', {
  fulfillment_order: FulfillmentOrder;
  previous_location_id?: string;
}>;

export type FulfillmentOrderDetailsUpdated = Event<'FulfillmentOrderDetailsUpdated', { fulfillment_order: FulfillmentOrder }>;

export type OrderEvent =
  | OrderCreated
  | OrderUpdated
  | OrderCancelled
  | OrderStatusRecalculated
  | FulfillmentOrderCreated
  | FulfillmentOrderUpdated
  | FulfillmentOrderRemoved
  | FulfillmentOrderFulfilled
  | FulfillmentOrderUnfulfilled
  | FulfillmentOrderMerged
  | FulfillmentOrderSplit
  | FulfillmentOrderLineItemsCancelled
  | FulfillmentOrderLineItemsShipped
  | FulfillmentOrderLocationUpdated
  | FulfillmentOrderDetailsUpdated;

export type OrderEventType = OrderEvent['type'];

export const ORDER_EVENT_TYPES: readonly OrderEventType[] = [
  'OrderCreated',
  'OrderUpdated',
  'OrderCancelled',
  'OrderStatusRecalculated',
  'FulfillmentOrderCreated',
  'FulfillmentOrderUpdated',
  'FulfillmentOrderRemoved',
  'FulfillmentOrderFulfilled',
  'FulfillmentOrderUnfulfilled',
  'FulfillmentOrderMerged',
  'FulfillmentOrderSplit',
  'FulfillmentOrderLineItemsCancelled',
  'FulfillmentOrderLineItemsShipped',
  'FulfillmentOrderLocationUpdated',
  'FulfillmentOrderDetailsUpdated',
];
