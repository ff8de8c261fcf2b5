/**
 * Round deadlines shared by every process: one sorted set, member = channel, score = deadline (epoch ms).
 * Chosen over BullMQ because it needs no new dependency or worker process, and a claim is a single atomic
 * script: due members are moved to a lease score (now + lease, ending in .5) instead of being removed, so a
 * process that dies after claiming leaves the entry to be claimed again when the lease runs out, while two
 * live processes can never claim the same entry at the same time. The game's own compare-and-set save is
 * what finally guarantees that a round resolves once.
 */
import type { Redis } from 'ioredis';
import { decodeChannelKey, encodeChannelKey } from '../../app/game-codec.js';
import { leaseScore, type RoundClaim, type RoundScheduler } from '../../app/ports.js';
import type { ChannelKey } from '../../app/service-types.js';
import { guard } from './client.js';
import { DEFAULT_PREFIX, roundsKey } from './keys.js';
import { LuaScript } from './script.js';

/** ARGV member, deadline, previous ('' when none). */
const SCHEDULE = new LuaScript(`
local cur = redis.call('ZSCORE', KEYS[1], ARGV[1])
local new = tonumber(ARGV[2])
if cur then
  cur = tonumber(cur)
  local lease = cur ~= math.floor(cur)
  if not (new < cur or lease or (ARGV[3] ~= '' and cur == tonumber(ARGV[3]))) then return 0 end
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
return 1`);

/** ARGV now, limit, lease score. */
const CLAIM = new LuaScript(`
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, m in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[3], m) end
return due`);

/** ARGV member, expected score, next score ('' = remove). */
const SETTLE = new LuaScript(`
local cur = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not cur or tonumber(cur) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
return 1`);

/** RoundScheduler on a Redis sorted set. */
export class RedisRoundQueue implements RoundScheduler {
  private readonly key: string;
  constructor(
    private readonly redis: Redis,
    opts: { prefix?: string } = {},
  ) {
    this.key = roundsKey(opts.prefix ?? DEFAULT_PREFIX);
  }

  async schedule(key: ChannelKey, deadline: number, previous?: number | null): Promise<void> {
    await guard(this.redis, () => SCHEDULE.run(this.redis, [this.key], [encodeChannelKey(key), String(deadline), previous == null ? '' : String(previous)]));
  }

  async replace(key: ChannelKey, deadline: number): Promise<void> {
    await guard(this.redis, () => this.redis.zadd(this.key, deadline, encodeChannelKey(key)));
  }

  async cancel(key: ChannelKey, expected: number): Promise<void> {
    await guard(this.redis, () => SETTLE.run(this.redis, [this.key], [encodeChannelKey(key), String(expected), '']));
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<RoundClaim[]> {
    const lease = leaseScore(now, leaseMs);
    const due = await guard(this.redis, () => CLAIM.run(this.redis, [this.key], [String(now), String(limit), String(lease)]));
    if (!Array.isArray(due)) return [];
    const claims: RoundClaim[] = [];
    const strays: string[] = [];
    for (const m of due) {
      const key = decodeChannelKey(String(m));
      if (key) claims.push({ key, lease });
      else strays.push(String(m));
    }
    // A member this code did not write would be claimed again on every lease: drop it.
    if (strays.length > 0) await guard(this.redis, () => this.redis.zrem(this.key, ...strays));
    return claims;
  }

  async settle(claim: RoundClaim, next: number | null): Promise<boolean> {
    const r = await guard(this.redis, () => SETTLE.run(this.redis, [this.key], [encodeChannelKey(claim.key), String(claim.lease), next === null ? '' : String(next)]));
    return r === 1;
  }

  async scoreOf(key: ChannelKey): Promise<number | null> {
    const s = await guard(this.redis, () => this.redis.zscore(this.key, encodeChannelKey(key)));
    return s === null ? null : Number(s);
  }
}
