import type { ShipmentContent, ShippingRater } from '@shipledger/shipping';

/** One account's price as CHEAPEST_CARRIER saw it (or why it could not be priced). */
export interface AccountPrice {
  carrier_account_id: string;
  amount?: number;
  currency?: string;
  error?: string;
}

export interface AccountChoice {
  /** The rule's accounts in order of preference: the cheapest first with CHEAPEST_CARRIER, else as listed. */
  carrier_account_ids: string[];
  reason: string;
  prices?: AccountPrice[];
}

/**
 * Orders a matching rule's accounts. With several accounts and CHEAPEST_CARRIER each is rated through
 * the carriers' rating (SHIPPING_RATER: only active accounts answer) and the cheapest comes first; ties
 * and accounts that could not be priced keep the rule's order after the priced ones. Otherwise the
 * rule's order stands (the first active account is used).
 */
export async function chooseAccount(
  rater: ShippingRater | undefined, tenantId: string, content: ShipmentContent, at: string,
  chosen: { carrier_account_ids: string[]; carrier_choice?: 'CHEAPEST_CARRIER' },
): Promise<AccountChoice> {
  const ids = chosen.carrier_account_ids;
  if (ids.length < 2 || chosen.carrier_choice !== 'CHEAPEST_CARRIER' || !rater) {
    return { carrier_account_ids: ids, reason: ids.length < 2 ? `its account ${ids[0]}` : `its first active account of [${ids.join(', ')}]` };
  }
  const rates = await rater.rates(tenantId, content, at, ids);
  const prices: AccountPrice[] = ids.map((id) => {
    const rate = rates.find((candidate) => candidate.carrier_account_id === id);
    if (!rate) return { carrier_account_id: id, error: 'not an active carrier account' };
    const cost = rate.estimated_shipping_cost;
    if (!cost) return { carrier_account_id: id, error: rate.error_details.map((detail) => detail.message).join('; ') || 'no price' };
    return { carrier_account_id: id, amount: cost.amount, currency: cost.currency };
  });
  const priced = prices.filter((price) => price.amount !== undefined).sort((a, b) => a.amount! - b.amount!);
  const order = [...priced.map((price) => price.carrier_account_id), ...ids.filter((id) => !priced.some((price) => price.carrier_account_id === id))];
  const shown = prices.map((price) => (price.amount !== undefined ? `${price.carrier_account_id} ${price.amount} ${price.currency}` : `${price.carrier_account_id} (${price.error})`)).join(', ');
  const reason = priced.length > 0
    ? `CHEAPEST_CARRIER: ${priced[0]!.carrier_account_id} at ${priced[0]!.amount} ${priced[0]!.currency} of ${shown}`
    : `CHEAPEST_CARRIER: no account could price it (${shown}); the rule's order stands`;
  return { carrier_account_ids: order, reason, prices };
}
