import { randomBytes } from 'node:crypto';
import { DEFAULT_BOOKING_CONCURRENCY, MAX_BOOKING_CONCURRENCY, loadCarriersConfig } from './carriers.config';

const KEY = randomBytes(32).toString('hex');

describe('loadCarriersConfig: bookings in flight (BOOKING_CONCURRENCY)', () => {
  it.each([
    [undefined, DEFAULT_BOOKING_CONCURRENCY],
    ['', DEFAULT_BOOKING_CONCURRENCY],
    ['0', DEFAULT_BOOKING_CONCURRENCY],
    ['many', DEFAULT_BOOKING_CONCURRENCY],
    ['1', 1],
    ['64.9', 64],
    ['1024', MAX_BOOKING_CONCURRENCY],
    ['1000000', MAX_BOOKING_CONCURRENCY],
  ])('given BOOKING_CONCURRENCY=%j, books %d shipments at once', (value, expected) => {
    // Given the environment of a worker
    const env = { SHIPLEDGER_CARRIERS_KEY: KEY, ...(value === undefined ? {} : { BOOKING_CONCURRENCY: value }) };
    // When its configuration is read
    const config = loadCarriersConfig(env);
    // Then the concurrency is the asked one within 1..MAX, else the default
    expect(config.bookingConcurrency).toBe(expected);
  });

  it('defaults to enough bookings in flight for the sandbox carrier to keep pace with ~400 creates/s (Little\'s law at ~0.25 s each)', () => {
    expect(DEFAULT_BOOKING_CONCURRENCY / 0.25).toBeGreaterThanOrEqual(400);
    expect(DEFAULT_BOOKING_CONCURRENCY).toBeLessThanOrEqual(MAX_BOOKING_CONCURRENCY);
  });
});
