export interface BucketDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset) or, when refused, until one token. */
  resetSeconds: number;
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token buckets in process memory, one per key: `perMinute` tokens, refilled continuously. Each API
 * process counts on its own, so N instances allow up to N times the budget (documented trade-off).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

  take(key: string, perMinute: number): BucketDecision {
    const now = this.now();
    const ratePerMs = perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: perMinute, updatedAt: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.updatedAt) * ratePerMs);
    bucket.updatedAt = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.evictIdle(now);
    const remaining = Math.floor(bucket.tokens);
    return {
      allowed,
      limit: perMinute,
      remaining,
      resetSeconds: Math.ceil((perMinute - bucket.tokens) / ratePerMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)),
    };
  }

  /** A bucket untouched for 10 minutes is full again (budgets are per minute): forgetting it changes nothing. */
  private evictIdle(now: number): void {
    for (const [key, b] of this.buckets) if (now - b.updatedAt > 600_000) this.buckets.delete(key);
  }
}

export function rateLimitHeaders(decision: BucketDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.retryAfterSeconds);
  return headers;
}
