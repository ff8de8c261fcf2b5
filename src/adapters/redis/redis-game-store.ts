/**
 * GameStore on Redis. Each channel's game is a hash { rev, status, state, meta }, its accepted actions a list and the
 * interactions it applied a sorted set, all under the channel's hash tag (one cluster slot). Saves are a Lua
 * compare-and-set on `rev` that writes the hash, RPUSHes the log, records a finished game's summary and the
 * interaction id, and refreshes the TTLs atomically. Lua rather than WATCH/MULTI: one round
 * trip instead of four, and WATCH would need a dedicated connection per concurrent transaction, while scripts share
 * one pipelined connection. Writes carry a deadline on the server's clock, so none can land after its caller gave
 * up; that is what makes it safe for the service to save against a cached copy without loading it first.
 */
import { randomBytes } from 'node:crypto';
import { decodeGame, encodeChannelKey, encodeMeta, encodeState, freezeGame } from '../../app/game-codec.js';
import { LAST_RUN_TTL_MS } from '../../app/daily/ports.js';
import {
  DamagedSaveError,
  DUPLICATE,
  INTERACTION_TTL_MS,
  StorageUnavailableError,
  SUMMARIES_PER_CHANNEL,
  type GameStore,
  type GameSummaryRecord,
  type InteractionOptions,
  type LoadResult,
  type Revision,
  type SaveResult,
} from '../../app/ports.js';
import type { ChannelKey, StoredGame } from '../../app/service-types.js';
import type { Action } from '../../engine/types.js';
import { guard, isWrongType, type RedisClient } from './client.js';
import { channelKeys, DEFAULT_PREFIX, guildKeys, outboxIndexKey } from './keys.js';
import { LuaScript } from './script.js';
import { decodeLogEntry, encodeLogEntry } from './action-log-codec.js';
import { LOG_MAX_ACTIONS, SEEN_RECORD_BYTES } from '../storage-bounds.js';

/** Games idle this long expire; every save refreshes it (and, every INDEX_REFRESH_MS, the guild's games index). */
export const GAME_TTL_MS = 14 * 24 * 3600 * 1000;
/**
 * How often one process refreshes a channel's place in its guild's games index. The index is given the game's TTL plus
 * this much, so it still outlives every game it lists (a save at time T comes at most this long after its process's
 * last refresh), for one round trip per channel every 10 minutes instead of one per press.
 */
export const INDEX_REFRESH_MS = 10 * 60 * 1000;
/** Channels whose last index refresh a process remembers (an older one is simply refreshed again). */
const INDEX_REFRESH_MEMORY = 10_000;
/** A channel's summaries, and the guild's index of summarised channels, expire this long after the last game ended there. */
export const SUMMARY_TTL_MS = 90 * 24 * 3600 * 1000;

/** Lua: the server's clock in epoch milliseconds. */
const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * Checked before the first write: Redis does not undo a script's earlier writes when a later command fails, so a key of
 * the wrong type (a damaged game, log, summaries or interactions key) must be found before anything is written.
 * CREATE checks its three keys. SAVE checks only the keys this call writes (the log when it has actions; summaries,
 * outbox, last run, last run log and runs when it finishes a run) and reads the rest through pcall, which turns a
 * wrong type into a reply instead of an error: the game hash (its rev, read before any write) and the exactly-once
 * record. The legacy interactions set's type is read once (the duplicate check and the record use it). A typical press
 * so costs two TYPE calls, not ten. Replies {-2, now, key}.
 */
const TYPES = `local want = {'hash', 'list', 'list', 'zset', 'hash', 'hash', 'list', 'string', 'hash'}
local function damaged(...)
  for _, i in ipairs({...}) do
    local t = redis.call('TYPE', KEYS[i]).ok
    if t ~= 'none' and t ~= want[i] then return i end
  end
  return nil
end`;
const CREATE_TYPES = `${TYPES}
local bad = damaged(1, 2, 3)
if bad then return {-2, now, bad} end`;
const SAVE_TYPES = `${TYPES}
local bad = nil
if #ARGV > 11 then bad = damaged(2) end
if not bad and ARGV[7] ~= '' then bad = damaged(2, 3, 5, 6, 7, 9) end
if bad then return {-2, now, bad} end
local legacyType = redis.call('TYPE', KEYS[4]).ok
if legacyType ~= 'none' and legacyType ~= 'zset' then return {-2, now, 4} end`;

