/**
 * A per-user token bucket (default: 5 actions per 3 s). It lives in this process's memory, so with several
 * bot processes each enforces its own budget; that is enough to stop one person from flooding a channel.
 */

/** Options of the rate limiter. */
export interface RateLimitOptions {
  capacity: number;
  refillMs: number;
  now: () => number;
}

/** Token buckets keyed by user id. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly capacity: number;
  private readonly refillMs: number;
  private readonly now: () => number;

  constructor(options: Partial<RateLimitOptions> = {}) {
    this.capacity = options.capacity ?? 5;
    this.refillMs = options.refillMs ?? 3000;
    this.now = options.now ?? Date.now;
  }

  /** Takes one token for `userId`; false when the user has none left. */
  take(userId: string): boolean {
    const now = this.now();
    const rate = this.capacity / this.refillMs;
    const bucket = this.buckets.get(userId) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    if (this.buckets.size > 10_000) this.sweep(now);
    if (bucket.tokens < 1) {
      this.buckets.set(userId, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(userId, bucket);
    return true;
  }

  /** Forgets full buckets so the map doesn't grow without bound. */
  private sweep(now: number): void {
    for (const [id, b] of this.buckets) if (b.tokens + (now - b.at) * (this.capacity / this.refillMs) >= this.capacity) this.buckets.delete(id);
  }
}
