import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('blocks a client id after its failures and lets it in again when they leave the 15-minute window', () => {
    let now = 0;
    const throttle = new LoginThrottle({ perClient: 2, perAddress: 100 }, () => now);
    throttle.recordFailure('c1', '1.1.1.1');
    expect(throttle.retryAfterSeconds('c1', '1.1.1.1')).toBe(0);
    throttle.recordFailure('c1', '1.1.1.1');
    expect(throttle.retryAfterSeconds('c1', '2.2.2.2')).toBe(900);
    expect(throttle.retryAfterSeconds('c2', '1.1.1.1')).toBe(0);
    now = 900_001;
    expect(throttle.retryAfterSeconds('c1', '1.1.1.1')).toBe(0);
  });

  it('blocks an address that tries many client ids', () => {
    const throttle = new LoginThrottle({ perClient: 100, perAddress: 3 }, () => 0);
    for (const id of ['a', 'b', 'c']) throttle.recordFailure(id, '9.9.9.9');
    expect(throttle.retryAfterSeconds('d', '9.9.9.9')).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds(undefined, '9.9.9.8')).toBe(0);
  });
});