/**
 * Shared head of SAVE and CREATE: ARGV[8] is a deadline on the server's clock ('' for none). A write that reaches
 * Redis after it (Redis hung, then answered again) is refused with -1: its caller has timed out and told the user
 * nothing changed, so it must not land late. Every reply carries the server's clock: {1 | 0 | -1, now}.
 */
const DEADLINE = `${NOW_MS}
if ARGV[8] ~= '' and now > tonumber(ARGV[8]) then return {-1, now} end`;

/**
 * The first write of SAVE and CREATE, and it must be the first: Redis checks maxmemory only before a script's first
 * write (later ones pass, to keep the script atomic), and HSET is refused under memory pressure (OOM) while a prune
 * such as ZREMRANGEBYSCORE or DEL is not. So with HSET first, a refusal comes before anything is written.
 */
const FIRST_WRITE = `redis.call('HSET', KEYS[1], 'rev', ARGV[2], 'status', ARGV[3], 'state', ARGV[4], 'meta', ARGV[5])`;

/**
 * Shared tail of SAVE and CREATE, after FIRST_WRITE. ARGV[7] is a summary record ('' for none): it joins the
 * channel's newest SUMMARIES_PER_CHANNEL, which expire SUMMARY_TTL_MS after the last one. Actions follow from ARGV[12].
 */
const WRITE = `
if #ARGV > 11 then
  local n = redis.call('RPUSH', KEYS[2], unpack(ARGV, 12))
  if n > ${LOG_MAX_ACTIONS} then
    local base = tonumber(redis.call('HGET', KEYS[1], 'logBase') or '0') + n
    redis.call('DEL', KEYS[2])
    redis.call('HSET', KEYS[1], 'checkpoint', ARGV[4], 'logBase', base)
  end
end
if ARGV[7] ~= '' then
  redis.call('RPUSH', KEYS[3], ARGV[7])
  redis.call('LTRIM', KEYS[3], -${SUMMARIES_PER_CHANNEL}, -1)
  redis.call('PEXPIRE', KEYS[3], ${SUMMARY_TTL_MS})
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])`;

/**
 * SAVE only, after WRITE, when the save finishes a run (ARGV[7] its summary, ARGV[11] its id, String(createdAt)):
 * the run's outbox entry (KEYS[5], until the run is recorded) and its replay material, the final state and meta
 * (KEYS[6]) and a copy of its log (KEYS[7]), all kept LAST_RUN_TTL_MS: a later game in the channel leaves them be. The
 * finished game itself and its log get the same expiry (a new game or a play-again gives them GAME_TTL_MS again).
 * The same material is kept per run (KEYS[9], field = run id) until the run is recorded, so a later run finishing in
 * the channel before a crashed run is swept never takes its material away.
 */
const FINISH = `
if ARGV[7] ~= '' then
  redis.call('HSET', KEYS[5], ARGV[11], ARGV[7])
  redis.call('PEXPIRE', KEYS[5], ${LAST_RUN_TTL_MS})
  redis.call('DEL', KEYS[6], KEYS[7])
  local g = redis.call('HMGET', KEYS[1], 'checkpoint', 'logBase')
  redis.call('HSET', KEYS[6], 'state', ARGV[4], 'meta', ARGV[5], 'createdAt', ARGV[11], 'logBase', g[2] or '0')
  if g[1] then redis.call('HSET', KEYS[6], 'checkpoint', g[1]) end
  redis.call('PEXPIRE', KEYS[6], ${LAST_RUN_TTL_MS})
  if redis.call('EXISTS', KEYS[2]) == 1 then
    redis.call('COPY', KEYS[2], KEYS[7])
    redis.call('PEXPIRE', KEYS[7], ${LAST_RUN_TTL_MS})
  end
  local run = {state = ARGV[4], meta = ARGV[5], logBase = g[2] or '0', log = redis.call('LRANGE', KEYS[2], 0, -1)}
  if g[1] then run.checkpoint = g[1] end
  redis.call('HSET', KEYS[9], ARGV[11], cjson.encode(run))
  redis.call('PEXPIRE', KEYS[9], ${LAST_RUN_TTL_MS})
  -- A finished game idles no longer than its replay material (which holds the same state and log): 7 days, not 14.
  redis.call('PEXPIRE', KEYS[1], ${LAST_RUN_TTL_MS})
  redis.call('PEXPIRE', KEYS[2], ${LAST_RUN_TTL_MS})
end`;

