import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('blocks a client id after its failures and lets it in again when they leave the 15-minute window', () => {
    let now = 0;
    const throttle = new LoginThrottle({ perClient: 2, perAddress: 100 }, () => now);
    throttle.recordFailure('c1', '1.1.1.1');
    expect(throttle.retryAfterSeconds('c1', '1.1.1.1')).toBe(0);
    throttle.recordFailure('c1', '1.1.1.1');
    expect(throttle.retryAfterSeconds('c1', '1.1.1.1')).toBe(900);
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

  it('counts a client id together with the address: failures from elsewhere never lock the real client out', () => {
    // Given someone who knows client c1's id failing on purpose from another address
    const throttle = new LoginThrottle({ perClient: 3, perAddress: 100 }, () => 0);
    for (let i = 0; i < 10; i++) throttle.recordFailure('c1', '6.6.6.6');

    // Then that address is refused for c1, and c1 from its own address is not
    expect(throttle.retryAfterSeconds('c1', '6.6.6.6')).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds('c1', '1.1.1.1')).toBe(0);
  });
});
