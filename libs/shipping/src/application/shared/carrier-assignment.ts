import type { CarrierAssignment, CarrierAccountRequest, ShipmentContent, ShipmentRouting } from '../../domain/shipment';
import type { CarrierAccountDirectory, CarrierAccountSummary } from '../ports/carrier-account-directory.port';
import type { ShipmentRouter } from '../ports/shipment-router.port';

/** The ports a carrier assignment asks: the directory always, the router when the app binds one. */
export interface CarrierAssignmentPorts {
  directory: CarrierAccountDirectory;
  router?: ShipmentRouter;
}

/**
 * The carrier for a booking: the account the request names (it must exist and be active), else the
 * one routing chooses (the first active account of the first matching rule, with the routing record
 * the history keeps), else — when the tenant has no active automation ruleset — its oldest active
 * account, as before routing rules existed; else none.
 */
export async function assignCarrier(
  ports: CarrierAssignmentPorts,
  tenantId: string,
  shipment: { shipment_id: string; content: ShipmentContent },
  requested: CarrierAccountRequest | undefined = shipment.content.carrier_account,
  at: string = new Date().toISOString(),
): Promise<CarrierAssignment> {
  const { directory, router } = ports;
  const name = requested?.carrier_id || requested?.carrier_account_name;
  if (requested && name) {
    const account = await directory.resolve(tenantId, requested);
    return account && account.status === 'active' ? assigned(account) : { kind: 'invalid', requested: name };
  }
  const outcome = router ? await router.route(tenantId, shipment, at) : { kind: 'not_configured' as const };
  if (outcome.kind === 'unmatched') return { kind: 'none', routing: outcome.routing };
  if (outcome.kind === 'routed') {
    for (const carrierId of outcome.carrier_account_ids) {
      const account = await directory.resolve(tenantId, { carrier_id: carrierId });
      if (account?.status === 'active') return assigned(account, outcome.routing);
    }
    const routing: ShipmentRouting = { ...outcome.routing, reason: `${outcome.routing.reason}; none of [${outcome.carrier_account_ids.join(', ')}] is an active carrier account` };
    return { kind: 'none', routing };
  }
  const routed = await directory.chooseByRouting(tenantId, shipment);
  return routed && routed.status === 'active' ? assigned(routed) : { kind: 'none' };
}

function assigned(account: CarrierAccountSummary, routing?: ShipmentRouting): CarrierAssignment {
  return {
    kind: 'assigned',
    account: { carrier: account.carrier, carrier_id: account.carrier_id, carrier_account_name: account.carrier_account_name },
    requirements: account.requirements,
    ...(routing ? { routing } : {}),
  };
}
