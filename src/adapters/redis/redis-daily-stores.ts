/**
 * The daily stores on Redis. Each board is a sorted set (member: user id, score: boardScore) plus a hash of the
 * entries' details, both under one hash tag so the script that records an entry runs in one cluster slot:
 *
 * | key                                        | type       | contents                                   | expiry                         |
 * | ------------------------------------------ | ---------- | ------------------------------------------ | ------------------------------ |
 * | `<p>:daily:{<user>}:attempt:<day>`         | hash       | the claim: token, status, guild, channel,  | ATTEMPT_TTL_MS (30 days)       |
 * |                                            |            | at (see AttemptClaim)                      |                                |
 * | `<p>:board:{s:<guild>:<day>}:z` / `:info`  | zset, hash | a server's daily board                     | the server's retention setting |
 * | `<p>:board:{g:<day>}:z` / `:info`          | zset, hash | the global daily board                     | GLOBAL_RETENTION_DAYS          |
 * | `<p>:board:{a:<guild>}:z` / `:info`        | zset, hash | a server's all-time best, one per player   | none: kept                     |
 * | `<p>:{<guild>:<channel>}:history`          | list       | the channel's newest runs (JSON)           | HISTORY_TTL_MS after the last  |
 * | `<p>:user:{<user>}:history`                | list       | the player's newest runs (JSON)            | HISTORY_TTL_MS after the last  |
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { boardScore } from '../../app/daily/board-order.js';
import { HISTORY_KEPT, type BoardEntry, type BoardId, type BoardStore, type ClaimResult, type DailyAttemptStore, type HistoryEntry, type HistoryStore, type RankedEntry } from '../../app/daily/ports.js';
import { canonicalJson } from '../../app/daily/verify.js';
import type { Logger } from '../../app/ports.js';
import type { ChannelKey } from '../../app/service-types.js';
import { guard, type RedisClient } from './client.js';
import { DEFAULT_PREFIX } from './keys.js';
import { LuaScript } from './script.js';

/** History lists are forgotten 90 days after their last run. */
export const HISTORY_TTL_MS = 90 * 86_400_000;

/** The two keys of a board (one hash tag). */
export function boardKeys(prefix: string, board: BoardId): { z: string; info: string } {
  const tag = board.scope === 'server' ? `s:${board.guildId}:${board.day}` : board.scope === 'global' ? `g:${board.day}` : `a:${board.guildId}`;
  return { z: `${prefix}:board:{${tag}}:z`, info: `${prefix}:board:{${tag}}:info` };
}

/** The key of a user's daily attempt claim of `day`. */
export function attemptKey(prefix: string, userId: string, day: number): string {
  return `${prefix}:daily:{${userId}}:attempt:${day}`;
}

/**
 * KEYS claim; ARGV token, guild, channel, at, ttl. A fresh pending claim when there is none: {1}; otherwise the claim
 * held {0, token, status, guild, channel, at}. A key of another type (a claim of the SET NX era) counts as confirmed.
 */
const CLAIM = new LuaScript(`
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then
  redis.call('HSET', KEYS[1], 'token', ARGV[1], 'status', 'pending', 'guild', ARGV[2], 'channel', ARGV[3], 'at', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return {1}
end
if t ~= 'hash' then return {0, '', 'confirmed', '', '', '0'} end
local h = redis.call('HMGET', KEYS[1], 'token', 'status', 'guild', 'channel', 'at')
return {0, h[1] or '', h[2] or 'confirmed', h[3] or '', h[4] or '', h[5] or '0'}`);

/** KEYS claim; ARGV old token, new token, guild, channel, at, ttl. Only a pending claim still holding the old token moves. */
const TAKE_OVER = new LuaScript(`
if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then return 0 end
local h = redis.call('HMGET', KEYS[1], 'token', 'status')
if h[1] ~= ARGV[1] or h[2] ~= 'pending' then return 0 end
redis.call('HSET', KEYS[1], 'token', ARGV[2], 'guild', ARGV[3], 'channel', ARGV[4], 'at', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1`);

/**
 * KEYS claim; ARGV token, status ('confirmed' or 'recorded'). 1 when the claim holds the token (a pending claim is
 * confirmed; 'recorded' is set whatever the status), 0 otherwise.
 */
