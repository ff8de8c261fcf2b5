/**
 * The per-user action limit on Redis: one token bucket per user for every replica and shard, refilled by one Lua
 * script on the server's clock (same arithmetic as RateLimiter). Exactly once: the bucket remembers the interactions
 * it charged (the last `capacity`), so the same interaction asked again (Discord's redelivery, a retry after a
 * timeout whose write landed) is not charged twice. If Redis does not answer, this process's own bucket decides:
 * an outage must not turn every press into "slow down" (the action itself then fails honestly on storage).
 */
import { DEFAULT_RATE_LIMIT, RateLimiter, type UserLimiter } from '../discord/rate-limit.js';
import { guard, type RedisClient } from './client.js';
import { DEFAULT_PREFIX } from './keys.js';
import { LuaScript } from './script.js';

/**
 * KEYS bucket hash { tokens, at, ids }; ARGV capacity, refillMs, interaction id ('' for none), now ('' = the server's
 * clock, ms). Replies 1 (go) or 0. A damaged key (another type) is replaced. The key lives one refill period.
 */
const TAKE = new LuaScript(`
local now
if ARGV[4] ~= '' then now = tonumber(ARGV[4]) else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local cap, refill, id = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'hash' and kind ~= 'none' then redis.call('DEL', KEYS[1]) end
local f = redis.call('HMGET', KEYS[1], 'tokens', 'at', 'ids')
local ids = f[3] or ''
if id ~= '' and string.find(' ' .. ids .. ' ', ' ' .. id .. ' ', 1, true) then return 1 end
local tokens = math.min(cap, (tonumber(f[1]) or cap) + math.max(0, now - (tonumber(f[2]) or now)) * cap / refill)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
  if id ~= '' then
    local list = {}
    for x in string.gmatch(ids, '%S+') do list[#list + 1] = x end
    list[#list + 1] = id
    while #list > cap do table.remove(list, 1) end
    ids = table.concat(list, ' ')
  end
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now), 'ids', ids)
redis.call('PEXPIRE', KEYS[1], refill)
return ok`);

/** Options of the Redis user limiter. */
export interface RedisUserLimiterOptions {
  prefix?: string;
  capacity?: number;
  refillMs?: number;
  /** The clock to refill by (tests); default the Redis server's. */
  now?: () => number;
  /** Told when Redis did not answer and the local bucket decided. */
  onFallback?: (err: unknown) => void;
}

/** The fleet-wide per-user action limit. */
export class RedisUserLimiter implements UserLimiter {
  private readonly capacity: number;
  private readonly refillMs: number;
  private readonly local: RateLimiter;

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: RedisUserLimiterOptions = {},
  ) {
    this.capacity = opts.capacity ?? DEFAULT_RATE_LIMIT.capacity;
    this.refillMs = opts.refillMs ?? DEFAULT_RATE_LIMIT.refillMs;
    this.local = new RateLimiter({ capacity: this.capacity, refillMs: this.refillMs, ...(opts.now ? { now: opts.now } : {}) });
  }

  async take(userId: string, interactionId?: string): Promise<boolean> {
    // The user's own hash tag: each user's bucket is one key in one cluster slot.
    const key = `${this.opts.prefix ?? DEFAULT_PREFIX}:user:{${userId}}:rate`;
    try {
      const args = [this.capacity, this.refillMs, interactionId ?? '', this.opts.now ? String(this.opts.now()) : ''];
      const reply = await guard(this.redis, () => TAKE.run(this.redis, [key], args));
      return reply === 1;
    } catch (err) {
      this.opts.onFallback?.(err);
      return this.local.take(userId, interactionId);
    }
  }
}
