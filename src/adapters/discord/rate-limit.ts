/**
 * The per-user action limit (default: 5 actions per 3 s), a token bucket per user. `RateLimiter` lives in this
 * process's memory (tests, the embedded default); `RedisUserLimiter` (src/adapters/redis/redis-user-limiter.ts) is one
 * bucket per user for the whole fleet, so two replicas or shards don't give a user twice the allowance.
 */

/** Options of the rate limiter. */
export interface RateLimitOptions {
  capacity: number;
  refillMs: number;
  now: () => number;
}

/** The default shape: 5 actions, refilled over 3 s. */
export const DEFAULT_RATE_LIMIT = { capacity: 5, refillMs: 3000 } as const;

/** A per-user action limit: may `userId` act now? `interactionId` is charged at most once, however often it is asked. */
export interface UserLimiter {
  take(userId: string, interactionId?: string): boolean | Promise<boolean>;
}

/** Token buckets keyed by user id, in this process's memory. */
export class RateLimiter implements UserLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number; ids: string[] }>();
  private readonly capacity: number;
  private readonly refillMs: number;
  private readonly now: () => number;

  constructor(options: Partial<RateLimitOptions> = {}) {
    this.capacity = options.capacity ?? DEFAULT_RATE_LIMIT.capacity;
    this.refillMs = options.refillMs ?? DEFAULT_RATE_LIMIT.refillMs;
    this.now = options.now ?? Date.now;
  }

  /** Takes one token for `userId`; false when the user has none left. An interaction already charged goes free. */
  take(userId: string, interactionId?: string): boolean {
    const now = this.now();
    const rate = this.capacity / this.refillMs;
    const bucket = this.buckets.get(userId) ?? { tokens: this.capacity, at: now, ids: [] };
    if (interactionId !== undefined && bucket.ids.includes(interactionId)) return true;
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    if (this.buckets.size > 10_000) this.sweep(now);
    this.buckets.set(userId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    if (interactionId !== undefined) bucket.ids = [...bucket.ids, interactionId].slice(-this.capacity);
    return true;
  }

  /** Forgets full buckets so the map doesn't grow without bound. */
  private sweep(now: number): void {
    const rate = this.capacity / this.refillMs;
    for (const [id, b] of this.buckets) if (b.tokens + (now - b.at) * rate >= this.capacity) this.buckets.delete(id);
  }
}