const MARK = new LuaScript(`
if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then return 0 end
local h = redis.call('HMGET', KEYS[1], 'token', 'status')
if h[1] ~= ARGV[1] then return 0 end
if ARGV[2] == 'recorded' or h[2] == 'pending' then redis.call('HSET', KEYS[1], 'status', ARGV[2]) end
return 1`);

/** KEYS claim; ARGV token. Deletes a pending claim still holding the token. */
const RELEASE = new LuaScript(`
if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then return 0 end
local h = redis.call('HMGET', KEYS[1], 'token', 'status')
if h[1] == ARGV[1] and h[2] == 'pending' then return redis.call('DEL', KEYS[1]) end
return 0`);

/** KEYS: zset, info. ARGV: member, board score, entry JSON, ttl ms (0: none). Keeps the better of the old and new entry. */
const RECORD = new LuaScript(`
local cur = redis.call('ZSCORE', KEYS[1], ARGV[1])
if cur and tonumber(cur) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
local ttl = tonumber(ARGV[4])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
end
return 1`);

/**
 * KEYS list; ARGV entry text, run id, guild, channel ('' run id: match the whole text). Pushes the entry unless the
 * list holds that run (or that text) already; trims and refreshes the expiry.
 */
const ADD_ONCE = new LuaScript(`
if ARGV[2] == '' then
  if redis.call('LPOS', KEYS[1], ARGV[1]) then return 0 end
else
  for _, text in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
    local ok, e = pcall(cjson.decode, text)
    if ok and type(e) == 'table' and e.run == ARGV[2] and e.guildId == ARGV[3] and e.channelId == ARGV[4] then return 0 end
  end
end
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, ${HISTORY_KEPT - 1})
redis.call('PEXPIRE', KEYS[1], ${HISTORY_TTL_MS})
return 1`);

const EntrySchema = z.object({
  userId: z.string(),
  name: z.string(),
  score: z.number(),
  depth: z.number(),
  turns: z.number(),
  outcome: z.enum(['victory', 'defeat', 'abandoned']),
  finishedAt: z.number(),
  guildId: z.string(),
});

const HistorySchema = z.object({
  guildId: z.string(),
  channelId: z.string(),
  players: z.array(z.object({ id: z.string(), name: z.string() })),
  score: z.number(),
  depth: z.number(),
  turns: z.number(),
  outcome: z.enum(['victory', 'defeat', 'abandoned']),
  recap: z.string(),
  seed: z.number(),
  endedAt: z.number(),
  daily: z.object({ day: z.number(), scored: z.boolean() }).optional(),
  run: z.string().optional(),
});

/** Parses stored JSON with `schema`; a damaged value is logged (its key only) and skipped. */
function parseStored<T>(schema: z.ZodType<T>, text: string | null | undefined, logger: Logger, key: string): T | null {
  if (typeof text !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: logged below.
  }
  logger.warn('damaged daily record skipped', { key, size: text.length });
  return null;
}

/** Daily attempt claims on Redis: one hash per user and day, every change a compare-and-set script on that key. */
export class RedisDailyAttemptStore implements DailyAttemptStore {
  private readonly prefix: string;
  constructor(
    private readonly redis: RedisClient,
    opts: { prefix?: string } = {},
  ) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
  }

  async claim(userId: string, day: number, where: ChannelKey, now: number, ttlMs: number): Promise<ClaimResult> {
    const token = randomUUID();
    const r = (await guard(this.redis, () => CLAIM.run(this.redis, [attemptKey(this.prefix, userId, day)], [token, where.guildId, where.channelId, now, Math.ceil(ttlMs)]))) as (number | string)[];
    if (r[0] === 1) return { won: true, token };
    const status = r[2] === 'pending' || r[2] === 'recorded' ? r[2] : 'confirmed';
    return { won: false, held: { token: String(r[1]), status, guildId: String(r[3]), channelId: String(r[4]), at: Number(r[5]) } };
  }

  async takeOver(userId: string, day: number, oldToken: string, where: ChannelKey, now: number, ttlMs: number): Promise<string | null> {
    const token = randomUUID();
    const r = await guard(this.redis, () => TAKE_OVER.run(this.redis, [attemptKey(this.prefix, userId, day)], [oldToken, token, where.guildId, where.channelId, now, Math.ceil(ttlMs)]));
    return r === 1 ? token : null;
  }

  async confirm(userId: string, day: number, token: string): Promise<boolean> {
    return (await guard(this.redis, () => MARK.run(this.redis, [attemptKey(this.prefix, userId, day)], [token, 'confirmed']))) === 1;
  }

  async fence(userId: string, day: number, token: string): Promise<boolean> {
    return (await guard(this.redis, () => MARK.run(this.redis, [attemptKey(this.prefix, userId, day)], [token, 'recorded']))) === 1;
  }

  async release(userId: string, day: number, token: string): Promise<void> {
    await guard(this.redis, () => RELEASE.run(this.redis, [attemptKey(this.prefix, userId, day)], [token]));
  }
}

