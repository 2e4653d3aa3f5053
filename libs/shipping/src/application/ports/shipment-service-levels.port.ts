import type { ServiceLevelDates, ShipmentContent } from '../../domain/shipment';

/**
 * Implemented by the routing context (its service-level rulesets) and bound to SHIPMENT_SERVICE_LEVELS.
 * `estimate`: the dates the tenant's active service-level rules give this shipment when it is created
 * or confirmed at `now` (ISO); undefined when no rule applies. Optional: without a binding (or rules)
 * the dates stay absent, as they were before service levels.
 */
export interface ShipmentServiceLevels {
  estimate(tenantId: string, shipment: { shipment_id: string; content: ShipmentContent }, now: string): Promise<ServiceLevelDates | undefined>;
}

export const SHIPMENT_SERVICE_LEVELS = Symbol.for('shipledger.shipping.shipment-service-levels');
