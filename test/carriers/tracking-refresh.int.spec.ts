import { randomUUID } from 'node:crypto';
import { startCarriersHarness, type CarriersHarness } from './carriers-harness';
import { TrackingRefreshService } from '../../libs/carriers/src/tracking/tracking-refresh.service';
import { BookingStore } from '../../libs/carriers/src/booking/booking.store';

describe('tracking refresh outcomes (TrackingRefreshService, a real database)', () => {
  let harness: CarriersHarness;
  let bookings: BookingStore;

  beforeAll(async () => {
    harness = await startCarriersHarness();
    bookings = new BookingStore(harness.database);
  });
  afterAll(() => harness?.close());

  async function booking(carrier: 'HTTP' | 'SANDBOX'): Promise<string> {
    const trackingNo = `TRK${randomUUID().slice(0, 8)}`;
    await bookings.save({
      requestId: randomUUID(), tenantId: harness.tenantId, shipmentId: randomUUID(), carrierAccountId: randomUUID(),
      carrier, trackingNo, status: 'active',
    });
    return trackingNo;
  }

  it('answers one outcome per shipment, in order', async () => {
    const http = await booking('HTTP');
    const outcomes = await harness.context.trackingRefresh.refresh(harness.tenantId, [
      { shipment_id: 'no-tracking' },
      { shipment_id: 'unknown', tracking_no: 'NOPE' },
      { shipment_id: 'pushed-only', tracking_no: http },
    ]);
    expect(outcomes).toEqual(['not_booked', 'not_booked', 'tracking_not_supported']);
  });

  it('gives up on a carrier that does not answer in time, and keeps going with the others', async () => {
    const sandbox = await booking('SANDBOX');
    const stuck = { refresh: () => new Promise<number>(() => undefined) };
    const service = new TrackingRefreshService(bookings, stuck as never, 50);
    const started = Date.now();
    expect(await service.refresh(harness.tenantId, [{ shipment_id: 'a', tracking_no: sandbox }, { shipment_id: 'b' }])).toEqual(['timed_out', 'not_booked']);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a failing carrier as failed', async () => {
    const sandbox = await booking('SANDBOX');
    const broken = { refresh: () => Promise.reject(new Error('carrier down')) };
    expect(await new TrackingRefreshService(bookings, broken as never).refresh(harness.tenantId, [{ shipment_id: 'a', tracking_no: sandbox }])).toEqual(['failed']);
  });
});
