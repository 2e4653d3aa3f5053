import { requestHash } from './request-hash';

describe('requestHash', () => {
  it('is the same for the same request whatever the key order, and differs for any other change', () => {
    const base = requestHash('POST', '/shipments?draft=true', { a: 1, b: { c: [1, 2], d: 'x' } });
    expect(requestHash('POST', '/shipments?draft=true', { b: { d: 'x', c: [1, 2] }, a: 1 })).toBe(base);
    expect(requestHash('POST', '/shipments?draft=true', { a: 1, b: { c: [2, 1], d: 'x' } })).not.toBe(base);
    expect(requestHash('POST', '/shipments', { a: 1, b: { c: [1, 2], d: 'x' } })).not.toBe(base);
    expect(requestHash('PUT', '/shipments?draft=true', { a: 1, b: { c: [1, 2], d: 'x' } })).not.toBe(base);
  });
});
