import { randomUUID } from 'node:crypto';
import type { AssignedCarrierAccount, ShipmentContent } from '@shipledger/shipping';
import { ShipmentEventLog } from '../shipping/read-models/shipment-events.fixture';

export const CA1: AssignedCarrierAccount = { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'Sandbox one' };
export const CA2: AssignedCarrierAccount = { carrier: 'OTHER', carrier_id: 'ca-2', carrier_account_name: 'Other two' };

const lane = (merchant: string): ShipmentContent => ({
  merchant,
  references: { partner_shipment_reference: `REF-${randomUUID().slice(0, 8)}` },
  pickup: { country: 'AE', city: 'Dubai' },
  dropoff: { country: 'AE', city: 'Abu Dhabi' },
});

const stamp = (at: string, actor = 'client-1') => ({ at, actor });

/**
 * Four shipments of one tenant (and one of another) that touch every report:
 * - a: created late on 1 Nov (UTC; 2 Nov in Tokyo), booked with ca-1 in 60 s, shipped, delivered before its promise;
 * - b: SHOP2, ca-1 refuses (E_ADDR), reassigned to ca-2 which books it; a failed delivery attempt, then returned;
 * - c: a draft confirmed with ca-2, its booking request never answered (pending);
 * - d: booked with ca-1, delivered after its promise.
 */
export function reportScenario() {
  const log = new ShipmentEventLog();
  const other = new ShipmentEventLog();
  const ids = { a: `a-${randomUUID()}`, b: `b-${randomUUID()}`, c: `c-${randomUUID()}`, d: `d-${randomUUID()}` };
  const created = (id: string, at: string, content: ShipmentContent) =>
    log.append(id, { type: 'ShipmentCreated', data: { shipment_id: id, tenant_id: log.tenantId, content, ...stamp(at) } });
  const confirm = (id: string, at: string, account: AssignedCarrierAccount) =>
    log.append(id, { type: 'ShipmentConfirmed', data: { carrier_account: account, warnings: [], ...stamp(at) } });
  const request = (id: string, attempt: string, at: string, account: AssignedCarrierAccount, reason: 'confirm' | 'reassign' = 'confirm') =>
    log.append(id, { type: 'ShipmentBookingRequested', data: { booking_attempt_id: attempt, carrier_account: account, reason, ...stamp(at, 'system') } });
  const booked = (id: string, attempt: string, at: string) =>
    log.append(id, { type: 'ShipmentBooked', data: { booking_attempt_id: attempt, tracking_no: `TRK-${attempt}`, carrier: 'SANDBOX', ...stamp(at, 'carrier:SANDBOX') } });
  const track = (id: string, status: 'shipped' | 'in_transit' | 'failed_delivery_attempt' | 'delivered' | 'returned', at: string) =>
    log.append(id, { type: 'ShipmentTrackingUpdated', data: { status, tracking: { carrier_status: status }, ...stamp(at, 'carrier:SANDBOX') } });
  const promise = (id: string, date: string, at: string) =>
    log.append(id, { type: 'DeliveryPromiseUpdated', data: { promised_delivery_date: date, original_promised_delivery_date: date, ...stamp(at) } });

  created(ids.a, '2026-11-01T22:30:00.000Z', lane('SHOP1'));
  confirm(ids.a, '2026-11-01T22:30:00.000Z', CA1);
  request(ids.a, 'a-1', '2026-11-01T22:30:01.000Z', CA1);
  booked(ids.a, 'a-1', '2026-11-01T22:31:00.000Z');
  promise(ids.a, '2026-11-03T12:00:00.000Z', '2026-11-01T22:31:00.000Z');
  track(ids.a, 'shipped', '2026-11-02T10:00:00.000Z');
  track(ids.a, 'in_transit', '2026-11-02T12:00:00.000Z');
  track(ids.a, 'delivered', '2026-11-03T10:00:00.000Z');

  created(ids.b, '2026-11-02T09:00:00.000Z', lane('SHOP2'));
  confirm(ids.b, '2026-11-02T09:00:00.000Z', CA1);
  request(ids.b, 'b-1', '2026-11-02T09:00:01.000Z', CA1);
  log.append(ids.b, { type: 'ShipmentBookingFailed', data: { booking_attempt_id: 'b-1', error_details: [
    { level: 'ERROR', trigger: 'BOOKING', source: 'SANDBOX', type: 'VALIDATION', message: 'bad address', code: 'E_ADDR' },
    { level: 'WARNING', trigger: 'BOOKING', source: 'SANDBOX', type: 'VALIDATION', message: 'slow lane', code: 'W_SLOW' },
  ], ...stamp('2026-11-02T09:00:02.000Z', 'carrier:SANDBOX') } });
  log.append(ids.b, { type: 'ShipmentReassigned', data: { previous_status: 'error', previous_carrier_account: CA1, carrier_account: CA2, ...stamp('2026-11-02T09:10:00.000Z') } });
  request(ids.b, 'b-2', '2026-11-02T09:10:01.000Z', CA2, 'reassign');
  booked(ids.b, 'b-2', '2026-11-02T09:12:01.000Z');
  track(ids.b, 'shipped', '2026-11-02T12:00:00.000Z');
  track(ids.b, 'failed_delivery_attempt', '2026-11-03T12:00:00.000Z');
  track(ids.b, 'returned', '2026-11-04T12:00:00.000Z');

  log.draft(ids.c, '2026-11-02T10:00:00.000Z', lane('SHOP1'));
  confirm(ids.c, '2026-11-02T11:00:00.000Z', CA2);
  request(ids.c, 'c-1', '2026-11-02T11:00:01.000Z', CA2);

  created(ids.d, '2026-11-01T08:00:00.000Z', lane('SHOP1'));
  confirm(ids.d, '2026-11-01T08:00:00.000Z', CA1);
  request(ids.d, 'd-1', '2026-11-01T08:00:01.000Z', CA1);
  booked(ids.d, 'd-1', '2026-11-01T08:02:01.000Z');
  promise(ids.d, '2026-11-02T00:00:00.000Z', '2026-11-01T08:03:00.000Z');
  track(ids.d, 'shipped', '2026-11-01T12:00:00.000Z');
  track(ids.d, 'delivered', '2026-11-03T08:00:00.000Z');

  const otherId = `o-${randomUUID()}`;
  other.append(otherId, { type: 'ShipmentCreated', data: { shipment_id: otherId, tenant_id: other.tenantId, content: lane('SHOP1'), ...stamp('2026-11-02T09:00:00.000Z') } });

  return { log, other, ids, events: [...log.events, ...other.events] };
}
