import { createHash } from 'node:crypto';
import type { AssignedCarrierAccount, ShipmentCommand, ShipmentHistory, ShipmentStatus } from '@shipledger/shipping';
import { DEMO_HISTORY_ACTOR } from '@shipledger/shipping';
import type { OrderCommand, OrderHistory } from '@shipledger/ordering';

/** How much made-up past a demo tenant gets: enough to fill two weeks of charts, small enough to seed in seconds. */
export const DEMO_HISTORY_SHIPMENTS = 240;
export const DEMO_HISTORY_DAYS = 14;
/** Every seeded shipment's partner_shipment_reference starts with this (the README's own examples never do). */
export const DEMO_HISTORY_REFERENCE_PREFIX = 'demo-history-';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PICKUPS = [['AE', 'Dubai', '00000'], ['AE', 'Abu Dhabi', '00000'], ['SA', 'Riyadh', '11564']] as const;
const DROPOFFS = [['AE', 'Dubai', '00000'], ['AE', 'Sharjah', '00000'], ['SA', 'Jeddah', '21577'], ['KW', 'Kuwait City', '13001'], ['OM', 'Muscat', '113']] as const;
const BOOKING_ERRORS = [['address_invalid', 'The dropoff address could not be matched'], ['weight_exceeded', 'A parcel exceeds the service weight limit'], ['service_unavailable', 'The carrier service is unavailable for this lane']] as const;

/** A stable pseudo-random number in [0, 1) per shipment and purpose: the same history on every machine. */
function roll(index: number, purpose: string): number {
  return createHash('sha256').update(`${index}:${purpose}`).digest().readUInt32BE(0) / 2 ** 32;
}