/** Boards on Redis sorted sets. */
export class RedisBoardStore implements BoardStore {
  private readonly prefix: string;
  constructor(
    private readonly redis: RedisClient,
    private readonly logger: Logger,
    opts: { prefix?: string } = {},
  ) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
  }

  async record(board: BoardId, entry: BoardEntry, ttlMs: number | null): Promise<boolean> {
    const keys = boardKeys(this.prefix, board);
    const ttl = ttlMs === null ? 0 : Math.max(1, Math.ceil(ttlMs));
    const r = await guard(this.redis, () => RECORD.run(this.redis, [keys.z, keys.info], [entry.userId, String(boardScore(entry)), JSON.stringify(entry), ttl]));
    return r === 1;
  }

  async top(board: BoardId, limit: number): Promise<RankedEntry[]> {
    const keys = boardKeys(this.prefix, board);
    const ids = await guard(this.redis, () => this.redis.zrevrange(keys.z, 0, limit - 1));
    if (ids.length === 0) return [];
    const texts = await guard(this.redis, () => this.redis.hmget(keys.info, ...ids));
    const out: RankedEntry[] = [];
    texts.forEach((text, i) => {
      const entry = parseStored(EntrySchema, text, this.logger, keys.info);
      if (entry) out.push({ ...entry, rank: i + 1 });
    });
    return out;
  }

  async rankOf(board: BoardId, userId: string): Promise<RankedEntry | null> {
    const keys = boardKeys(this.prefix, board);
    const [rank, text] = await guard(this.redis, () => Promise.all([this.redis.zrevrank(keys.z, userId), this.redis.hget(keys.info, userId)]));
    if (rank === null) return null;
    const entry = parseStored(EntrySchema, text, this.logger, keys.info);
    return entry ? { ...entry, rank: rank + 1 } : null;
  }
}

/** Run history on Redis lists, newest first. */
export class RedisHistoryStore implements HistoryStore {
  private readonly prefix: string;
  constructor(
    private readonly redis: RedisClient,
    private readonly logger: Logger,
    opts: { prefix?: string } = {},
  ) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
  }

  private channelKey(key: ChannelKey): string {
    return `${this.prefix}:{${key.guildId}:${key.channelId}}:history`;
  }

  private userKey(userId: string): string {
    return `${this.prefix}:user:{${userId}}:history`;
  }

  async add(entry: HistoryEntry): Promise<void> {
    // Canonical text, so recording the same run again finds it (LPOS) instead of adding it twice.
    const text = canonicalJson(entry);
    const keys = [this.channelKey(entry), ...new Set(entry.players.map((p) => this.userKey(p.id)))];
    // One script per key: each list is its own slot; a failed list is written when the recording is retried.
    const run = [entry.run ?? '', entry.guildId, entry.channelId];
    await guard(this.redis, () => Promise.all(keys.map((k) => ADD_ONCE.run(this.redis, [k], [text, ...run]))));
  }

  async byChannel(key: ChannelKey, limit: number): Promise<HistoryEntry[]> {
    return this.read(this.channelKey(key), limit);
  }

  async byUser(userId: string, limit: number): Promise<HistoryEntry[]> {
    return this.read(this.userKey(userId), limit);
  }

  async forgetUser(userId: string): Promise<void> {
    await guard(this.redis, () => this.redis.del(this.userKey(userId)));
  }

  private async read(key: string, limit: number): Promise<HistoryEntry[]> {
    const texts = await guard(this.redis, () => this.redis.lrange(key, 0, limit - 1));
    return texts.map((t) => parseStored(HistorySchema, t, this.logger, key)).filter((e): e is HistoryEntry => e !== null);
  }
}
