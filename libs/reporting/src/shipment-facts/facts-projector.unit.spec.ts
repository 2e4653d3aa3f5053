import fc from 'fast-check';
import { storable } from './facts-projector';

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
