import type { ShipmentContent, ShipmentRouting } from '../../domain/shipment';

/**
 * What routing answers for a shipment with no carrier account named:
 * - `not_configured`: the tenant has no active automation ruleset; shipping keeps the behaviour from
 *   before routing rules (the tenant's oldest active account, CARRIER_ACCOUNT_DIRECTORY.chooseByRouting);
 * - `routed`: the chosen rule's accounts in order of preference (the cheapest first with CHEAPEST_CARRIER);
 *   shipping takes the first that is active;
 * - `unmatched`: no rule matched → no_carrier_assigned (reassign: no effect, reassign rule 4).
 */
export type RoutingOutcome =
  | { kind: 'not_configured' }
  | { kind: 'routed'; carrier_account_ids: string[]; routing: ShipmentRouting }
  | { kind: 'unmatched'; routing: ShipmentRouting };

/** Implemented by the routing context (libs/routing, automation rulesets) and bound to SHIPMENT_ROUTER. */
export interface ShipmentRouter {
  route(tenantId: string, shipment: { shipment_id: string; content: ShipmentContent }, at: string): Promise<RoutingOutcome>;
}

export const SHIPMENT_ROUTER = Symbol.for('shipledger.shipping.shipment-router');
