import type {
  FoDelivery,
  JsonObject,
  LineItemInput,
  LineItemQuantity,
  OrderContent,
  OrderAllocation,
  ShipmentRequest,
} from './order.content';
import type { CancellationReason } from './order.status';

/** Who and when: time, actor and every new id reach `decide` through the command, never from a clock. */
interface Stamp {
  at: string;
  actor: string;
}

type Command<TType extends string, TData> = { type: TType } & TData & Stamp;

/** An FO of a create request; `location_id` already resolved to a partner location id. */
export interface FoInput {
  fulfillment_order_id: string;
  partner_fulfillment_order_reference?: string;
  location_id?: string;
  delivery?: FoDelivery;
  service_metadata?: JsonObject[];
  line_items: LineItemQuantity[];
}

/**
 * An FO of an update request (rule 2): matched by id, then by partner reference; when neither matches it
 * is created with `new_fulfillment_order_id`. Omitted fields of a matched FO are kept.
 */
export interface FoUpdateInput {
  fulfillment_order_id?: string;
  partner_fulfillment_order_reference?: string;
  new_fulfillment_order_id: string;
  location_id?: string;
  delivery?: FoDelivery;
  service_metadata?: JsonObject[];
  line_items?: LineItemQuantity[];
}

/**
 * Where quantity no FO holds goes: a new FO with this id, allocated at `location_id` when the
 * application found the merchant's only allowed location, otherwise open.
 */
export interface RemainderPlacement {
  fulfillment_order_id: string;
  location_id?: string;
}

/**
 * Automatic allocation from inventory (rule 1), chosen by the application before deciding: the FOs it
 * placed, why, and the cancellation reason when the merchant's setting cancels an order it could not fill.
 * Units it left out go to the remainder FO (open, no location).
 */
export interface AutoAllocation {
  fulfillment_orders: FoInput[];
  explanation: OrderAllocation;
  cancellation_reason?: CancellationReason;
}

export type CreateOrder = Command<'CreateOrder', {
  order_id: string;
  tenant_id: string;
  content: OrderContent;
  line_items: LineItemInput[];
  /** Rule 1: when given, the caller places the items; otherwise automatic allocation. */
  fulfillment_orders?: FoInput[];
  remainder: RemainderPlacement;
  /** Used when fulfillment_orders is omitted; the remainder alone (today's rule) when absent. */
  allocation?: AutoAllocation;
}>;

export type UpdateOrder = Command<'UpdateOrder', {
  changes: OrderContent;
  line_items?: LineItemInput[];
  fulfillment_orders?: FoUpdateInput[];
  remainder: RemainderPlacement;
  /** FOs for the units the update leaves unplaced, when fulfillment_orders is omitted. */
  allocation?: AutoAllocation;
}>;

export type CancelOrder = Command<'CancelOrder', { cancellation_reason: CancellationReason }>;

/** The FO named in a path: its id, or else its partner reference. */
interface OnFo {
  fulfillment_order_id: string;
}

export type FulfillFulfillmentOrder = Command<'FulfillFulfillmentOrder', OnFo & {
  /** Omitted: every pending (open or allocated) item. */
  line_items?: LineItemQuantity[];
  fulfillment_id: string;
  partner_fulfillment_reference?: string;
  shipment_id: string;
  skip_shipping: boolean;
  create_draft_shipment: boolean;
  shipment_request: ShipmentRequest;
  /** The FO location's address, resolved by the application. */
  pickup?: JsonObject;
}>;

export type UnfulfillFulfillmentOrder = Command<'UnfulfillFulfillmentOrder', OnFo & {
  fulfillment_ids: string[];
  partner_fulfillment_order_reference?: string;
  /** Linked shipments the shipping context reports as already handed to the carrier (shipped or later). */
  shipped_shipment_ids: string[];
}>;

export interface FoReference {
  fulfillment_order_id?: string;
  partner_fulfillment_order_reference?: string;
}

export type MergeFulfillmentOrders = Command<'MergeFulfillmentOrders', {
  source: FoReference & { line_items?: LineItemQuantity[] };
  destination: FoReference;
}>;

export type SplitFulfillmentOrder = Command<'SplitFulfillmentOrder', OnFo & {
  line_items: LineItemQuantity[];
  new_fulfillment_order_id: string;
  location_id?: string;
  partner_fulfillment_order_reference?: string;
}>;

export type CancelFulfillmentOrderLineItems = Command<'CancelFulfillmentOrderLineItems', OnFo & {
  cancellation_reason: CancellationReason;
  line_items: LineItemQuantity[];
}>;

export type ShipFulfillmentOrderLineItems = Command<'ShipFulfillmentOrderLineItems', OnFo & {
  line_items: LineItemQuantity[];
  shipment_id: string;
  create_draft_shipment: boolean;
  shipment_request: ShipmentRequest;
  pickup?: JsonObject;
}>;

export type UpdateFulfillmentOrderLocation = Command<'UpdateFulfillmentOrderLocation', OnFo & { location_id: string }>;

/** Exactly one of the two (rule of the update-details row). */
export type UpdateFulfillmentOrderDetails = Command<'UpdateFulfillmentOrderDetails', OnFo & {
  partner_fulfillment_order_reference?: string;
  fulfillments?: { fulfillment_id: string; partner_fulfillment_reference: string }[];
}>;

export type FulfillmentOrderCommand =
  | FulfillFulfillmentOrder
  | UnfulfillFulfillmentOrder
  | MergeFulfillmentOrders
  | SplitFulfillmentOrder
  | CancelFulfillmentOrderLineItems
  | ShipFulfillmentOrderLineItems
  | UpdateFulfillmentOrderLocation
  | UpdateFulfillmentOrderDetails;

export type OrderCommand = CreateOrder | UpdateOrder | CancelOrder | FulfillmentOrderCommand;

export type OrderCommandType = OrderCommand['type'];
