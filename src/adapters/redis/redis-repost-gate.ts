/**
 * The repost limits (src/adapters/discord/repost-gate.ts) on Redis, for the whole fleet: one key per channel
 * (`<p>:{<guild>:<channel>}:repost`, in the channel's slot) and one per user (`<p>:user:{<user>}:repost`), each holding
 * the interaction that claimed it and expiring with its cooldown. Each claim is one script on one key, so it runs on
 * one cluster node; a user refusal gives the channel's claim back. The same interaction asked again is let through
 * (a redelivery, or a retry after a timeout whose write landed). If Redis does not answer, this process's own gate
 * decides: an outage must not refuse every /rogue map.
 */
import { memoryRepostGate, repostCooldowns, repostSubjects, type RepostCooldowns, type RepostGate, type RepostVerdict } from '../discord/repost-gate.js';
import type { ChannelKey } from '../../app/service-types.js';
import { guard, type RedisClient } from './client.js';
import { DEFAULT_PREFIX } from './keys.js';
import { LuaScript } from './script.js';

/**
 * KEYS claim; ARGV interaction id, cooldown ms. Replies 1 (claimed now, or already by this interaction) or 0. A
 * damaged key (another type, or a string without an expiry that would block for good) is replaced.
 */
const CLAIM = new LuaScript(`
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'string' and redis.call('PTTL', KEYS[1]) >= 0 then
  if redis.call('GET', KEYS[1]) == ARGV[1] then return 1 end
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`);

/** KEYS claim; ARGV interaction id. Drops the claim if this interaction holds it. */
const RELEASE = new LuaScript(`
if redis.call('TYPE', KEYS[1]).ok == 'string' and redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`);

/** Options of the Redis repost gate. */
export interface RedisRepostGateOptions {
  prefix?: string;
  cooldowns?: RepostCooldowns;
  /** Told when Redis did not answer and the local gate decided. */
  onFallback?: (err: unknown) => void;
}

/** The fleet-wide repost limits. */
export class RedisRepostGate implements RepostGate {
  private readonly cooldowns: RepostCooldowns;
  private readonly local: RepostGate;

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: RedisRepostGateOptions = {},
  ) {
    this.cooldowns = opts.cooldowns ?? repostCooldowns();
    this.local = memoryRepostGate(this.cooldowns);
  }

  /** The claim keys of a channel and a user. */
  keys(key: ChannelKey, userId: string): { channel: string; user: string } {
    const p = this.opts.prefix ?? DEFAULT_PREFIX;
    const s = repostSubjects(key, userId);
    return { channel: `${p}:{${s.channel}}:repost`, user: `${p}:user:{${s.user}}:repost` };
  }

  async claim(key: ChannelKey, userId: string, interactionId: string): Promise<RepostVerdict> {
    const k = this.keys(key, userId);
    const claim = async (name: string, ms: number): Promise<boolean> => ms <= 0 || (await guard(this.redis, () => CLAIM.run(this.redis, [name], [interactionId, ms]))) === 1;
    try {
      if (!(await claim(k.channel, this.cooldowns.channelMs))) return 'channel';
      if (await claim(k.user, this.cooldowns.userMs)) return 'ok';
      if (this.cooldowns.channelMs > 0) await guard(this.redis, () => RELEASE.run(this.redis, [k.channel], [interactionId]));
      return 'user';
    } catch (err) {
      this.opts.onFallback?.(err);
      return this.local.claim(key, userId, interactionId);
    }
  }
}