export function demoShipmentId(tenantId: string, index: number): string {
  const hex = createHash('sha256').update(`demo-history\u0000${tenantId}\u0000${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Shipment `index` of a demo tenant's history up to `now`: created somewhere in the last
 * DEMO_HISTORY_DAYS, then booked (or failed to book, sometimes retried), promised a delivery date,
 * carried, delivered, sometimes late, attempted and failed, returned, or stuck. Steps after `now` are
 * left out, so the newest shipments are still on their way.
 */
export function demoShipmentHistory(tenantId: string, merchant: string, accounts: readonly AssignedCarrierAccount[], index: number, now: Date): ShipmentHistory {
  const shipmentId = demoShipmentId(tenantId, index);
  const end = now.getTime();
  const created = demoShipmentCreatedAt(index, now);
  const account = accounts[index % accounts.length]!;
  const [pickupCountry, pickupCity, pickupPostcode] = PICKUPS[index % PICKUPS.length]!;
  const [dropoffCountry, dropoffCity, dropoffPostcode] = DROPOFFS[Math.floor(roll(index, 'lane') * DROPOFFS.length)]!;
  const fate = roll(index, 'fate');
  const reference = `${DEMO_HISTORY_REFERENCE_PREFIX}${String(index + 1).padStart(3, '0')}`;
  const at = (offset: number) => new Date(created + offset).toISOString();
  const stamp = (offset: number) => ({ at: at(offset), actor: DEMO_HISTORY_ACTOR });
  const carrier = { kind: 'assigned' as const, account };
  const attempt = (n: number) => `${shipmentId}-attempt-${n}`;
  const tracking = (offset: number, status: ShipmentStatus): ShipmentCommand => ({
    type: 'RecordTrackingUpdate', status, tracking: { carrier_status: status.toUpperCase(), carrier_status_date: at(offset), carrier_status_location: dropoffCity }, ...stamp(offset),
  });

  const steps: { offset: number; command: ShipmentCommand }[] = [{ offset: 0, command: {
    type: 'CreateShipment', shipment_id: shipmentId, tenant_id: tenantId, draft: false, carrier, booking_attempt_id: attempt(1), ...stamp(0),
    content: {
      merchant, entity_type: 'FORWARD',
      references: { partner_shipment_reference: reference, partner_order_reference: `demo-order-${String(index + 1).padStart(3, '0')}` },
      pickup: { contact_name: 'Demo shop warehouse', address1: '1 Warehouse Road', city: pickupCity, postcode: pickupPostcode, country: pickupCountry },
      dropoff: { contact_name: `Customer ${index + 1}`, contact_email: `customer${index + 1}@example.com`, address1: `${index + 1} Demo Street`, city: dropoffCity, postcode: dropoffPostcode, country: dropoffCountry },
      items: [{ sku: `SKU-${(index % 12) + 1}`, quantity: 1 + (index % 3) }],
      parcels: [{ parcel_id: 'p-1', weight: { value: 0.5 + (index % 8) / 2, unit: 'kg' }, parcel_items: [{ sku: `SKU-${(index % 12) + 1}`, quantity: 1 + (index % 3) }] }],
    },
  } }];
  const add = (offset: number, command: ShipmentCommand) => steps.push({ offset, command });

  let booked = 2 * MINUTE + Math.floor(roll(index, 'booking') * 20 * MINUTE);
  if (fate < 0.08) {
    const [code, message] = BOOKING_ERRORS[index % BOOKING_ERRORS.length]!;
    add(MINUTE, { type: 'RecordBookingFailed', booking_attempt_id: attempt(1), error_details: [{ level: 'ERROR', trigger: 'BOOKING', source: account.carrier, type: 'VALIDATION', code, message }], ...stamp(MINUTE) });
    if (fate >= 0.04) return history(tenantId, shipmentId, steps, end); // left in error
    add(40 * MINUTE, { type: 'ReprocessShipment', carrier, booking_attempt_id: attempt(2), ...stamp(40 * MINUTE) });
    booked = 45 * MINUTE;
  }
  add(booked, { type: 'RecordBookingSucceeded', booking_attempt_id: fate < 0.04 ? attempt(2) : attempt(1), tracking_no: `DEMO${String(index + 1).padStart(6, '0')}`, carrier: account.carrier, ...stamp(booked) });
  const promised = fate % 0.1 < 0.06; // about 60% get a promised date
  const transit = (1.5 + roll(index, 'transit') * 2) * DAY; // 1.5–3.5 days; the promise is 2 or 3 days
  if (promised) add(booked + MINUTE, { type: 'UpdateDeliveryPromise', promised_delivery_date: at((index % 2 === 0 ? 2 : 3) * DAY), ...stamp(booked + MINUTE) });
  if (fate >= 0.08 && fate < 0.13) return history(tenantId, shipmentId, steps, end); // stuck in booked: never collected
  const collected = 3 * HOUR + roll(index, 'collect') * 6 * HOUR;
  add(collected, tracking(collected, 'in_transit'));
  if (fate >= 0.13 && fate < 0.16) return history(tenantId, shipmentId, steps, end); // stuck in transit
  add(transit - 5 * HOUR, tracking(transit - 5 * HOUR, 'out_for_delivery'));
  if (fate >= 0.16 && fate < 0.26) {
    add(transit - HOUR, tracking(transit - HOUR, 'failed_delivery_attempt'));
    if (fate < 0.2) {
      add(transit + 6 * HOUR, tracking(transit + 6 * HOUR, 'ready_for_return'));
      add(transit + DAY, tracking(transit + DAY, 'return_in_transit'));
      add(transit + 2 * DAY, tracking(transit + 2 * DAY, 'returned'));
      return history(tenantId, shipmentId, steps, end);
    }
    add(transit + DAY - 5 * HOUR, tracking(transit + DAY - 5 * HOUR, 'out_for_delivery'));
    add(transit + DAY, tracking(transit + DAY, 'delivered'));
    return history(tenantId, shipmentId, steps, end);
  }
  add(transit, tracking(transit, 'delivered'));
  return history(tenantId, shipmentId, steps, end);
}

/** When demo shipment `index` was created: spread evenly over the last DEMO_HISTORY_DAYS, with a jitter. */
function demoShipmentCreatedAt(index: number, now: Date): number {
  return now.getTime() - DEMO_HISTORY_DAYS * DAY + Math.floor(((index + roll(index, 'jitter')) / DEMO_HISTORY_SHIPMENTS) * DEMO_HISTORY_DAYS * DAY);
}

/** How many past orders the demo tenant gets: a few dozen, for the order reports' charts. */
export const DEMO_HISTORY_ORDERS = 48;
/** Every fifth demo shipment is an order's: order k asked for shipment k × SHIPMENT_STRIDE. */
const SHIPMENT_STRIDE = DEMO_HISTORY_SHIPMENTS / DEMO_HISTORY_ORDERS;

export function demoOrderId(tenantId: string, index: number): string {
  const hex = createHash('sha256').update(`demo-order-history\u0000${tenantId}\u0000${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-b${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Order `index` of a demo tenant's history up to `now`, placed at `location`. Most are fulfilled with a
 * shipment — the demo shipment that already carries their partner_order_reference, created 10 minutes
 * to 8 hours after the order (so the fulfil names a recorded shipment and the order-shipments reactor
 * creates nothing today); some only partly; about 10 % are cancelled, 8 % fulfilled without shipping
 * (closed), and the newest still wait, allocated. Steps after `now` are left out.
 */
export function demoOrderHistory(tenantId: string, merchant: string, location: string, index: number, now: Date): OrderHistory {
  const orderId = demoOrderId(tenantId, index);
  const shipmentIndex = index * SHIPMENT_STRIDE;
  const shipmentCreated = demoShipmentCreatedAt(shipmentIndex, now);
  const fate = roll(index, 'order-fate');
  // Only the orders that asked for that shipment share its reference: cancelled, closed and waiting
  // ones get references of their own (after the shipments' numbers).
  const waiting = fate >= 0.18 && shipmentCreated > now.getTime() - DAY;
  const linked = fate >= 0.18 && !waiting;
  const created = shipmentCreated - (linked ? 10 * MINUTE + Math.floor(roll(index, 'order-lead') * 8 * HOUR) : 2 * HOUR);
  const number = linked ? shipmentIndex + 1 : DEMO_HISTORY_SHIPMENTS + index + 1;
  const at = (instant: number) => new Date(instant).toISOString();
  const stamp = (instant: number) => ({ at: at(instant), actor: DEMO_HISTORY_ACTOR });
  const fo = `${orderId}-fo`;
  const commands: OrderCommand[] = [{
    type: 'CreateOrder', order_id: orderId, tenant_id: tenantId, ...stamp(created),
    content: { merchant, partner_order_reference: `demo-order-${String(number).padStart(3, '0')}`, order_date: at(created) },
    line_items: [
      { id: '1', sku: `SKU-${(shipmentIndex % 12) + 1}`, quantity: 1 + (shipmentIndex % 3), requires_shipping: true },
      { id: '2', sku: 'SKU-GIFT-WRAP', quantity: 1, requires_shipping: true },
    ],
    remainder: { fulfillment_order_id: fo, location_id: location },
  }];
  const fulfill = (instant: number, lines: { id: string; quantity: number }[] | undefined, skipShipping: boolean): OrderCommand => ({
    type: 'FulfillFulfillmentOrder', fulfillment_order_id: fo, line_items: lines, fulfillment_id: `${orderId}-f1`,
    shipment_id: demoShipmentId(tenantId, shipmentIndex), skip_shipping: skipShipping, create_draft_shipment: false, shipment_request: {}, ...stamp(instant),
  });
  if (fate < 0.1) commands.push({ type: 'CancelOrder', cancellation_reason: 'CUSTOMER_CANCELLATION', ...stamp(created + HOUR) });
  else if (fate < 0.18) commands.push(fulfill(created + 30 * MINUTE, undefined, true));
  else if (linked && fate < 0.3) commands.push(fulfill(shipmentCreated, [{ id: '1', quantity: 1 + (shipmentIndex % 3) }], false));
  else if (linked) commands.push(fulfill(shipmentCreated, undefined, false));
  // else waiting: allocated, no shipment yet.
  return { tenantId, orderId, commands: commands.filter((command) => Date.parse(command.at) <= now.getTime()) };
}

/** The steps that already happened by `end`, oldest first. */
function history(tenantId: string, shipmentId: string, steps: { offset: number; command: ShipmentCommand }[], end: number): ShipmentHistory {
  const commands = steps.filter((step) => Date.parse(step.command.at) <= end).map((step) => step.command);
  return { tenantId, shipmentId, commands };
}
