const WINDOW_MS = 15 * 60_000;

/**
 * Failed token requests per client id and per address: after `maxFailures` in 15 minutes the key is
 * refused until the oldest failure leaves the window. Successes do not count.
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
    if (clientId) waits.push(this.wait(`client:${clientId}`, this.limits.perClient));
    return Math.max(...waits);
  }

  recordFailure(clientId: string | undefined, address: string): void {
    this.push(`address:${address}`);
    if (clientId) this.push(`client:${clientId}`);
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
