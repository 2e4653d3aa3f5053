import type { ManifestStatus } from './manifest.status';

/** What can happen to a manifest: its HTTP operations and the carrier's answers to a submission. */
export const MANIFEST_TRIGGERS = ['create', 'carrier_accepted', 'carrier_refused', 'retry', 'cancel', 'ship', 'delete'] as const;
export type ManifestTrigger = (typeof MANIFEST_TRIGGERS)[number];

export interface ManifestTransition {
  /** The statuses the trigger is allowed in ('none': the manifest does not exist yet). */
  from: readonly (ManifestStatus | 'none')[];
  to: ManifestStatus;
}

/**
 * The manifest's states and transitions as data: `decide` consults only this table, and the unit
 * tests walk every status × trigger against it. Any other pair is refused (400 over HTTP).
 */
export const MANIFEST_TRANSITIONS: Readonly<Record<ManifestTrigger, ManifestTransition>> = {
  create: { from: ['none'], to: 'pending' },
  carrier_accepted: { from: ['pending'], to: 'submitted' },
  carrier_refused: { from: ['pending'], to: 'submission_failed' },
  // pending too: a process that stopped between create and the carrier's answer is resumed by retry.
  retry: { from: ['pending', 'submission_failed'], to: 'pending' },
  cancel: { from: ['pending', 'submitted', 'submission_failed'], to: 'cancelled' },
  ship: { from: ['submitted'], to: 'shipped' },
  // A shipped manifest is the record of a hand-over: it stays.
  delete: { from: ['pending', 'submitted', 'submission_failed', 'cancelled'], to: 'deleted' },
};

/** Shipment statuses a manifest accepts (the silent doc: booked or ready_to_ship). */
export const MANIFESTABLE_SHIPMENT_STATUSES: readonly string[] = ['booked', 'ready_to_ship'];

export function allows(trigger: ManifestTrigger, status: ManifestStatus | 'none'): boolean {
  return MANIFEST_TRANSITIONS[trigger].from.includes(status);
}
