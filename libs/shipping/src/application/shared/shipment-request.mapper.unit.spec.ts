import { plainJson } from '@shipledger/platform';

class Weight {
  value = 1.5;
  unit: string | undefined = undefined;
}
class Parcel {
  weight = new Weight();
  items = [{ sku: 'A', note: undefined }, undefined, 3, null, () => 1];
  skip = (): number => 2;
}

describe('plainJson', () => {
  it.each([
    ['a class tree with undefined fields and odd array items', { parcels: [new Parcel()], merchant: 'M', empty: {} }],
    ['dates, non-finite numbers, nested arrays', { at: new Date('2026-11-21T10:00:00Z'), bad: [Number.NaN, Infinity, -0], deep: [[1, [2, { x: undefined }]]] }],
    ['primitives', 'text'],
    ['null', null],
  ])('gives what a JSON round trip gives: %s', (_label, value) => {
    const copy = plainJson(value);
    expect(copy).toEqual(JSON.parse(JSON.stringify(value)));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
  });

  it('returns plain objects that share nothing with the input', () => {
    const input = { parcels: [new Parcel()] };
    const copy = plainJson(input) as { parcels: Array<{ weight: { value: number } }> };
    expect(Object.getPrototypeOf(copy.parcels[0].weight)).toBe(Object.prototype);
    copy.parcels[0].weight.value = 9;
    expect(input.parcels[0].weight.value).toBe(1.5);
  });
});
