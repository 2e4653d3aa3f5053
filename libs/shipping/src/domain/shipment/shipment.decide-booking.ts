import { hasBlockingError, validateForBooking, validatePreBooking } from './booking-validation';
import type { CarrierAssignment } from './shipment.commands';
import type { ShipmentRouting } from './shipment.routing';
import type { ShipmentContent } from './shipment.content';
import type { ShipmentEvent } from './shipment.events';
import { splitPatch } from './shipment.patch';
import type { ShipmentState } from './shipment.state';
import type { ErrorDetail, ShipmentPatch } from './shipment.content';

interface Stamp {
  at: string;
  actor: string;
}

/**
 * The outcome of sending a shipment to booking (confirmed create, confirm): prebooked → booked as given;
 * a blocking validation problem → error; otherwise pending with a booking request.
 */
export function decideBooking(
  content: ShipmentContent,
  carrier: CarrierAssignment,
  bookingAttemptId: string,
  stamp: Stamp,
  referenceProblems: readonly ErrorDetail[] = [],
): ShipmentEvent[] {
  if (content.pre_booked) {
    const problems = validatePreBooking(content);
    if (problems.length > 0) return [{ type: 'ShipmentValidationFailed', data: { error_details: problems, ...stamp } }];
    return [{
      type: 'ShipmentBooked',
      data: {
        booking_attempt_id: bookingAttemptId,
        tracking_no: content.pre_booking_info?.carrier_tracking_no ?? '',
        carrier: content.pre_booking_info?.input_carrier ?? '',
        pre_booked: true,
        ...stamp,
      },
    }];
  }
  const details = validateForBooking(content, carrier, referenceProblems);
  if (hasBlockingError(details) || carrier.kind !== 'assigned') {
    return [{ type: 'ShipmentValidationFailed', data: { error_details: details, ...routingOf(carrier), ...stamp } }];
  }
  return [
    { type: 'ShipmentConfirmed', data: { carrier_account: carrier.account, warnings: details, ...routingOf(carrier), ...stamp } },
    bookingRequested(carrier.account, bookingAttemptId, 'confirm', stamp),
  ];
}

/** The routing record a carrier assignment carries, spread into an event's data (nothing when absent). */
export function routingOf(carrier: CarrierAssignment): { routing?: ShipmentRouting } {
  return carrier.kind !== 'invalid' && carrier.routing ? { routing: carrier.routing } : {};
}

export function bookingRequested(
  account: { carrier: string; carrier_id: string; carrier_account_name: string },
  bookingAttemptId: string,
  reason: 'confirm' | 'reprocess' | 'reassign',
  stamp: Stamp,
): ShipmentEvent {
  return { type: 'ShipmentBookingRequested', data: { booking_attempt_id: bookingAttemptId, carrier_account: account, reason, ...stamp } };
}

/** Events of a partial body (PATCH, confirm, reprocess): top-level changes, then custom attributes. */
export function patchEvents(patch: ShipmentPatch | undefined, stamp: Stamp, mode: 'replace' | 'merge' = 'merge'): ShipmentEvent[] {
  if (!patch) return [];
  const { changes, customAttributes } = splitPatch(patch);
  const events: ShipmentEvent[] = [];
  if (mode === 'replace' || Object.values(changes).some((value) => value !== undefined)) {
    events.push({ type: 'ShipmentUpdated', data: { mode, changes, ...stamp } });
  }
  if (customAttributes && Object.keys(customAttributes).length > 0) {
    events.push({ type: 'CustomAttributesChanged', data: { changes: customAttributes, ...stamp } });
  }
  return events;
}

/** PUT replaces the custom attributes too: set the new ones and remove the ones it no longer names. */
export function replaceCustomAttributes(state: ShipmentState, patch: ShipmentPatch): ShipmentPatch {
  const next: Record<string, string[] | null> = {};
  for (const name of Object.keys(state.content.custom_attributes ?? {})) next[name] = null;
  for (const [name, values] of Object.entries(patch.custom_attributes ?? {})) next[name] = values;
  return { ...patch, custom_attributes: next };
}
