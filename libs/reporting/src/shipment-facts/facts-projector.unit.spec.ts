import { fold, recorded } from './facts-spec-support';
import { foldedFromStart, storable, storableWrites } from './facts-projector';
import type { ShipmentFacts } from './shipment-facts';

describe('the reporting views share the fold of a shipment that starts in their batch', () => {
  const account = { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'One' };
  const batch = [
    recorded('ShipmentCreated', { shipment_id: 's1', tenant_id: 't1', content: { merchant: 'M', pickup: { country: 'AE', city: 'Dubai' } } }, 0),
    recorded('ShipmentConfirmed', { carrier_account: account, warnings: [] }, 1),
    recorded('ShipmentBookingRequested', { booking_attempt_id: 'a1', carrier_account: account, reason: 'confirm' }, 2),
  ];

  it('folds once for every view handed the same event objects, and gives what a fold of its own gives', () => {
    // When two views fold the same events (each in an array of its own, as groupByAggregate makes them)
    const first = foldedFromStart([...batch]);
    const second = foldedFromStart([...batch]);
    // Then the second gets the first's facts object itself, equal to an unshared fold
    expect(second).toBe(first);
    expect(first).toEqual({ revision: 2, facts: fold(batch) });
  });

  it('folds again when the same stream arrives with fewer events (a bisected batch)', () => {
    // Given the whole run folded
    const whole = foldedFromStart(batch);
    // When a run of the first two events only is folded
    const part = foldedFromStart(batch.slice(0, 2));
    // Then it is that run's own fold, not the whole one
    expect(part).not.toBe(whole);
    expect(part).toEqual({ revision: 1, facts: fold(batch.slice(0, 2)) });
  });

  it('serialises shared facts once per object into the same JSON as storable', () => {
    // Given facts with a NUL and a lone surrogate in free text, written by two shipments
    const facts = { ...fold(batch)!, partner_shipment_reference: 'A\u0000B\ud800C' } as ShipmentFacts;
    const writes = [
      { tenant_id: 't1', shipment_id: 's\u0000 1', revision: 2, facts },
      { tenant_id: 't1', shipment_id: 's2', revision: 7, facts },
    ];
    // Then the composed JSON is what storable makes of the whole list
    expect(JSON.parse(storableWrites(writes))).toEqual(JSON.parse(storable(writes)));
    expect(storableWrites(writes)).not.toMatch(/\\u0000|\\ud800/);
  });
});
