import { rateLimitHeaders, TokenBuckets } from './token-bucket';

describe('TokenBuckets', () => {
  it('allows the budget, refuses the next call with Retry-After, and refills with time', () => {
    let now = 1_000_000;
    const buckets = new TokenBuckets(() => now);
    const decisions = [1, 2, 3].map(() => buckets.take('t', 3));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 2], [true, 1], [true, 0]]);
    const refused = buckets.take('t', 3);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 3, retryAfterSeconds: 20 });
    expect(rateLimitHeaders(refused)).toEqual({ 'RateLimit-Limit': '3', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '60', 'Retry-After': '20' });
    now += 20_000;
    expect(buckets.take('t', 3).allowed).toBe(true);
    expect(buckets.take('t', 3).allowed).toBe(false);
  });

  it('keeps keys apart', () => {
    const buckets = new TokenBuckets(() => 0);
    buckets.take('a', 1);
    expect(buckets.take('a', 1).allowed).toBe(false);
    expect(buckets.take('b', 1).allowed).toBe(true);
  });
});
