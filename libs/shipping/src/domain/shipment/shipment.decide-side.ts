import type {
  EstimateShippingCost,
  RecordBookingFailed,
  RecordBookingSucceeded,
  RecordDocumentUploadStatus,
  RecordLabelGenerated,
  RecordTrackingUpdate,
  RefreshLabel,
  UpdateCollectionSchedule,
  UpdateDeliveryPromise,
  UpdateDeliverySchedule,
  UploadDocument,
} from './shipment.commands';
import { ShipmentCommandRejected, ShipmentMessages } from './shipment.errors';
import type { ShipmentEvent } from './shipment.events';
import type { ShipmentState } from './shipment.state';
import { carrierSetStatus } from './shipment.carrier-transitions';
import { FINAL_STATUSES } from './shipment.transitions';

/** Promise and schedules (endpoint rules 5 and 6): accepted while not in a final status. */
export function decideSchedules(
  command: UpdateDeliveryPromise | UpdateDeliverySchedule | UpdateCollectionSchedule,
  state: ShipmentState,
): ShipmentEvent[] {
  const stamp = { at: command.at, actor: command.actor };
  if (FINAL_STATUSES.includes(state.status)) {
    const what = command.type === 'UpdateDeliveryPromise' ? 'A delivery promise update' : 'A schedule update';
    throw new ShipmentCommandRejected('final_status', ShipmentMessages.finalStatus(what, state.status));
  }
  switch (command.type) {
    case 'UpdateDeliveryPromise':
      return [{
        type: 'DeliveryPromiseUpdated',
        data: {
          promised_delivery_date: command.promised_delivery_date,
          original_promised_delivery_date: state.original_promised_delivery_date ?? command.promised_delivery_date,
          ...stamp,
        },
      }];
    case 'UpdateDeliverySchedule':
      return [{ type: 'DeliveryScheduleUpdated', data: { schedule: command.schedule, ...stamp } }];
    case 'UpdateCollectionSchedule':
      return [{ type: 'CollectionScheduleUpdated', data: { schedule: command.schedule, ...stamp } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown schedule command: ${JSON.stringify(unknown)}`);
    }
  }
}

/** Documents (endpoint rule 7): single refuses an existing id, bulk creates or replaces, replace must exist. */
export function decideDocument(command: UploadDocument, state: ShipmentState): ShipmentEvent[] {
  const stamp = { at: command.at, actor: command.actor };
  const exists = state.documents.some((doc) => doc.document_id === command.document.document_id);
  if (command.mode === 'single' && exists) {
    throw new ShipmentCommandRejected('document_exists', ShipmentMessages.documentExists(command.document.document_id));
  }
  if (command.mode === 'replace' && !exists) {
    throw new ShipmentCommandRejected('document_missing', ShipmentMessages.documentMissing(command.document.document_id));
  }
  return [{ type: exists ? 'DocumentReplaced' : 'DocumentUploaded', data: { ...command.document, ...stamp } }];
}

/** Shipping-cost estimate (Shipments table): for a draft only, and only when the carrier gave a price. */
export function decideEstimate(command: EstimateShippingCost, state: ShipmentState): ShipmentEvent[] {
  if (state.status !== 'draft') throw new ShipmentCommandRejected('not_draft', ShipmentMessages.notDraftForEstimate(state.status));
  const { quote } = command;
  if (quote.kind === 'unrated') {
    const reasons = quote.error_details.filter((detail) => detail.level === 'ERROR').map((detail) => detail.message);
    throw new ShipmentCommandRejected('not_rated', ShipmentMessages.notRated(reasons.join('; ') || 'the carrier gave no price'));
  }
  return [{
    type: 'ShipmentShippingCostEstimated',
    data: { estimated_shipping_cost: quote.cost, carrier_account: quote.carrier_account, at: command.at, actor: command.actor },
  }];
}

/** Label refresh and the facts reported back by the carriers side. Stale booking answers decide nothing. */
export function decideRecord(
  command: RefreshLabel | RecordBookingSucceeded | RecordBookingFailed | RecordTrackingUpdate | RecordLabelGenerated | RecordDocumentUploadStatus,
  state: ShipmentState,
): ShipmentEvent[] {
  const stamp = { at: command.at, actor: command.actor };
  switch (command.type) {
    case 'RefreshLabel':
      if (!state.tracking_no) throw new ShipmentCommandRejected('not_booked', ShipmentMessages.notBooked(state.shipment_id));
      if (state.content.pre_booked && !state.labels.default_label_url) {
        throw new ShipmentCommandRejected('not_booked', ShipmentMessages.bookedElsewhere(state.shipment_id));
      }
      return usableLink(state.labels.default_label_url, command.at) ? [] : [{ type: 'ShipmentLabelRefreshRequested', data: { ...stamp } }];
    case 'RecordBookingSucceeded': {
      if (!isAwaited(state, command.booking_attempt_id)) return [];
      const { type: _type, at: _at, actor: _actor, ...facts } = command;
      return [{ type: 'ShipmentBooked', data: { ...facts, ...stamp } }];
    }
    case 'RecordBookingFailed':
      if (!isAwaited(state, command.booking_attempt_id)) return [];
      return [{
        type: 'ShipmentBookingFailed',
        data: { booking_attempt_id: command.booking_attempt_id, error_details: command.error_details, ...stamp },
      }];
    case 'RecordTrackingUpdate': {
      // Rule 4: shipped and the confirmations are the merchant's alone; a pickup scan (shipped) means in_transit.
      const status = command.stale ? undefined : carrierSetStatus(command.status);
      return [{ type: 'ShipmentTrackingUpdated', data: { status, tracking: command.tracking, ...(command.stale ? { stale: true } : {}), ...stamp } }];
    }
    case 'RecordLabelGenerated':
      return [{ type: 'ShipmentLabelGenerated', data: { labels: command.labels, ...stamp } }];
    case 'RecordDocumentUploadStatus':
      if (!state.documents.some((doc) => doc.document_id === command.document_id)) {
        throw new ShipmentCommandRejected('document_missing', ShipmentMessages.documentMissing(command.document_id));
      }
      return [{
        type: 'DocumentUploadStatusChanged',
        data: {
          document_id: command.document_id,
          carrier_upload_status: command.carrier_upload_status,
          message: command.message,
          ...stamp,
        },
      }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown record command: ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * A label link is usable until the expiry it carries: the carriers context signs its links with an
 * `expires=<unix seconds>` parameter, and an expired one is re-issued through a refresh like a missing one.
 */
export function usableLink(url: string | undefined, at: string): boolean {
  if (!url) return false;
  const expires = /[?&]expires=(\d+)/.exec(url)?.[1];
  return expires === undefined || Number(expires) * 1000 > Date.parse(at);
}

function isAwaited(state: ShipmentState, bookingAttemptId: string): boolean {
  return state.status === 'pending' && state.booking_attempt_id === bookingAttemptId;
}
