import type { Address } from '@shipledger/shipping';
import type { FoLineItemStatus } from './order.status';

/**
 * The order's field model (spec "Order" and "Update line item"), JSON-safe and in the spec's own
 * snake_case: events carry it unchanged and the HTTP layer maps DTOs onto it one to one. Shapes the spec
 * does not show (addresses, payment, discounts, shipping lines, metadata) are kept as given.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** An order's address: a shipment address's contact and place fields (an order's shipment takes it as is). */
export type OrderAddress = Pick<Address,
  'contact_name' | 'company_name' | 'contact_phone' | 'contact_email' | 'address1' | 'address2' | 'area' | 'city' | 'state'
  | 'postcode' | 'country' | 'coords'>;

export interface OrderPayment {
  payment_mode?: 'PRE_PAID' | 'CASH_ON_DELIVERY';
  payment_status?: string;
  currency?: string;
  total_amount?: number;
  pending_amount?: number;
}

export interface RequestSource {
  source_type?: string;
  source_name?: string;
}

/** The order's own fields (everything but ids, status, line items and FOs). */
export interface OrderContent {
  merchant?: string;
  partner_order_reference?: string;
  language?: string;
  order_date?: string;
  sales_channel?: string;
  creation_source?: RequestSource;
  update_source?: RequestSource;
  service_metadata?: JsonObject[];
  shipping_address?: OrderAddress;
  billing_address?: OrderAddress;
  customer?: OrderAddress;
  payment?: OrderPayment;
  taxes_included?: boolean;
  duties_included?: boolean;
  discount_applications?: JsonObject[];
  shipping_lines?: JsonObject[];
}

export interface OrderWeight {
  value: number;
  unit: 'kg' | 'g' | 'lb' | 'oz';
}

export interface OrderDimension {
  length: number;
  width: number;
  height: number;
  unit: 'cm' | 'in';
}

/** A line item's descriptive fields (spec "Update line item"); the decider reads none of them. */
export interface LineItemFacts {
  sku?: string;
  origin_country?: string;
  description?: string;
  barcode?: string;
  unit_price?: number;
  unit_cost?: number;
  discount_allocations?: { amount: number; discount_application_index: number }[];
  taxes?: { title?: string; rate?: number; amount?: number }[];
  duties?: { title?: string; amount?: number }[];
  weight?: OrderWeight;
  dimension?: OrderDimension;
  image_link?: string;
  product_ref?: string;
  product_id?: string;
  hs_code?: string;
  manufacturer_id?: string;
  material_composition?: string;
  dangerous_goods?: boolean;
  battery?: { type?: string; packing?: string; quantity?: number };
}

/** A line item as a request gives it (create or update). */
export interface LineItemInput extends LineItemFacts {
  id: string;
  requires_shipping: boolean;
  quantity: number;
}

/** A line item of the order: `quantity` is what is still ordered, `removed_quantity` what was taken off. */
export interface LineItem extends LineItemInput {
  removed_quantity: number;
}

/** A quantity of one order line item, as FO requests name them. */
export interface LineItemQuantity {
  id: string;
  quantity: number;
}

/** A share of one order line item inside a fulfillment order, in one status. */
export interface FoLineItem {
  /** The order line item's id. */
  id: string;
  quantity: number;
  status: FoLineItemStatus;
  fulfillment_id?: string;
  partner_fulfillment_reference?: string;
  /** Shipments created for this share (fulfill, ship); cleared by unfulfill. */
  shipment_ids: string[];
  cancellation_reason?: string;
}

export interface FoDelivery {
  delivery_type?: string;
  delivery_method?: string;
  [key: string]: JsonValue | undefined;
}

export interface FulfillmentOrder {
  fulfillment_order_id: string;
  partner_fulfillment_order_reference?: string;
  /** A partner location id of the configuration context, resolved before deciding. */
  location_id?: string;
  delivery?: FoDelivery;
  service_metadata?: JsonObject[];
  line_items: FoLineItem[];
}

/** The shipment configuration a fulfill or ship request carries; passed to the shipping context as is. */
export interface ShipmentRequest {
  carrier_account?: JsonObject;
  parcels?: JsonObject[];
  delivery?: JsonObject;
  payment?: JsonObject;
  pre_booking_info?: JsonObject;
}

/** One location automatic allocation looked at, and why it was or was not used (the history's `allocation` block). */
export interface AllocationCandidate {
  location_id: string;
  chosen: boolean;
  reason: string;
  /** Units of the order this location could take from its available stock (inventory managed only). */
  fillable_units?: number;
  /** Lower first: the merchant's location priority setting. */
  priority?: number;
  /** Kilometres to the shipping address, when both have coordinates. */
  distance_km?: number;
}

/** What automatic allocation decided and why; recorded on OrderCreated / OrderUpdated as `allocation`. */
export interface OrderAllocation {
  inventory_managed: boolean;
  /** single_location: one location takes everything; split: the fewest locations; none: nothing allocated. */
  strategy: 'single_location' | 'split' | 'partial' | 'none';
  considered: AllocationCandidate[];
  /** Units no location could take: they stay in an open FO. */
  unfilled: LineItemQuantity[];
}
