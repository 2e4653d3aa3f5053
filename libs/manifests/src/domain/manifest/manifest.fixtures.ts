import type { CreateManifest, ManifestCommand, ShipmentFacts } from './manifest.commands';
import type { ManifestEvent } from './manifest.events';
import type { ManifestStatus } from './manifest.status';
import type { ManifestTrigger } from './manifest.transitions';

export const STAMP = { at: '2026-11-24T08:00:00.000Z', actor: 'client-1' };
export const ACCOUNT = { carrier_account_id: 'acc-1', carrier: 'SANDBOX', carrier_account_name: 'Sandbox' };

export function bookedShipment(id: string, overrides: Partial<Extract<ShipmentFacts, { found: true }>> = {}): ShipmentFacts {
  return {
    found: true, shipment_id: id, partner_shipment_reference: `PSR-${id}`, tracking_no: `SBX${id}`, parcel_count: 2, weight_kg: 1.5,
    status: 'booked', carrier_account_id: 'acc-1', merchant: 'M1', pickup: 'WH-1', ...overrides,
  };
}

export function createCommand(shipments: ShipmentFacts[] = [bookedShipment('s1')], overrides: Partial<CreateManifest> = {}): CreateManifest {
  return {
    type: 'CreateManifest', manifest_id: 'man-1', tenant_id: 't1', merchant: 'M1', carrier_account: ACCOUNT,
    requested_carrier_account_id: 'acc-1', shipments, ...STAMP, ...overrides,
  };
}

export const CREATED: ManifestEvent = {
  type: 'ManifestCreated',
  data: {
    manifest_id: 'man-1', tenant_id: 't1', merchant: 'M1', carrier_account_id: 'acc-1', carrier: 'SANDBOX', carrier_account_name: 'Sandbox',
    pickup: 'WH-1', shipments: [{ shipment_id: 's1', partner_shipment_reference: 'PSR-s1', tracking_no: 'SBXs1', parcel_count: 2, weight_kg: 1.5 }],
    pickup_schedule_from: undefined, pickup_schedule_to: undefined, ship_manifest_date: undefined, ...STAMP,
  },
};

/** The events that bring a manifest to `status` ([] = none: the manifest does not exist). */
export function eventsTo(status: ManifestStatus | 'none'): ManifestEvent[] {
  const submitted: ManifestEvent = { type: 'ManifestSubmitted', data: { carrier_manifest_reference: 'SBX-MAN-1', ...STAMP } };
  switch (status) {
    case 'none': return [];
    case 'pending': return [CREATED];
    case 'submitted': return [CREATED, submitted];
    case 'submission_failed': return [CREATED, { type: 'ManifestSubmissionFailed', data: { error_details: [{ code: 'x', message: 'no' }], ...STAMP } }];
    case 'shipped': return [CREATED, submitted, { type: 'ManifestShipped', data: STAMP }];
    case 'cancelled': return [CREATED, { type: 'ManifestCancelled', data: STAMP }];
    case 'deleted': return [CREATED, { type: 'ManifestDeleted', data: STAMP }];
  }
}

/** One command per trigger (the carrier's answers answer submission 1 or 2, whichever is current). */
export function commandFor(trigger: ManifestTrigger, submission = 1): ManifestCommand {
  switch (trigger) {
    case 'create': return createCommand();
    case 'carrier_accepted': return { type: 'RecordManifestSubmission', submission, outcome: { ok: true, carrier_manifest_reference: 'SBX-MAN-2' }, ...STAMP };
    case 'carrier_refused': return { type: 'RecordManifestSubmission', submission, outcome: { ok: false, error_details: [{ code: 'x', message: 'no' }] }, ...STAMP };
    case 'retry': return { type: 'RetryManifest', ...STAMP };
    case 'cancel': return { type: 'CancelManifest', ...STAMP };
    case 'ship': return { type: 'ShipManifest', ...STAMP };
    case 'delete': return { type: 'DeleteManifest', ...STAMP };
  }
}
