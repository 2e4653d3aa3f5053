import fc from 'fast-check';
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

describe('storable JSON, which Postgres jsonb accepts', () => {
  /** What storable made before it rewrote escapes: a replacer that cleans every string value. */
  const replacedPerString = (value: unknown) => JSON.stringify(value, (_key, field: unknown) => (typeof field === 'string'
    ? field.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd').replaceAll('\u0000', '\ufffd')
    : field));
  // Free text built from the pieces that matter: backslashes and the letters of escapes, NULs, lone and
  // paired surrogates, quotes and control characters.
  const text = fc.array(fc.constantFrom('\\', 'u', '0000', 'd800', 'dc00', '\u0000', '\ud800', '\udc00', '\ud83d\ude00', '"', '\n', '\u0001', 'a'), { maxLength: 12 })
    .map((pieces) => pieces.join(''));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('city', 'reference', 'name'), tie('node'), { maxKeys: 3 })),
  })).node;

  it('means what the per-string cleaning meant, for any free text', () => {
    fc.assert(fc.property(value, (given) => {
      // When a value with any free text is made storable
      const json = storable(given);
      // Then it parses to what the per-string cleaning gave, and holds no escape that jsonb refuses
      expect(JSON.parse(json)).toEqual(JSON.parse(replacedPerString(given)));
      expect(json.replace(/\\\\/g, '')).not.toMatch(/\\u0000|\\ud[89a-f]/);
    }), { numRuns: 2_000 });
  });

  it('keeps a merchant\'s literal backslash-u text as text', () => {
    // Given a reference that spells an escape rather than holding the character
    const reference = 'A\\u0000B\\ud800';
    // Then it comes back unchanged
    expect(JSON.parse(storable({ reference }))).toEqual({ reference });
  });
});
