import {
  evolve, initialShipmentState, type AssignedCarrierAccount, type ShipmentEvent, type ShipmentState, type ShipmentStatus,
} from '@shipledger/shipping';
import type { RecordedEvent } from '@shipledger/event-store';

/** One carrier booking request and its answer (pre-booked shipments made none). */
export interface BookingAttemptFacts {
  attempt_id: string;
  carrier: string;
  carrier_account_id: string;
  carrier_account_name: string;
  requested_at: string;
  /** Undefined while the carrier has not answered. */
  outcome?: 'booked' | 'failed';
  answered_at?: string;
  /** Codes of the ERROR-level details of a failed booking, one entry per detail. */
  error_codes: string[];
}

/**
 * What the reports need to know of a shipment: a small fold of its events, stored by each reporting
 * view beside its rows so the next batch continues from it. The status rules are the aggregate's own
 * (`evolve`), run on a state carrying only these fields.
 */
export interface ShipmentFacts {
  merchant?: string;
  partner_shipment_reference?: string;
  pickup: { country?: string; city?: string };
  dropoff: { country?: string; city?: string };
  carrier?: string;
  carrier_account_id?: string;
  carrier_account_name?: string;
  status: ShipmentStatus;
  /** When the shipment entered its current status. */
  status_since: string;
  created_at: string;
  /** The first time each stage was reached. */
  booked_at?: string;
  shipped_at?: string;
  delivered_at?: string;
  returned_at?: string;
  promised_delivery_date?: string;
  failed_delivery_attempts: number;
  bookings: BookingAttemptFacts[];
}

/** Statuses at or past the carrier's collection: the first of them is when the shipment shipped. */
const SHIPPED: ReadonlySet<ShipmentStatus> = new Set([
  'shipped', 'in_transit', 'out_for_delivery', 'awaiting_customer_collection', 'failed_delivery_attempt',
  'delayed', 'delivered', 'delivery_confirmed',
]);
const DELIVERED: ReadonlySet<ShipmentStatus> = new Set(['delivered', 'delivery_confirmed']);
const RETURNED: ReadonlySet<ShipmentStatus> = new Set(['returned', 'return_confirmed']);

/**
 * The facts after `event`; undefined while the stream has no shipment (an event before its creation).
 * Total like `evolve`: an event missing a field it should carry changes what it can and never throws.
 */
export function evolveFacts(facts: ShipmentFacts | undefined, event: RecordedEvent): ShipmentFacts | undefined {
  const shipmentEvent = event as unknown as ShipmentEvent;
  const before = facts ? toState(facts) : initialShipmentState();
  const after = evolve(before, shipmentEvent);
  if (!after.exists) return undefined;
  const at = shipmentEvent.data.at;
  // toState starts from no milestones, so a milestone after evolve is a move made by this event.
  const movedAt = after.key_milestones[after.status];
  const moved = movedAt !== undefined;
  const status_since = movedAt ?? facts?.status_since ?? after.creation_date;
  const first = (set: ReadonlySet<ShipmentStatus>, previous: string | undefined) =>
    previous ?? (moved && set.has(after.status) ? status_since : undefined);
  return {
    merchant: after.content.merchant,
    partner_shipment_reference: after.content.references?.partner_shipment_reference,
    pickup: place(after.content.pickup),
    dropoff: place(after.content.dropoff),
    carrier: after.carrier_account?.carrier,
    carrier_account_id: after.carrier_account?.carrier_id || undefined,
    carrier_account_name: after.carrier_account?.carrier_account_name || undefined,
    status: after.status,
    status_since,
    created_at: after.creation_date,
    booked_at: facts?.booked_at ?? (moved && after.status === 'booked' ? status_since : undefined),
    shipped_at: first(SHIPPED, facts?.shipped_at),
    delivered_at: first(DELIVERED, facts?.delivered_at),
    returned_at: first(RETURNED, facts?.returned_at),
    promised_delivery_date: after.promised_delivery_date,
    failed_delivery_attempts: after.failed_delivery_attempts,
    bookings: nextBookings(facts?.bookings ?? [], shipmentEvent, at),
  };
}

function nextBookings(bookings: BookingAttemptFacts[], event: ShipmentEvent, at: string): BookingAttemptFacts[] {
  switch (event.type) {
    case 'ShipmentBookingRequested': {
      if (bookings.some((b) => b.attempt_id === event.data.booking_attempt_id)) return bookings;
      const account: Partial<AssignedCarrierAccount> = event.data.carrier_account ?? {};
      return [...bookings, {
        attempt_id: event.data.booking_attempt_id, carrier: account.carrier ?? '', carrier_account_id: account.carrier_id ?? '',
        carrier_account_name: account.carrier_account_name ?? '', requested_at: at, error_codes: [],
      }];
    }
    case 'ShipmentBooked':
      return answer(bookings, event.data.booking_attempt_id, { outcome: 'booked', answered_at: at, error_codes: [] });
    case 'ShipmentBookingFailed':
      return answer(bookings, event.data.booking_attempt_id, {
        outcome: 'failed', answered_at: at,
        error_codes: (event.data.error_details ?? []).filter((d) => d?.level === 'ERROR').map((d) => String(d.code)),
      });
    default:
      return bookings;
  }
}

/** The first answer to an attempt counts; an answer to an attempt never requested (pre-booked) is none. */
function answer(bookings: BookingAttemptFacts[], attemptId: string, result: Pick<BookingAttemptFacts, 'outcome' | 'answered_at' | 'error_codes'>): BookingAttemptFacts[] {
  return bookings.map((b) => (b.attempt_id === attemptId && b.outcome === undefined ? { ...b, ...result } : b));
}

function place(address: { country?: string; city?: string } | undefined): { country?: string; city?: string } {
  return { country: address?.country, city: address?.city };
}

/** The aggregate state `evolve` needs to apply the next event to these facts. */
function toState(facts: ShipmentFacts): ShipmentState {
  return {
    ...initialShipmentState(),
    exists: true,
    status: facts.status,
    content: { merchant: facts.merchant, references: { partner_shipment_reference: facts.partner_shipment_reference }, pickup: facts.pickup, dropoff: facts.dropoff },
    carrier_account: facts.carrier
      ? { carrier: facts.carrier, carrier_id: facts.carrier_account_id ?? '', carrier_account_name: facts.carrier_account_name ?? '' }
      : undefined,
    creation_date: facts.created_at,
    promised_delivery_date: facts.promised_delivery_date,
    failed_delivery_attempts: facts.failed_delivery_attempts,
  };
}
