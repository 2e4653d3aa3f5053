import type { CreateManifest, ManifestCommand } from './manifest.commands';
import { ManifestCommandRejected, type ManifestProblem } from './manifest.errors';
import type { ManifestEvent, ManifestShipment } from './manifest.events';
import type { ManifestState } from './manifest.state';
import { allows, MANIFESTABLE_SHIPMENT_STATUSES, MANIFEST_TRANSITIONS, type ManifestTrigger } from './manifest.transitions';

/** decide(command, state) → events, or ManifestCommandRejected naming what is wrong. */
export function decide(command: ManifestCommand, state: ManifestState): ManifestEvent[] {
  const stamp = { at: command.at, actor: command.actor };
  switch (command.type) {
    case 'CreateManifest':
      if (state.exists) throw new ManifestCommandRejected('invalid', [{ field: 'manifest_id', message: `manifest ${state.manifest_id} exists` }]);
      return [createdEvent(command)];
    case 'RecordManifestSubmission': {
      // An answer to an earlier submission, or one already recorded, changes nothing.
      if (!state.exists || command.submission !== state.submission || state.status !== 'pending') return [];
      return command.outcome.ok
        ? [{ type: 'ManifestSubmitted', data: { ...stamp, carrier_manifest_reference: command.outcome.carrier_manifest_reference } }]
        : [{ type: 'ManifestSubmissionFailed', data: { ...stamp, error_details: command.outcome.error_details } }];
    }
    case 'RetryManifest':
      guard(state, 'retry');
      return [{ type: 'ManifestRetried', data: stamp }];
    case 'CancelManifest':
      guard(state, 'cancel');
      return [{ type: 'ManifestCancelled', data: stamp }];
    case 'ShipManifest':
      // Shipping again is a no-op: the application re-runs the (idempotent) shipment moves a crash cut short.
      if (state.exists && state.status === 'shipped') return [];
      guard(state, 'ship');
      return [{ type: 'ManifestShipped', data: stamp }];
    case 'DeleteManifest':
      guard(state, 'delete');
      return [{ type: 'ManifestDeleted', data: stamp }];
    default: {
      const never: never = command;
      throw new Error(`unknown command ${(never as { type: string }).type}`);
    }
  }
}

function guard(state: ManifestState, trigger: ManifestTrigger): void {
  if (!state.exists) throw new ManifestCommandRejected('not_found', [{ field: 'manifest_id', message: 'manifest not found' }]);
  if (allows(trigger, state.status)) return;
  const allowed = MANIFEST_TRANSITIONS[trigger].from.join(', ');
  throw new ManifestCommandRejected('status', [{ field: 'status', message: `cannot ${trigger} a manifest in status ${state.status} (allowed: ${allowed})` }]);
}

/** Each requested shipment is checked on its own: every violation is named, not only the first. */
export function shipmentProblems(command: CreateManifest): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const account = command.carrier_account?.carrier_account_id ?? command.requested_carrier_account_id;
  const pickup = command.pickup ?? command.shipments.find((s) => s.found)?.pickup;
  command.shipments.forEach((shipment, index) => {
    const field = `shipment_ids[${index}]`;
    const id = shipment.shipment_id;
    if (!shipment.found) {
      problems.push({ field, message: `shipment ${id} is unknown` });
      return;
    }
    if (!MANIFESTABLE_SHIPMENT_STATUSES.includes(shipment.status)) {
      problems.push({ field, message: `shipment ${id} is ${shipment.status}; a manifest takes only booked or ready_to_ship shipments` });
    }
    if (shipment.carrier_account_id !== account) {
      problems.push({ field, message: `shipment ${id} has carrier account ${shipment.carrier_account_id ?? 'none'}, not the manifest's ${account}` });
    }
    if (shipment.merchant !== command.merchant) {
      problems.push({ field, message: `shipment ${id} belongs to merchant ${shipment.merchant ?? 'none'}, not the manifest's ${command.merchant}` });
    }
    if (pickup !== undefined && shipment.pickup !== pickup) {
      problems.push({ field, message: `shipment ${id} is picked up at ${shipment.pickup || 'no pickup'}, not the manifest's ${pickup}` });
    }
    if (shipment.open_manifest) problems.push({ field, message: `shipment ${id} is already in open manifest ${shipment.open_manifest}` });
  });
  return problems;
}

function createdEvent(command: CreateManifest): ManifestEvent {
  const problems: ManifestProblem[] = [];
  if (!command.carrier_account) {
    problems.push({ field: 'carrier_account', message: `carrier account ${command.requested_carrier_account_id} is unknown or not active` });
  }
  problems.push(...shipmentProblems(command));
  if (problems.length > 0) throw new ManifestCommandRejected('invalid', problems);
  const account = command.carrier_account!;
  const shipments: ManifestShipment[] = command.shipments.map((s) => {
    if (!s.found) throw new Error('unreachable: unknown shipments were refused above');
    const { shipment_id, partner_shipment_reference, tracking_no, parcel_count, weight_kg } = s;
    return { shipment_id, ...(partner_shipment_reference ? { partner_shipment_reference } : {}), ...(tracking_no ? { tracking_no } : {}), parcel_count, weight_kg };
  });
  const first = command.shipments[0];
  return {
    type: 'ManifestCreated',
    data: {
      manifest_id: command.manifest_id,
      tenant_id: command.tenant_id,
      merchant: command.merchant,
      carrier_account_id: account.carrier_account_id,
      carrier: account.carrier,
      carrier_account_name: account.carrier_account_name,
      pickup: command.pickup ?? (first?.found ? first.pickup : ''),
      pickup_schedule_from: command.pickup_schedule_from,
      pickup_schedule_to: command.pickup_schedule_to,
      ship_manifest_date: command.ship_manifest_date,
      shipments,
      at: command.at,
      actor: command.actor,
    },
  };
}
