/**
 * Delivery type codes every tenant may use without configuring them (the spec's examples use STANDARD;
 * the others are the usual service kinds of the carriers the interface serves). A configured delivery
 * type adds a code, restricted to its merchants when it lists any.
 */
export const BUILT_IN_DELIVERY_TYPES: readonly string[] = ['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY', 'SCHEDULED'];

export const isBuiltInDeliveryType = (code: string): boolean => BUILT_IN_DELIVERY_TYPES.includes(code);

/** True when an object restricted to `merchants` (none = every merchant) may be used by `merchant`. */
export const allowsMerchant = (merchants: readonly string[] | undefined, merchant: string | undefined): boolean =>
  !merchants?.length || (merchant !== undefined && merchants.includes(merchant));
