import type { ErrorDetail, ShipmentContent, ShippingCost } from '../../domain/shipment';

/** One carrier account's answer to a rating request (a row of `POST /checkout/shipping-rates`). */
export interface ShippingRate {
  carrier: string;
  carrier_account_id: string;
  carrier_account_name: string;
  service_name?: string;
  service_description?: string;
  /** The promised delivery date (YYYY-MM-DD) when shipped at the request time. */
  delivery_promise?: string;
  estimated_days?: number;
  /** Absent when the account cannot carry the shipment: `error_details` then says why. */
  estimated_shipping_cost?: ShippingCost;
  error_details: ErrorDetail[];
}

/**
 * Implemented by the carriers context (libs/carriers/src/rating) and bound to SHIPPING_RATER. `at` is the
 * request time (delivery promises count from it). `rates`: one rate per active account of the tenant,
 * limited to `carrierIds` when given; an account that refuses the shipment is listed with its errors.
 * `rate`: the rate of one account of the tenant, or undefined when the tenant has no such account.
 */
export interface ShippingRater {
  rates(tenantId: string, content: ShipmentContent, at: string, carrierIds?: readonly string[]): Promise<ShippingRate[]>;
  rate(tenantId: string, carrierId: string, content: ShipmentContent, at: string): Promise<ShippingRate | undefined>;
}

export const SHIPPING_RATER = Symbol.for('shipledger.shipping.shipping-rater');
