import type { ShipmentEvent } from './shipment.events';
import { mergeCustomAttributes, mergeTopLevel } from './shipment.patch';
import { initialShipmentState, type ShipmentState } from './shipment.state';
import type { ShipmentStatus } from './shipment.status';

/** Folds one event into the state. Total: never throws, whatever the event order. */
export function evolve(state: ShipmentState, event: ShipmentEvent): ShipmentState {
  const next = applyEvent(state, event);
  return { ...next, update_date: event.data.at, version: state.version + 1 };
}

/** Rebuilds a shipment from its events (oldest first). */
export function fold(events: readonly ShipmentEvent[], from: ShipmentState = initialShipmentState()): ShipmentState {
  return events.reduce(evolve, from);
}

function moveTo(state: ShipmentState, status: ShipmentStatus, at: string): ShipmentState {
  const failed = status === 'failed_delivery_attempt' && state.status !== status ? 1 : 0;
  return {
    ...state,
    status,
    key_milestones: { ...state.key_milestones, [status]: at },
    failed_delivery_attempts: state.failed_delivery_attempts + failed,
  };
}

function applyEvent(state: ShipmentState, event: ShipmentEvent): ShipmentState {
  const at = event.data.at;
  switch (event.type) {
    case 'ShipmentDraftCreated':
    case 'ShipmentCreated': {
      const created: ShipmentState = {
        ...initialShipmentState(),
        exists: true,
        shipment_id: event.data.shipment_id,
        tenant_id: event.data.tenant_id,
        content: event.data.content,
        creation_date: at,
      };
      // A confirmed create is only transiently a draft (its outcome is in the same append): no milestone.
      return event.type === 'ShipmentDraftCreated' ? moveTo(created, 'draft', at) : created;
    }
    case 'ShipmentUpdated': {
      const base = event.data.mode === 'replace'
        ? { custom_attributes: state.content.custom_attributes }
        : state.content;
      return { ...state, content: mergeTopLevel(base, event.data.changes) };
    }
    case 'CustomAttributesChanged':
      return {
        ...state,
        content: {
          ...state.content,
          custom_attributes: mergeCustomAttributes(state.content.custom_attributes, event.data.changes),
        },
      };
    case 'ShipmentConfirmed':
      return {
        ...moveTo(state, 'pending', at),
        carrier_account: event.data.carrier_account,
        error_details: event.data.warnings,
        confirmation_date: state.confirmation_date ?? at,
      };
    case 'ShipmentValidationFailed':
      return { ...moveTo(state, 'error', at), error_details: event.data.error_details, booking_attempt_id: undefined };
    case 'ShipmentBookingRequested':
      return { ...state, booking_attempt_id: event.data.booking_attempt_id, carrier_account: event.data.carrier_account };
    case 'ShipmentBooked':
      return {
        ...moveTo(state, 'booked', at),
        booking_attempt_id: undefined,
        tracking_no: event.data.tracking_no,
        labels: { ...state.labels, ...(event.data.labels ?? {}) },
        parcel_tracking_numbers: event.data.parcel_tracking_numbers ?? [],
        carrier_data: event.data.carrier_data,
        carrier_account: state.carrier_account ?? (event.data.pre_booked
          ? { carrier: event.data.carrier, carrier_id: '', carrier_account_name: '' }
          : undefined),
        confirmation_date: state.confirmation_date ?? at,
        error_details: state.error_details.filter((detail) => detail.level === 'WARNING'),
      };
    case 'ShipmentBookingFailed':
      return { ...moveTo(state, 'error', at), booking_attempt_id: undefined, error_details: event.data.error_details };
    case 'ShipmentCancelled':
      return { ...moveTo(state, 'cancelled', at), booking_attempt_id: undefined, reason_code: event.data.update_reason_code };
    case 'ShipmentReprocessed':
      return {
        ...moveTo(state, 'pending', at),
        carrier_account: event.data.carrier_account,
        error_details: event.data.warnings,
        tracking_no: undefined,
        labels: {},
        parcel_tracking_numbers: [],
      };
    case 'ShipmentReassigned':
      return {
        ...moveTo(state, 'pending', at),
        carrier_account: event.data.carrier_account,
        error_details: [],
        tracking_no: undefined,
        labels: {},
        parcel_tracking_numbers: [],
      };
    case 'ShipmentReadyToShip': {
      const moved = moveTo(state, 'ready_to_ship', at);
      return event.data.parcels ? { ...moved, content: { ...moved.content, parcels: event.data.parcels } } : moved;
    }
    case 'ShipmentStatusChanged':
      // The merchant may say when the move happened (update_date); the milestone keeps that time.
      return moveTo(state, event.data.to, event.data.update_date ?? at);
    case 'ShipmentTrackingUpdated': {
      if (event.data.stale) return state;
      const tracked = { ...state, tracking: { ...state.tracking, ...event.data.tracking } };
      return event.data.status && event.data.status !== state.status ? moveTo(tracked, event.data.status, at) : tracked;
    }
    case 'ShipmentLabelGenerated':
      return { ...state, labels: { ...state.labels, ...event.data.labels } };
    case 'ShipmentLabelRefreshRequested':
      return state;
    case 'ParcelsUpdated':
      return { ...state, content: { ...state.content, parcels: event.data.parcels } };
    case 'DeliveryPromiseUpdated':
      return {
        ...state,
        promised_delivery_date: event.data.promised_delivery_date,
        original_promised_delivery_date: event.data.original_promised_delivery_date,
      };
    case 'DeliveryScheduleUpdated':
      return {
        ...state,
        content: { ...state.content, delivery: { delivery_type: state.content.delivery?.delivery_type, ...event.data.schedule } },
      };
    case 'CollectionScheduleUpdated':
      return { ...state, content: { ...state.content, collection: { ...event.data.schedule } } };
    case 'DocumentUploaded':
    case 'DocumentReplaced': {
      const { at: _at, actor: _actor, ...facts } = event.data;
      const existing = state.documents.find((doc) => doc.document_id === facts.document_id);
      const document = { ...facts, uploaded_at: existing?.uploaded_at ?? at, updated_at: at };
      return {
        ...state,
        documents: existing
          ? state.documents.map((doc) => (doc.document_id === facts.document_id ? document : doc))
          : [...state.documents, document],
      };
    }
    case 'DocumentUploadStatusChanged':
      return {
        ...state,
        documents: state.documents.map((doc) =>
          doc.document_id === event.data.document_id
            ? { ...doc, carrier_upload_status: event.data.carrier_upload_status, message: event.data.message, updated_at: at }
            : doc,
        ),
      };
    case 'ShipmentShippingCostEstimated':
      return { ...state, estimated_shipping_cost: event.data.estimated_shipping_cost };
    case 'ShipmentServiceLevelsEstimated': {
      const { promised_delivery_date: promised, estimated_process_date, estimated_ship_date, estimated_delivery_date } = event.data;
      const estimates = Object.entries({ estimated_process_date, estimated_ship_date, estimated_delivery_date }).filter(([, value]) => value !== undefined);
      return {
        ...state,
        promised_delivery_date: promised ?? state.promised_delivery_date,
        original_promised_delivery_date: state.original_promised_delivery_date ?? promised,
        service_levels: { ...state.service_levels, ...Object.fromEntries(estimates) },
      };
    }
    default: {
      // Exhaustive at compile time; an unknown type read from an older or newer writer leaves the state as is.
      const _unknown: never = event;
      return state;
    }
  }
}
