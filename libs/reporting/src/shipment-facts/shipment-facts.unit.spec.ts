import { fold, recorded } from './facts-spec-support';
import { evolveFacts } from './shipment-facts';

describe('the facts of a shipment for the reports', () => {
  it('keeps the first time each stage was reached and when the status last changed', () => {
    const account = { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'One' };
    const facts = fold([
      recorded('ShipmentCreated', { shipment_id: 's1', tenant_id: 't1', content: { merchant: 'M', pickup: { country: 'AE', city: 'Dubai', address1: 'x' } } }, 0),
      recorded('ShipmentConfirmed', { carrier_account: account, warnings: [] }, 1),
      recorded('ShipmentBookingRequested', { booking_attempt_id: 'a1', carrier_account: account, reason: 'confirm' }, 2),
      recorded('ShipmentBooked', { booking_attempt_id: 'a1', tracking_no: 'T', carrier: 'SANDBOX' }, 3),
      recorded('ShipmentTrackingUpdated', { status: 'in_transit', tracking: {} }, 4),
      recorded('ShipmentTrackingUpdated', { status: 'in_transit', tracking: { carrier_status: 'again' } }, 5),
      recorded('ShipmentTrackingUpdated', { status: 'delivered', tracking: {} }, 6),
    ]);
    expect(facts).toMatchObject({
      merchant: 'M', pickup: { country: 'AE', city: 'Dubai' }, carrier_account_id: 'ca-1', status: 'delivered',
      created_at: '2026-11-01T10:00:00.000Z', booked_at: '2026-11-04T10:00:00.000Z',
      shipped_at: '2026-11-05T10:00:00.000Z', delivered_at: '2026-11-07T10:00:00.000Z', status_since: '2026-11-07T10:00:00.000Z',
      bookings: [{ attempt_id: 'a1', outcome: 'booked', answered_at: '2026-11-04T10:00:00.000Z', error_codes: [] }],
    });
    expect(facts).not.toHaveProperty('pickup.address1');
  });

  it('never throws on an event missing fields it should carry', () => {
    const facts = fold([
      recorded('ShipmentCreated', { shipment_id: 's1', tenant_id: 't1', content: {} }, 0),
      recorded('ShipmentBookingRequested', { booking_attempt_id: 'a1' }, 1),
      recorded('ShipmentBookingFailed', { booking_attempt_id: 'a1' }, 2),
    ]);
    expect(facts?.bookings).toEqual([expect.objectContaining({ attempt_id: 'a1', carrier: '', outcome: 'failed', error_codes: [] })]);
    expect(evolveFacts(undefined, recorded('ShipmentBooked', { booking_attempt_id: 'x' }, 0))).toBeUndefined();
  });
});
