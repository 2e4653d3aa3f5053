import { bookingRequested, decideBooking, patchEvents, replaceCustomAttributes, routingOf } from './shipment.decide-booking';
import { decideDocument, decideEstimate, decideRecord, decideSchedules } from './shipment.decide-side';
import type { ShipmentCommand } from './shipment.commands';
import { ShipmentCommandRejected, ShipmentMessages } from './shipment.errors';
import type { ShipmentEvent } from './shipment.events';
import { fold } from './shipment.evolve';
import type { ShipmentState } from './shipment.state';
import {
  CANCELLABLE_STATUSES,
  CONFIRMABLE_STATUSES,
  EDITABLE_STATUSES,
  isManualMoveAllowed,
  PARCEL_UPDATE_STATUSES,
  READY_TO_SHIP_STATUSES,
  REASSIGNABLE_STATUSES,
  REPROCESSABLE_STATUSES,
} from './shipment.transitions';
import { hasBlockingError, validateForBooking } from './booking-validation';
import { serviceLevelEvents } from './shipment.service-levels';

/** Decides the events a command produces on a shipment, or throws ShipmentCommandRejected. Pure. */
export function decide(command: ShipmentCommand, state: ShipmentState): ShipmentEvent[] {
  const stamp = { at: command.at, actor: command.actor };
  if (command.type === 'CreateShipment') {
    if (state.exists) throw new ShipmentCommandRejected('already_exists', ShipmentMessages.duplicateReference());
    const created = { shipment_id: command.shipment_id, tenant_id: command.tenant_id, content: command.content, ...stamp };
    const dates = (events: ShipmentEvent[]) => [...events, ...serviceLevelEvents(command.service_levels, fold(events, state), stamp)];
    if (command.draft) return dates([{ type: 'ShipmentDraftCreated', data: created }]);
    return dates([
      { type: 'ShipmentCreated', data: created },
      ...decideBooking(command.content, command.carrier, command.booking_attempt_id, stamp),
    ]);
  }
  if (!state.exists) throw new ShipmentCommandRejected('not_found', ShipmentMessages.notFound(state.shipment_id));
  const id = state.shipment_id;
  const status = state.status;
  switch (command.type) {
    case 'UpdateShipment': {
      if (!EDITABLE_STATUSES.includes(status)) throw new ShipmentCommandRejected('not_editable', ShipmentMessages.notEditable(id));
      const patch = command.mode === 'replace' ? replaceCustomAttributes(state, command.patch) : command.patch;
      return patchEvents(patch, stamp, command.mode);
    }
    case 'ConfirmShipment': {
      if (!CONFIRMABLE_STATUSES.includes(status)) {
        throw new ShipmentCommandRejected('not_confirmable', ShipmentMessages.notConfirmable(status));
      }
      const updates = patchEvents(command.patch, stamp);
      const patched = fold(updates, state);
      const booking = decideBooking(patched.content, command.carrier, command.booking_attempt_id, stamp, command.reference_problems);
      return [...updates, ...booking, ...serviceLevelEvents(command.service_levels, patched, stamp)];
    }
    case 'ReprocessShipment': {
      if (!REPROCESSABLE_STATUSES.includes(status)) {
        throw new ShipmentCommandRejected('not_reprocessable', ShipmentMessages.notReprocessable(status));
      }
      const updates = patchEvents(command.patch, stamp);
      const content = fold(updates, state).content;
      const details = validateForBooking(content, command.carrier, command.reference_problems);
      if (hasBlockingError(details) || command.carrier.kind !== 'assigned') {
        return [...updates, { type: 'ShipmentValidationFailed', data: { error_details: details, ...routingOf(command.carrier), ...stamp } }];
      }
      const account = command.carrier.account;
      return [
        ...updates,
        { type: 'ShipmentReprocessed', data: { previous_status: status, carrier_account: account, warnings: details, ...routingOf(command.carrier), ...stamp } },
        bookingRequested(account, command.booking_attempt_id, 'reprocess', stamp),
      ];
    }
    case 'CancelShipment':
      if (!CANCELLABLE_STATUSES.includes(status)) {
        throw new ShipmentCommandRejected('status_change_not_allowed', ShipmentMessages.statusChangeNotAllowed(status, 'cancelled'));
      }
      return [{ type: 'ShipmentCancelled', data: { previous_status: status, update_reason_code: command.update_reason_code, ...stamp } }];
    case 'ReassignShipment': {
      if (!REASSIGNABLE_STATUSES.includes(status)) {
        throw new ShipmentCommandRejected('status_change_not_allowed', ShipmentMessages.statusChangeNotAllowed(status, 'pending'));
      }
      if (command.carrier.kind === 'none') return [];
      if (command.carrier.kind === 'invalid') {
        throw new ShipmentCommandRejected('carrier_account_invalid', ShipmentMessages.carrierAccountInvalid(command.carrier.requested));
      }
      const account = command.carrier.account;
      return [
        {
          type: 'ShipmentReassigned',
          data: {
            previous_status: status, previous_carrier_account: state.carrier_account, carrier_account: account, ...routingOf(command.carrier), ...stamp,
          },
        },
        bookingRequested(account, command.booking_attempt_id, 'reassign', stamp),
      ];
    }
    case 'MarkShipmentReadyToShip':
      if (!READY_TO_SHIP_STATUSES.includes(status)) {
        throw new ShipmentCommandRejected('status_change_not_allowed', ShipmentMessages.statusChangeNotAllowed(status, 'ready_to_ship'));
      }
      return [{ type: 'ShipmentReadyToShip', data: { previous_status: status, parcels: command.parcels, ...stamp } }];
    case 'UpdateShipmentStatus':
      if (!isManualMoveAllowed(status, command.new_status)) {
        throw new ShipmentCommandRejected('status_change_not_allowed', ShipmentMessages.statusChangeNotAllowed(status, command.new_status));
      }
      return [{ type: 'ShipmentStatusChanged', data: { from: status, to: command.new_status, update_date: command.update_date, ...stamp } }];
    case 'UpdateParcels':
      if (!PARCEL_UPDATE_STATUSES.includes(status)) {
        throw new ShipmentCommandRejected('status_change_not_allowed', `Parcels cannot be updated in status: ${status}.`);
      }
      return [{ type: 'ParcelsUpdated', data: { parcels: command.parcels, ...stamp } }];
    case 'UpdateDeliveryPromise':
    case 'UpdateDeliverySchedule':
    case 'UpdateCollectionSchedule':
      return decideSchedules(command, state);
    case 'UploadDocument':
      return decideDocument(command, state);
    case 'EstimateShippingCost':
      return decideEstimate(command, state);
    case 'RefreshLabel':
    case 'RecordBookingSucceeded':
    case 'RecordBookingFailed':
    case 'RecordTrackingUpdate':
    case 'RecordLabelGenerated':
    case 'RecordDocumentUploadStatus':
      return decideRecord(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown shipment command: ${JSON.stringify(unknown)}`);
    }
  }
}
