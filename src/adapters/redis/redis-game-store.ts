/**
 * GameStore on Redis. Each channel's game is a hash { rev, status, state, meta } and its accepted actions a list,
 * both under the channel's hash tag. Saves are a Lua compare-and-set on `rev` that writes the hash, RPUSHes the
 * log and refreshes both TTLs atomically. Lua rather than WATCH/MULTI: one round trip instead of four, and WATCH
 * would need a dedicated connection per concurrent transaction, while scripts share one pipelined connection.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { decodeAction, decodeGame, encodeMeta, encodeState } from '../../app/game-codec.js';
import type { GameStore, GameSummaryRecord, LoadResult, Revision } from '../../app/ports.js';
import type { ChannelKey, StoredGame } from '../../app/service-types.js';
import type { Action } from '../../engine/types.js';
import { guard } from './client.js';
import { channelKeys, DEFAULT_PREFIX, guildKeys, summaryKey } from './keys.js';
import { LuaScript } from './script.js';

/** Games idle this long expire; every save refreshes it. */
export const GAME_TTL_MS = 14 * 24 * 3600 * 1000;

const WRITE = `
redis.call('HSET', KEYS[1], 'rev', ARGV[2], 'status', ARGV[3], 'state', ARGV[4], 'meta', ARGV[5])
if #ARGV > 6 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 7)) end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 1`;

/** KEYS game, log; ARGV expectedRev, newRev, status, state, meta, ttlMs, actions... */
const SAVE = new LuaScript(`
if redis.call('HGET', KEYS[1], 'rev') ~= ARGV[1] then return 0 end
${WRITE}`);

/** Same arguments; expectedRev '' means "only if absent". The log is reset: it belongs to the new game. */
const CREATE = new LuaScript(`
if ARGV[1] == '' then
  if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
elseif redis.call('HGET', KEYS[1], 'rev') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
${WRITE}`);

/**
 * KEYS game; ARGV the revision this process already holds decoded ('' for none). Returns just { rev } when it is
 * still current, so a hit costs one small round trip and no parsing; otherwise { rev, state, meta }.
 */
const LOAD = new LuaScript(`
local rev = redis.call('HGET', KEYS[1], 'rev')
if rev and rev == ARGV[1] then return {rev} end
return redis.call('HMGET', KEYS[1], 'rev', 'state', 'meta')`);

/** Options of the Redis stores. */
export interface RedisStoreOptions {
  prefix?: string;
  ttlMs?: number;
  /**
   * Channels whose last decoded game this process keeps, keyed by revision (default 1000; 0 disables). Decoding
   * (zod validation) is most of the CPU cost of a turn, and a random revision per write makes a hit exact.
   * Cached games are shared values: like the engine, which shares structure between versions, callers must
   * treat a GameState as immutable.
   */
  cacheSize?: number;
}

/** Redis implementation of GameStore; any number of processes may share it. */
export class RedisGameStore implements GameStore {
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly cacheSize: number;
  /** Most recently used last (Map keeps insertion order). */
  private readonly cache = new Map<string, { rev: Revision; game: StoredGame }>();

