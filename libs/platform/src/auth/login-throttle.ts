import { ApiError } from '../http/api-error';

const WINDOW_MS = 15 * 60_000;

/**
 * Failed attempts at a shared secret (a client secret at /oauth/token, a carrier webhook secret, the
 * admin token), counted per (client id, address) pair and per address: after the limit in 15 minutes
 * the key is refused until its oldest failure leaves the window. Successes do not count.
 *
 * The client id is counted together with the address, never alone: anyone who knows a client id could
 * otherwise lock the real client out by failing on purpose from elsewhere. Client secrets are random and
 * long, so guessing one from many addresses stays hopeless.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits = { perClient: 10, perAddress: 50 },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait, or 0 when the attempt may go ahead. */
  retryAfterSeconds(clientId: string | undefined, address: string): number {
    const waits = [this.wait(`address:${address}`, this.limits.perAddress)];
    if (clientId) waits.push(this.wait(clientKey(clientId, address), this.limits.perClient));
    return Math.max(...waits);
  }

  recordFailure(clientId: string | undefined, address: string): void {
    this.push(`address:${address}`);
    if (clientId) this.push(clientKey(clientId, address));
  }

  private wait(key: string, max: number): number {
    const recent = this.recent(key);
    if (recent.length < max) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - max] + WINDOW_MS - this.now()) / 1000));
  }

  private push(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
    if (this.failures.size > 100_000) this.failures.clear();
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    return (this.failures.get(key) ?? []).filter((t) => t > cutoff);
  }
}

function clientKey(clientId: string, address: string): string {
  return `client:${JSON.stringify([clientId, address])}`;
}

/** The 429 of a throttled secret check, with Retry-After. */
export function tooManyFailedAttempts(waitSeconds: number): ApiError {
  return new ApiError(429, [`Too many failed attempts; retry after ${waitSeconds} seconds`], 'too_many_requests', [], { 'Retry-After': String(waitSeconds) });
}
