import { jsonDepthExceeds } from './json-depth';

describe('jsonDepthExceeds', () => {
  it('counts nested arrays and objects', () => {
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('['.repeat(3000) + ']'.repeat(3000))).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[" ok' }), 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\\\"}', 1)).toBe(false);
  });

  it('does not add up siblings', () => {
    expect(jsonDepthExceeds(JSON.stringify(Array.from({ length: 100 }, () => [[1]])), 3)).toBe(false);
  });
});
