import {
  CARRIER_REPORTABLE_STATUSES,
  CARRIER_TRACKING_STAGES,
  judgeTrackingUpdate,
} from './shipment.carrier-transitions';
import { decide } from './shipment.decide';
import { STAMP, shipmentIn } from './shipment.fixtures';
import { SHIPMENT_STATUSES, type ShipmentStatus } from './shipment.status';
import { MERCHANT_CONTROLLED_STATUSES } from './shipment.transitions';

const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();

/** What a newer carrier report does to a shipment, from the tables alone (independently of judgeTrackingUpdate). */
function expectedMove(current: ShipmentStatus, reported: ShipmentStatus): ShipmentStatus | 'stale' | undefined {
  const from = CARRIER_TRACKING_STAGES[current];
  const to = CARRIER_TRACKING_STAGES[reported];
  if (reported === current || current === 'pending' || from === undefined || to === undefined) return undefined;
  if (to < from) return 'stale';
  const meant = reported === 'shipped' ? 'in_transit' : reported;
  return meant === current ? undefined : meant;
}

describe('carrier-driven transitions: every reportable status from every status', () => {
  const cells = SHIPMENT_STATUSES.flatMap((current) => CARRIER_REPORTABLE_STATUSES.map((reported) => [current, reported] as const));

  it.each(cells)('from %s, a newer report of %s', (current, reported) => {
    const verdict = judgeTrackingUpdate(current, t(0), reported, t(1));
    const expected = expectedMove(current, reported);
    if (expected === 'stale') expect(verdict).toEqual({ stale: true });
    else expect(verdict).toEqual(expected ? { moveTo: expected, stale: false } : { stale: false });
  });

  it('rule 4: no report moves a shipment to shipped, delivery_confirmed or return_confirmed', () => {
    for (const [current, reported] of cells) {
      const moveTo = judgeTrackingUpdate(current, undefined, reported, t(1)).moveTo;
      expect(MERCHANT_CONTROLLED_STATUSES).not.toContain(moveTo);
    }
  });

  it.each(['booked', 'ready_to_ship', 'out_for_collection', 'failed_collection_attempt'] as const)(
    "a carrier's pickup scan moves a %s shipment to in_transit", (current) => {
      expect(judgeTrackingUpdate(current, t(0), 'shipped', t(1))).toEqual({ moveTo: 'in_transit', stale: false });
    },
  );

  it('the decider never records a merchant-controlled status from a carrier, and reads a pickup scan as in_transit', () => {
    const recorded = (status: ShipmentStatus, from: ShipmentStatus) =>
      decide({ type: 'RecordTrackingUpdate', status, tracking: {}, ...STAMP }, shipmentIn(from))[0]?.data;
    expect(recorded('shipped', 'booked')).toMatchObject({ status: 'in_transit' });
    expect(recorded('delivery_confirmed', 'delivered')).toMatchObject({ status: undefined });
    expect(recorded('return_confirmed', 'returned')).toMatchObject({ status: undefined });
  });
});

describe('judgeTrackingUpdate', () => {
  it.each([
    ['booked', 'in_transit'], ['shipped', 'in_transit'],
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
    expect(judgeTrackingUpdate('in_transit', t(1), 'shipped', t(4))).toEqual({ stale: true });
  });

  it('the same status again, or an update without status, moves nothing', () => {
    expect(judgeTrackingUpdate('in_transit', t(1), 'in_transit', t(2))).toEqual({ stale: false });
    expect(judgeTrackingUpdate('in_transit', t(1), undefined, t(2))).toEqual({ stale: false });
  });

  it.each(['draft', 'pending', 'error', 'cancelled'] as const)('a shipment in %s is not moved by a carrier', (from) => {
    expect(judgeTrackingUpdate(from, undefined, 'in_transit', t(1)).moveTo).toBeUndefined();
  });
});