/**
 * Lua helpers of the exactly-once record (KEYS[8], a string; see SEEN_RECORD_BYTES): `seenKey(id)` is the 8-byte key of
 * an interaction id (the first 8 bytes of its SHA-1), `seenIn(s, k, nowMs)` whether `s` holds an unexpired record of
 * `k`, `expiryOf(s, i)` the expiry (Unix seconds) of the record at byte offset `i`.
 */
const SEEN_HELPERS = `local function seenKey(id)
  local h = redis.sha1hex(id)
  local b = {}
  for i = 1, 16, 2 do b[#b + 1] = string.char(tonumber(string.sub(h, i, i + 1), 16)) end
  return table.concat(b)
end
local function expiryOf(s, i)
  local a, b, c, d = string.byte(s, i + 9, i + 12)
  return ((a * 256 + b) * 256 + c) * 256 + d
end
local function seenIn(s, k, nowMs)
  if not s then return false end
  local p = 1
  while true do
    p = string.find(s, k, p, true)
    if not p then return false end
    if (p - 1) % ${SEEN_RECORD_BYTES} == 0 and expiryOf(s, p - 1) * 1000 > nowMs then return true end
    p = p + 1
  end
end
local function legacySeen(key, id, nowMs, t)
  if (t or redis.call('TYPE', key).ok) ~= 'zset' then return false end
  local expires = redis.call('ZSCORE', key, id)
  return expires and tonumber(expires) > nowMs
end`;

/**
 * The interactions a channel applied: KEYS[8] is its exactly-once record (see SEEN_RECORD_BYTES); KEYS[4] the sorted set
 * of the form before it (member id, score expiry ms), still read and, while it exists, written, so processes of both
 * forms agree during a rolling upgrade; it is never given a new expiry, so it is gone 20 minutes after the last old
 * process wrote it. ARGV[9] is this save's interaction id ('' for none), ARGV[10] the time to measure from ('' = the
 * server's clock). A recorded, unexpired id is a duplicate: {2, now}, checked before the revision and writing nothing.
 */
const SEEN = `${SEEN_HELPERS}
local ixNow = now
if ARGV[10] ~= '' then ixNow = tonumber(ARGV[10]) end
local ixKey = nil
local seenRaw = false
if ARGV[9] ~= '' then
  ixKey = seenKey(ARGV[9])
  seenRaw = redis.pcall('GET', KEYS[8])
  if type(seenRaw) == 'table' then return {-2, now, 8} end
  if seenIn(seenRaw, ixKey, ixNow) or legacySeen(KEYS[4], ARGV[9], ixNow, legacyType) then return {2, now} end
end
local rev = redis.pcall('HGET', KEYS[1], 'rev')
if type(rev) == 'table' then return {-2, now, 1} end`;

/**
 * Records the interaction (after the compare-and-set passed): records are appended in the order they expire, so the
 * expired ones are a prefix, dropped in the same write. The record outlives its newest entry by nothing.
 */
const RECORD = `if ixKey then
  local s = seenRaw or ''
  local cut = 0
  while cut + ${SEEN_RECORD_BYTES} <= #s and expiryOf(s, cut) * 1000 <= ixNow do cut = cut + ${SEEN_RECORD_BYTES} end
  local e = math.ceil((ixNow + ${INTERACTION_TTL_MS}) / 1000)
  local rec = ixKey .. string.char(math.floor(e / 16777216) % 256, math.floor(e / 65536) % 256, math.floor(e / 256) % 256, e % 256)
  -- SET, not APPEND: the string is stored at its exact size (APPEND keeps up to as much again spare).
  redis.call('SET', KEYS[8], string.sub(s, cut + 1) .. rec, 'PX', ${INTERACTION_TTL_MS})
  if legacyType == 'zset' then
    redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', ixNow)
    redis.call('ZADD', KEYS[4], ixNow + ${INTERACTION_TTL_MS}, ARGV[9])
  end
end`;

/**
 * KEYS game, log, summaries, interactions (legacy), outbox, last, last log, seen, runs; ARGV expectedRev, newRev, status, state, meta, ttlMs,
 * summary, deadline, interactionId, interactionNow, run id, actions...
 */
const SAVE = new LuaScript(`
${DEADLINE}
${SAVE_TYPES}
${SEEN}
if rev ~= ARGV[1] then return {0, now} end
${FIRST_WRITE}
${RECORD}
${WRITE}
${FINISH}
return {1, now}`);

