/**
 * What a carrier declares it needs beyond the carrier-independent booking checks, as data: the
 * carriers context answers it for an account (through the CarrierAccountDirectory port), the
 * booking validation applies it. Every field is optional: absent = the carrier does not ask.
 */
export interface CarrierRequirements {
  /** Every item has a weight → else item_weight_missing. */
  item_weight?: boolean;
  /** Every parcel has width, height and depth → else parcel_dimensions_missing. */
  parcel_dimensions?: boolean;
  /** On an international shipment (pickup and dropoff countries differ) every item has hs_code and origin_country. */
  customs_items_international?: boolean;
  /** The payment modes the carrier takes → another one is payment_method_invalid. */
  payment_modes?: readonly string[];
  /** The label the account prints and the formats the carrier takes → label_format_invalid when not among them. */
  label_format?: { chosen: string; accepted: readonly string[] };
}
