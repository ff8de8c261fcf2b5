/**
 * The freshest interaction token per channel that can edit its game message, shared by every replica (see
 * src/adapters/discord/edit-tokens.ts). One string key per channel, under the channel's hash tag, expiring with the
 * token. The token is a secret: it is stored, never logged.
 */
import { z } from 'zod';
import type { ChannelKey } from '../../app/service-types.js';
import { INTERACTION_TOKEN_MS, type EditToken, type EditTokens } from '../discord/edit-tokens.js';
import { guard, isWrongType, type RedisClient } from './client.js';
import { DEFAULT_PREFIX } from './keys.js';
import { LuaScript } from './script.js';

/** KEYS token key; ARGV json, usableUntil, ttlMs. Keeps the fresher of the stored and the new token. */
const REMEMBER = new LuaScript(`
local kind = redis.call('TYPE', KEYS[1]).ok
if kind == 'string' then
  local ok, kept = pcall(cjson.decode, redis.call('GET', KEYS[1]))
  if ok and type(kept) == 'table' and tonumber(kept.usableUntil) and tonumber(kept.usableUntil) >= tonumber(ARGV[2]) then return 0 end
elseif kind ~= 'none' then
  redis.call('DEL', KEYS[1])
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return 1`);

/** KEYS token key; ARGV token. Deletes the key only while it still holds that token. */
const FORGET = new LuaScript(`
if redis.call('TYPE', KEYS[1]).ok ~= 'string' then return 0 end
local ok, kept = pcall(cjson.decode, redis.call('GET', KEYS[1]))
if ok and type(kept) == 'table' and kept.token == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
return 0`);

const Stored = z.object({ messageId: z.string(), applicationId: z.string(), token: z.string(), webhookMessageId: z.string(), usableUntil: z.number() });

/** EditTokens on Redis. */
export class RedisEditTokens implements EditTokens {
  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClient,
    opts: { prefix?: string } = {},
  ) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
  }

  private keyOf(key: ChannelKey): string {
    return `${this.prefix}:{${key.guildId}:${key.channelId}}:edit-token`;
  }

  async remember(key: ChannelKey, t: EditToken): Promise<void> {
    // A damaged key (not JSON, another type) is replaced: it only ever holds a token.
    await guard(this.redis, () => REMEMBER.run(this.redis, [this.keyOf(key)], [JSON.stringify(t), t.usableUntil, INTERACTION_TOKEN_MS]));
  }

  async fresh(key: ChannelKey, messageId: string, now: number): Promise<EditToken | null> {
    let text: string | null;
    try {
      text = await guard(this.redis, () => this.redis.get(this.keyOf(key)));
    } catch (err) {
      if (isWrongType(err)) return null;
      throw err;
    }
    if (text === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const t = Stored.safeParse(parsed);
    return t.success && t.data.messageId === messageId && t.data.usableUntil > now ? t.data : null;
  }

  async forget(key: ChannelKey, token: string): Promise<void> {
    await guard(this.redis, () => FORGET.run(this.redis, [this.keyOf(key)], [token])).catch(() => undefined);
  }
}