/**
 * KEYS game, log, summaries; the same arguments (no interaction); expectedRev '' means "only if absent". The log is
 * reset: it belongs to the new game. The interactions set is kept: an interaction applied to the game replaced is
 * still applied.
 */
const CREATE = new LuaScript(`
${DEADLINE}
${CREATE_TYPES}
if ARGV[1] == '' then
  if redis.call('EXISTS', KEYS[1]) == 1 then return {0, now} end
elseif redis.call('HGET', KEYS[1], 'rev') ~= ARGV[1] then return {0, now} end
${FIRST_WRITE}
redis.call('HDEL', KEYS[1], 'checkpoint', 'logBase')
redis.call('DEL', KEYS[2])
${WRITE}
return {1, now}`);

/** KEYS a guild index set; ARGV member, ttlMs. Adds the member and pushes the set's expiry out, in one command. */
const INDEX = new LuaScript(`
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`);

/**
 * KEYS game, interactions (legacy), seen; ARGV the revision this process already holds decoded ('' for none), an
 * interaction id ('' for none) and the time to measure its record from ('' = the server's clock). Returns the server's
 * clock, whether the interaction is recorded (1 or 0; a damaged record counts as not recorded: the save reports it),
 * then just the revision when it is still current (a hit costs one small round trip and no parsing), otherwise
 * revision, state and meta.
 */
const LOAD = new LuaScript(`
${NOW_MS}
${SEEN_HELPERS}
local applied = 0
if ARGV[2] ~= '' then
  local ixNow = now
  if ARGV[3] ~= '' then ixNow = tonumber(ARGV[3]) end
  local s = redis.pcall('GET', KEYS[3])
  if type(s) == 'table' then s = false end
  if seenIn(s, seenKey(ARGV[2]), ixNow) or legacySeen(KEYS[2], ARGV[2], ixNow) then applied = 1 end
end
local rev = redis.call('HGET', KEYS[1], 'rev')
if rev and rev == ARGV[1] then return {now, applied, rev} end
local f = redis.call('HMGET', KEYS[1], 'rev', 'state', 'meta')
return {now, applied, f[1], f[2], f[3]}`);

/** Options of the Redis stores. */
export interface RedisStoreOptions {
  prefix?: string;
  ttlMs?: number;
  /**
   * Channels whose last decoded game this process keeps, keyed by revision (default 1000; 0 disables). Decoding
   * (zod validation) is most of the CPU cost of a load, and a revision never reused makes a hit exact.
   */
  cacheSize?: number;
  /**
   * How long after it is sent a write may still be applied (default 700 ms). Keep it below the client's command
   * timeout (createRedis: 800 ms), so that a write whose caller gave up can never land afterwards.
   */
  writeWindowMs?: number;
  /** Told when a damaged guild index was dropped (main logs it with the key). */
  onDamagedIndex?: (key: string) => void;
  /** How often a save refreshes the channel's place in the guild's games index (default INDEX_REFRESH_MS; 0: every save). */
  indexRefreshMs?: number;
}

/**
 * A decoded game known to be the record stored under `rev`. The game is frozen; its typed arrays cannot be, so
 * private copies of them are kept to check on every hit that no caller has written into them.
 */
interface CacheEntry {
  rev: Revision;
  game: StoredGame;
  tiles: Buffer;
  explored: Buffer;
}

/** Redis implementation of GameStore; any number of processes may share it. */
export class RedisGameStore implements GameStore {
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly cacheSize: number;
  private readonly writeWindowMs: number;
  private readonly onDamagedIndex: (key: string) => void;
  private readonly indexRefreshMs: number;
  /** When this process last refreshed each channel's place in its guild's games index (oldest first). */
  private readonly indexedAt = new Map<string, number>();
  /** Most recently used last (Map keeps insertion order). */
  private readonly cache = new Map<string, CacheEntry>();
  /**
   * Server clock minus local clock, as a lower bound (server time in a reply minus local time when it came),
   * refreshed by every load and write; null until the first. A deadline computed with it is never later on the
   * server than it is meant to be.
   */
  private clockOffset: number | null = null;

