import { judgeTrackingUpdate } from './tracking-progress';

describe('judgeTrackingUpdate', () => {
  const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();

  it.each([
    ['booked', 'shipped'], ['booked', 'in_transit'], ['ready_to_ship', 'shipped'], ['shipped', 'in_transit'],
    ['in_transit', 'out_for_delivery'], ['out_for_delivery', 'delivered'], ['failed_delivery_attempt', 'return_in_transit'],
    ['return_in_transit', 'returned'], ['in_transit', 'missing'],
  ] as const)('moves forward: %s → %s', (from, to) => {
    expect(judgeTrackingUpdate(from, t(0), to, t(1))).toEqual({ moveTo: to, stale: false });
  });

  it.each([
    ['out_for_delivery', 'failed_delivery_attempt'], ['failed_delivery_attempt', 'out_for_delivery'], ['in_transit', 'delayed'],
  ] as const)('moves sideways within a stage when newer: %s → %s', (from, to) => {
    expect(judgeTrackingUpdate(from, t(5), to, t(6))).toEqual({ moveTo: to, stale: false });
  });

  it('never moves back, and an update older than the last one is stale', () => {
    expect(judgeTrackingUpdate('out_for_delivery', t(5), 'in_transit', t(9))).toEqual({ stale: true });
    expect(judgeTrackingUpdate('in_transit', t(5), 'out_for_delivery', t(4))).toEqual({ stale: true });
    expect(judgeTrackingUpdate('delivered', undefined, 'shipped', t(4))).toEqual({ stale: true });
  });

  it('the same status again, or an update without status, moves nothing', () => {
    expect(judgeTrackingUpdate('in_transit', t(1), 'in_transit', t(2))).toEqual({ stale: false });
    expect(judgeTrackingUpdate('in_transit', t(1), undefined, t(2))).toEqual({ stale: false });
  });

  it.each(['draft', 'pending', 'error', 'cancelled'] as const)('a shipment in %s is not moved by a carrier', (from) => {
    expect(judgeTrackingUpdate(from, undefined, 'in_transit', t(1)).moveTo).toBeUndefined();
  });
});
