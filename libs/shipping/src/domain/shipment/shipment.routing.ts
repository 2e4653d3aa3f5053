/**
 * How routing chose (or failed to choose) a shipment's carrier account, as its history records it on
 * ShipmentConfirmed, ShipmentReprocessed, ShipmentReassigned or ShipmentValidationFailed (`routing`).
 * Absent when the request named the account or the tenant has no active automation ruleset (then the
 * oldest active account is taken, as before routing rules existed).
 */
export interface ShipmentRouting {
  rule_set_id?: string;
  rule_set_name?: string;
  rule_id?: string;
  rule_name?: string;
  carrier_choice?: 'CHEAPEST_CARRIER';
  /** In words: why the chosen rule matched and how the account was chosen, or why none was. */
  reason: string;
  /** The rules judged before the chosen one (all of them when none matched), each with its failed conditions. */
  not_matched: Array<{ rule_set_id: string; rule_id: string; rule_name: string; reasons: string[] }>;
}
