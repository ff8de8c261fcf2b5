/**
 * The bot-token budget on Redis: one token bucket for every replica, refilled by one Lua script on the server's
 * clock (so replicas' clocks don't matter). Same arithmetic as takeFrom (src/adapters/discord/budget.ts).
 */
import { DEFAULT_BUDGET, floorOf, type BotBudget, type BudgetAnswer, type BudgetShape, type Priority } from '../discord/budget.js';
import { guard, type RedisClient } from './client.js';
import { DEFAULT_PREFIX } from './keys.js';
import { LuaScript } from './script.js';

/**
 * KEYS bucket hash { level, last }; ARGV perSecond, burst, reserve, priority ('high' | 'low'), now ('' = the server's
 * clock, in ms). Replies {1} to go, or {0, retryMs}. A damaged key (another type) is replaced.
 */
const TAKE = new LuaScript(`
local now
if ARGV[5] ~= '' then now = tonumber(ARGV[5]) else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local rate, burst, reserve = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'hash' and kind ~= 'none' then redis.call('DEL', KEYS[1]) end
local f = redis.call('HMGET', KEYS[1], 'level', 'last')
local level, last = tonumber(f[1]) or burst, tonumber(f[2]) or now
level = math.min(burst, level + math.max(0, now - last) * rate / 1000)
local floor = 1
if ARGV[4] ~= 'high' then floor = reserve + 1 end
local ok = 0
if level >= floor then level = level - 1 ok = 1 end
redis.call('HSET', KEYS[1], 'level', tostring(level), 'last', tostring(now))
redis.call('PEXPIRE', KEYS[1], 60000)
if ok == 1 then return {1} end
return {0, math.ceil((floor - level) * 1000 / rate)}`);

/** The fleet's shared bucket of bot-token requests. */
export class RedisBudget implements BotBudget {
  private readonly key: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: { prefix?: string; shape?: BudgetShape; now?: () => number } = {},
  ) {
    this.key = `${opts.prefix ?? DEFAULT_PREFIX}:budget:{bot}`;
  }

  async take(priority: Priority): Promise<BudgetAnswer> {
    const s = this.opts.shape ?? DEFAULT_BUDGET;
    // The script knows 'high' and the rest; a player's request is a low one whose reserve is its own floor's.
    const reserve = priority === 'player' ? floorOf(s, 'player') - 1 : s.reserve;
    const asked = priority === 'player' ? 'low' : priority;
    const reply = (await guard(this.redis, () => TAKE.run(this.redis, [this.key], [s.perSecond, s.burst, reserve, asked, this.opts.now ? String(this.opts.now()) : '']))) as number[];
    return reply[0] === 1 ? { ok: true } : { ok: false, retryMs: Number(reply[1] ?? 1000) };
  }
}