  constructor(
    private readonly redis: RedisClient,
    opts: RedisStoreOptions = {},
  ) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
    this.ttlMs = opts.ttlMs ?? GAME_TTL_MS;
    this.cacheSize = opts.cacheSize ?? 1000;
    this.writeWindowMs = opts.writeWindowMs ?? 700;
    this.onDamagedIndex = opts.onDamagedIndex ?? (() => {});
    this.indexRefreshMs = opts.indexRefreshMs ?? INDEX_REFRESH_MS;
  }

  async load(key: ChannelKey, opts: InteractionOptions = {}): Promise<LoadResult> {
    const { game: gameKey, ix, seen: seenKey } = channelKeys(this.prefix, key);
    const cached = this.cache.get(gameKey);
    const usable = cached !== undefined && intact(cached);
    let fields: unknown;
    try {
      fields = await guard(this.redis, () => LOAD.run(this.redis, [gameKey, ix, seenKey], [usable ? cached.rev : '', opts.interactionId ?? '', opts.now ?? '']));
    } catch (err) {
      // Something that is not a hash under the game key is a corrupt save, not an outage.
      if (isWrongType(err)) return { kind: 'corrupt', reason: 'not a game record' };
      throw err;
    }
    const [serverNow, applied, rev, state, meta] = Array.isArray(fields) ? (fields as [number, number, ...(string | null)[]]) : [];
    this.observeClock(serverNow);
    const seen = opts.interactionId === undefined ? {} : { applied: applied === 1 };
    if (usable && Array.isArray(fields) && fields.length === 3 && rev === cached.rev) {
      this.remember(gameKey, cached);
      return { kind: 'found', game: cached.game, rev: cached.rev, migratedFrom: null, ...seen };
    }
    this.cache.delete(gameKey);
    if (rev == null) return state == null && meta == null ? { kind: 'missing' } : { kind: 'corrupt', reason: 'no revision' };
    const decoded = decodeGame(state, meta);
    if (decoded.kind !== 'found') return decoded;
    this.remember(gameKey, entry(rev, decoded.game));
    return { ...decoded, rev, ...seen };
  }

  cached(key: ChannelKey): { game: StoredGame; rev: Revision } | null {
    const e = this.cache.get(channelKeys(this.prefix, key).game);
    // Without a clock offset a write could not carry its deadline, so nothing is offered unverified.
    return e && this.clockOffset !== null && intact(e) ? { game: e.game, rev: e.rev } : null;
  }

  async create(key: ChannelKey, game: StoredGame, actions: readonly Action[], replacing?: Revision): Promise<Revision | null> {
    // The guild index lives in another cluster slot, so it cannot share the script. It is written first, so it is
    // always a superset of the guild's games (listActive drops members whose game has gone).
    await this.indexGame(key);
    const rev = await this.write(CREATE, key, game, replacing ?? '', actions);
    // CREATE has no interaction, so it never answers DUPLICATE.
    return typeof rev === 'string' ? rev : null;
  }

  async save(key: ChannelKey, game: StoredGame, expected: Revision, actions: readonly Action[], summary?: GameSummaryRecord, opts: InteractionOptions = {}): Promise<SaveResult> {
    const { summarized } = guildKeys(this.prefix, key.guildId);
    // Same reasoning as the games index: the index of summarised channels is written first, so it is a superset.
    if (summary) await this.index(summarized, key.channelId, SUMMARY_TTL_MS);
    // The outbox index too (another slot), before the save, so every outbox entry's channel is in it.
    if (summary) await guard(this.redis, () => this.redis.zadd(outboxIndexKey(this.prefix), Date.now(), encodeChannelKey(key)));
    // The games index gets the game's fresh TTL (plus the refresh interval) at most every indexRefreshMs, so it
    // outlives none of its games. Sent alongside the save (auto-pipelined) and best effort: it is only an index.
    const due = Date.now() - (this.indexedAt.get(this.indexId(key)) ?? -Infinity) >= this.indexRefreshMs;
    const indexed = due ? this.indexGame(key).catch(() => {}) : undefined;
    const rev = await this.write(SAVE, key, game, expected, actions, summary, opts);
    await indexed;
    return rev;
  }

  async delete(key: ChannelKey): Promise<boolean> {
    const { game, log, summaries, ix, seen } = channelKeys(this.prefix, key);
    this.cache.delete(game);
    this.indexedAt.delete(this.indexId(key));
    // One slot (the channel's hash tag), so one DEL, in a cluster too.
    const n = await guard(this.redis, () => this.redis.del(game, log, ix, seen));
    // Summaries are history and stay; a summaries key of another type is damage, which reset-game repairs too.
    const t = await guard(this.redis, () => this.redis.type(summaries));
    if (t !== 'none' && t !== 'list') await guard(this.redis, () => this.redis.del(summaries));
    const index = guildKeys(this.prefix, key.guildId).games;
    await this.indexOp(index, () => this.redis.srem(index, key.channelId));
    return n > 0;
  }

  async listActive(guildId: string): Promise<ChannelKey[]> {
    const index = guildKeys(this.prefix, guildId).games;
    const members = (await this.indexOp(index, () => this.redis.smembers(index))) ?? [];
    const keys = members.map((channelId) => ({ guildId, channelId }));
    const statuses = await Promise.all(keys.map((k) => guard(this.redis, () => this.redis.hget(channelKeys(this.prefix, k).game, 'status')).catch((err: unknown) => (isWrongType(err) ? 'corrupt' : Promise.reject(err)))));
    const gone = keys.filter((_, i) => statuses[i] === null).map((k) => k.channelId);
    if (gone.length > 0) await this.indexOp(index, () => this.redis.srem(index, ...gone));
    return keys.filter((_, i) => statuses[i] === 'playing');
  }

  /** The log since its checkpoint (see LOG_MAX_ACTIONS): actions before the checkpoint's version are not kept. */
  async readLog(key: ChannelKey, from = 0, to?: number): Promise<Action[]> {
    const keys = channelKeys(this.prefix, key);
    const base = Number((await guard(this.redis, () => this.redis.hget(keys.game, 'logBase'))) ?? 0);
    const start = Math.max(from, base) - base;
    if (to !== undefined && to - base <= start) return [];
    const items = await guard(this.redis, () => this.redis.lrange(keys.log, start, to === undefined ? -1 : to - base - 1));
    return items.map(decodeLogEntry);
  }

  /** The state a long game's log restarts from, and its version; null while the whole log is kept. */
  async logCheckpoint(key: ChannelKey): Promise<{ version: number; state: string } | null> {
    const [state, base] = await guard(this.redis, () => this.redis.hmget(channelKeys(this.prefix, key).game, 'checkpoint', 'logBase'));
    return state && base ? { version: Number(base), state } : null;
  }

  async summaries(guildId: string): Promise<GameSummaryRecord[]> {
    const summarized = guildKeys(this.prefix, guildId).summarized;
    const channels = (await this.indexOp(summarized, () => this.redis.smembers(summarized))) ?? [];
    const lists = await Promise.all(channels.map((channelId) => guard(this.redis, () => this.redis.lrange(channelKeys(this.prefix, { guildId, channelId }).summaries, 0, -1))));
    return lists.flat().map((text) => JSON.parse(text) as GameSummaryRecord);
  }

  /**
   * Puts the channel in its guild's games index, which then expires the game's TTL plus the refresh interval from now,
   * and remembers when (forgotten again if the write fails, so the next save retries).
   */
  private async indexGame(key: ChannelKey): Promise<void> {
    const id = this.indexId(key);
    this.indexedAt.delete(id);
    await this.index(guildKeys(this.prefix, key.guildId).games, key.channelId, this.ttlMs + this.indexRefreshMs);
    this.indexedAt.set(id, Date.now());
    if (this.indexedAt.size > INDEX_REFRESH_MEMORY) this.indexedAt.delete(this.indexedAt.keys().next().value!);
  }

  /** The channel's entry in `indexedAt`. */
  private indexId(key: ChannelKey): string {
    return encodeChannelKey(key);
  }

  /** Adds `member` to the guild index set `setKey` and sets the set to expire `ttlMs` from now. */
  private async index(setKey: string, member: string, ttlMs: number): Promise<void> {
    await this.indexOp(setKey, () => INDEX.run(this.redis, [setKey], [member, ttlMs]));
  }

  /**
   * Runs a command on a guild index. Indexes are best-effort: one of another Redis type (damaged, and with no expiry)
   * must never block a game, so it is dropped and the command tried once more on a fresh set; null if that fails too.
   */
  private async indexOp<T>(setKey: string, op: () => Promise<T>): Promise<T | null> {
    try {
      return await guard(this.redis, op);
    } catch (err) {
      if (!isWrongType(err)) throw err;
      this.onDamagedIndex(setKey);
      await guard(this.redis, () => this.redis.del(setKey));
      return guard(this.redis, op).catch((again: unknown) => (isWrongType(again) ? null : Promise.reject(again)));
    }
  }

  /** After a failed save: whether its interaction is recorded (false when that can't be read within a second). */
  private async landed(keys: string[], opts: InteractionOptions): Promise<boolean> {
    try {
      const read = LOAD.run(this.redis, keys, ['', opts.interactionId ?? '', opts.now ?? '']);
      const reply = await Promise.race([read, new Promise<null>((resolve) => setTimeout(resolve, 1000, null).unref())]);
      return Array.isArray(reply) && reply[1] === 1;
    } catch {
      return false;
    }
  }

  /** Updates the clock offset from the server time in a reply that has just arrived. */
  private observeClock(serverNow: unknown): void {
    if (typeof serverNow === 'number') this.clockOffset = serverNow - Date.now();
  }

  private remember(gameKey: string, e: CacheEntry): void {
    if (this.cacheSize <= 0) return;
    this.cache.delete(gameKey);
    this.cache.set(gameKey, e);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
  }

  private async write(script: LuaScript, key: ChannelKey, game: StoredGame, expected: string, actions: readonly Action[], summary?: GameSummaryRecord, opts?: InteractionOptions): Promise<SaveResult> {
    const { game: gameKey, log, summaries, ix, outbox, last, lastLog, seen, runs } = channelKeys(this.prefix, key);
    const rev = newRev();
    const deadline = this.clockOffset === null ? '' : Date.now() + this.clockOffset + this.writeWindowMs;
    // State and meta (about 13 KB of JSON) go as Buffers: ioredis then writes the command from off-heap bytes. As strings
    // they were concatenated into one 13 KB string held until the reply, which outlived young-generation collections
    // and was copied and promoted (a third of the bytes promoted per press in a 200-channel run).
    const args = [expected, rev, game.state.status, Buffer.from(encodeState(game)), Buffer.from(encodeMeta(game)), this.ttlMs, summary ? JSON.stringify(summary) : '', deadline, opts?.interactionId ?? '', opts?.now ?? '', summary ? String(game.meta.createdAt) : '', ...actions.map(encodeLogEntry)];
    // CREATE takes no interaction and so not its key; every key shares the channel's hash tag (one cluster slot).
    const keys = opts ? [gameKey, log, summaries, ix, outbox, last, lastLog, seen, runs] : [gameKey, log, summaries];
    let reply: unknown;
    try {
      reply = await guard(this.redis, () => script.run(this.redis, keys, args));
    } catch (err) {
      // A reply can lose the race with its command timeout (an event loop stalled past both): then the write may have
      // landed. The record read after it on the same connection is conclusive; if it is there, say so (as a duplicate).
      if (err instanceof StorageUnavailableError && opts?.interactionId && (await this.landed([gameKey, ix, seen], opts))) return DUPLICATE;
      throw err;
    }
    const [result, serverNow] = Array.isArray(reply) ? (reply as unknown[]) : [];
    this.observeClock(serverNow);
    if (result === -1) throw new StorageUnavailableError('redis: the write reached Redis after its deadline and was not applied');
    if (result === -2) throw new DamagedSaveError(`the channel's ${['game', 'action log', 'summaries', 'interactions', 'outbox', 'last run', 'last run log', 'exactly-once record', 'runs to record'][Number((reply as unknown[])[2]) - 1] ?? 'game'} key holds another Redis type`);
    if (result === 2) return DUPLICATE;
    if (result !== 1) return null;
    this.remember(gameKey, entry(rev, game));
    return rev;
  }
}

/** A cache entry for `game` stored under `rev`; freezes the game (see freezeGame). */
function entry(rev: Revision, game: StoredGame): CacheEntry {
  return { rev, game: freezeGame(game), tiles: Buffer.from(game.state.tiles), explored: Buffer.from(game.state.explored) };
}

/** False when someone wrote into the cached state's typed arrays since it was cached (then it must be reloaded). */
function intact(e: CacheEntry): boolean {
  return e.tiles.equals(e.game.state.tiles) && e.explored.equals(e.game.state.explored);
}

/** Random per process, so that two processes (or this one after a restart) never make the same token. */
const REV_PREFIX = randomBytes(6).toString('hex');
let revCounter = 0;

/** A revision token never used before by any process: a deleted-and-recreated game can never reuse an old token. */
function newRev(): Revision {
  revCounter += 1;
  return `${REV_PREFIX}${revCounter.toString(36)}`;
}
