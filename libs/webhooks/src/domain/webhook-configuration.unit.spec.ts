import { reservedHeaderNames, retryDelayMinutes } from './webhook-configuration';

describe('webhook retry schedule', () => {
  it('by default retries +1, +3, +5 minutes after the attempt before, then stops', () => {
    const config = { initial_retry_frequency: null, max_retry_count: null };
    expect([1, 2, 3, 4].map((attempt) => retryDelayMinutes(config, attempt))).toEqual([1, 3, 5, null]);
  });

  it('initial_retry_frequency scales the waits and max_retry_count bounds them', () => {
    const config = { initial_retry_frequency: 10, max_retry_count: 5 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMinutes(config, attempt))).toEqual([10, 30, 50, 70, 90, null]);
  });

  it('max_retry_count 0 means one attempt only; no wait exceeds 24 hours', () => {
    expect(retryDelayMinutes({ initial_retry_frequency: 5, max_retry_count: 0 }, 1)).toBeNull();
    expect(retryDelayMinutes({ initial_retry_frequency: 1440, max_retry_count: 20 }, 2)).toBe(1440);
  });
});

describe('reserved header names', () => {
  it('names the static headers a delivery sets itself, whatever their case', () => {
    expect(reservedHeaderNames({ 'X-Shop': 'A', 'Content-Type': 'text/plain', 'Webhook-Signature': 'v1,x' })).toEqual(['Content-Type', 'Webhook-Signature']);
  });
});