  constructor(private readonly redis: Redis, opts: RedisStoreOptions = {}) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
    this.ttlMs = opts.ttlMs ?? GAME_TTL_MS;
    this.cacheSize = opts.cacheSize ?? 1000;
  }

  async load(key: ChannelKey): Promise<LoadResult> {
    const { game } = channelKeys(this.prefix, key);
    const cached = this.cache.get(game);
    let fields: unknown;
    try {
      fields = await guard(() => LOAD.run(this.redis, [game], [cached?.rev ?? '']));
    } catch (err) {
      // Something that is not a hash under the game key is a corrupt save, not an outage.
      if (err instanceof Error && err.message.startsWith('WRONGTYPE')) return { kind: 'corrupt', reason: 'not a game record' };
      throw err;
    }
    const [rev, state, meta] = Array.isArray(fields) ? (fields as (string | null)[]) : [];
    if (cached && fields instanceof Array && fields.length === 1 && rev === cached.rev) {
      this.remember(game, cached.rev, cached.game);
      return { kind: 'found', game: cached.game, rev: cached.rev, migratedFrom: null };
    }
    this.cache.delete(game);
    if (rev == null) return state == null && meta == null ? { kind: 'missing' } : { kind: 'corrupt', reason: 'no revision' };
    const decoded = decodeGame(state, meta);
    if (decoded.kind !== 'found') return decoded;
    this.remember(game, rev, decoded.game);
    return { ...decoded, rev };
  }

  async create(key: ChannelKey, game: StoredGame, actions: readonly Action[], replacing?: Revision): Promise<Revision | null> {
    const rev = newRev();
    const ok = await this.write(CREATE, key, game, replacing ?? '', rev, actions);
    if (!ok) return null;
    this.remember(channelKeys(this.prefix, key).game, rev, game);
    // The guild index lives in another slot, so it cannot share the script: it is best-effort and
    // self-healing (listActive drops members whose game has gone).
    await guard(() => this.redis.sadd(guildKeys(this.prefix, key.guildId).games, key.channelId));
    return rev;
  }

  async save(key: ChannelKey, game: StoredGame, expected: Revision, actions: readonly Action[]): Promise<Revision | null> {
    const rev = newRev();
    if (!(await this.write(SAVE, key, game, expected, rev, actions))) return null;
    this.remember(channelKeys(this.prefix, key).game, rev, game);
    return rev;
  }

  async delete(key: ChannelKey): Promise<boolean> {
    const { game, log } = channelKeys(this.prefix, key);
    this.cache.delete(game);
    const n = await guard(() => this.redis.del(game, log));
    await guard(() => this.redis.srem(guildKeys(this.prefix, key.guildId).games, key.channelId));
    return n > 0;
  }

  async listActive(guildId: string): Promise<ChannelKey[]> {
    const index = guildKeys(this.prefix, guildId).games;
    const members = await guard(() => this.redis.smembers(index));
    const keys = members.map((channelId) => ({ guildId, channelId }));
    const statuses = await Promise.all(keys.map((k) => guard(() => this.redis.hget(channelKeys(this.prefix, k).game, 'status')).catch(() => 'corrupt')));
    const gone = keys.filter((_, i) => statuses[i] === null).map((k) => k.channelId);
    if (gone.length > 0) await guard(() => this.redis.srem(index, ...gone));
    return keys.filter((_, i) => statuses[i] === 'playing');
  }

  async readLog(key: ChannelKey, from = 0): Promise<Action[]> {
    const items = await guard(() => this.redis.lrange(channelKeys(this.prefix, key).log, from, -1));
    return items.map(decodeAction);
  }

  async writeSummary(record: GameSummaryRecord): Promise<void> {
    const member = summaryKey(this.prefix, record.guildId, record.channelId, record.createdAt);
    // Score: deepest first, then most kills, for a leaderboard (ZREVRANGE) later.
    const score = record.depth * 1_000_000 + Math.min(record.kills, 999_999);
    await guard(() => this.redis.multi().set(member, JSON.stringify(record)).zadd(guildKeys(this.prefix, record.guildId).summaries, score, member).exec());
  }

  private remember(gameKey: string, rev: Revision, game: StoredGame): void {
    if (this.cacheSize <= 0) return;
    this.cache.delete(gameKey);
    this.cache.set(gameKey, { rev, game });
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
  }

  private async write(script: LuaScript, key: ChannelKey, game: StoredGame, expected: string, rev: string, actions: readonly Action[]): Promise<boolean> {
    const { game: gameKey, log } = channelKeys(this.prefix, key);
    const args = [expected, rev, game.state.status, encodeState(game), encodeMeta(game), this.ttlMs, ...actions.map((a) => JSON.stringify(a))];
    const result = await guard(() => script.run(this.redis, [gameKey, log], args));
    return result === 1;
  }
}

/** A random revision token: a deleted-and-recreated game can never reuse an old token. */
function newRev(): Revision {
  return randomBytes(8).toString('hex');
}
