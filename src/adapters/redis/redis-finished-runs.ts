/**
 * The reading side of what RedisGameStore's finishing save writes (see keys.ts): a channel's last finished run, kept
 * LAST_RUN_TTL_MS for its replay and its recording, and the outbox of finished runs not yet recorded. The outbox
 * index (one sorted set) is a superset: the save adds the channel before it writes, and `unrecorded` drops a member
 * only when its outbox is empty, it was added over OUTBOX_GRACE_MS ago, and nobody re-added it since it was read
 * (compare-and-set on its score).
 */
import { decodeChannelKey, decodeGame } from '../../app/game-codec.js';
import { decodeLogEntry } from './action-log-codec.js';
import type { FinishedRun, FinishedRunStore, OutboxEntry } from '../../app/daily/ports.js';
import type { GameSummaryRecord, Logger } from '../../app/ports.js';
import type { ChannelKey } from '../../app/service-types.js';
import { guard, type RedisClient } from './client.js';
import { channelKeys, DEFAULT_PREFIX, outboxIndexKey } from './keys.js';
import { LuaScript } from './script.js';

/** How long an index member with an empty outbox is kept (its finishing save may be in flight; writes take < 1 s). */
export const OUTBOX_GRACE_MS = 5 * 60_000;

/** KEYS index; ARGV member, score read. Removes the member only if its score is still the one read. */
const DROP_IF_SAME = new LuaScript(`
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) == tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0`);

/** Redis implementation of FinishedRunStore (over the keys RedisGameStore writes). */
export class RedisFinishedRuns implements FinishedRunStore {
  private readonly prefix: string;
  constructor(
    private readonly redis: RedisClient,
    private readonly logger: Logger,
    opts: { prefix?: string } = {},
  ) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
  }

  async lastRun(key: ChannelKey): Promise<FinishedRun | null> {
    const { last, lastLog } = channelKeys(this.prefix, key);
    const [[state, meta, logBase], items] = await guard(this.redis, () => Promise.all([this.redis.hmget(last, 'state', 'meta', 'logBase'), this.redis.lrange(lastLog, 0, -1)]));
    if (state === null && meta === null) return null;
    const decoded = decodeGame(state, meta);
    if (decoded.kind !== 'found') {
      this.logger.warn('damaged last run skipped', { ...key, reason: decoded.kind === 'corrupt' ? decoded.reason : decoded.kind });
      return null;
    }
    return { game: decoded.game, actions: items.map(decodeLogEntry), logBase: Number(logBase ?? 0) };
  }

  async runMaterial(key: ChannelKey, runId: string): Promise<FinishedRun | null> {
    const text = await guard(this.redis, () => this.redis.hget(channelKeys(this.prefix, key).runs, runId));
    if (text === null) return null;
    const run = parseMaterial(text);
    const decoded = run ? decodeGame(run.state, run.meta) : null;
    if (!run || decoded?.kind !== 'found') {
      this.logger.warn('damaged run material skipped', { ...key, runId });
      return null;
    }
    return { game: decoded.game, actions: run.log.map(decodeLogEntry), logBase: Number(run.logBase) };
  }

  async unrecorded(limit: number): Promise<OutboxEntry[]> {
    const index = outboxIndexKey(this.prefix);
    const flat = await guard(this.redis, () => this.redis.zrange(index, 0, limit - 1, 'WITHSCORES'));
    const out: OutboxEntry[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const member = flat[i]!;
      const key = decodeChannelKey(member);
      const fields = key ? await guard(this.redis, () => this.redis.hgetall(channelKeys(this.prefix, key).outbox)) : {};
      const entries = Object.entries(fields);
      // A member added in the last OUTBOX_GRACE_MS may belong to a finishing save still on its way: kept.
      if (!key || (entries.length === 0 && Number(flat[i + 1]) < Date.now() - OUTBOX_GRACE_MS)) await guard(this.redis, () => DROP_IF_SAME.run(this.redis, [index], [member, flat[i + 1]!]));
      if (!key) continue;
      for (const [runId, text] of entries) out.push({ key, runId, summary: JSON.parse(text) as GameSummaryRecord });
    }
    return out;
  }

  async markRecorded(key: ChannelKey, runId: string): Promise<void> {
    const { outbox, runs } = channelKeys(this.prefix, key);
    // One transaction (one slot): the entry and its material go together.
    await guard(this.redis, () => this.redis.multi().hdel(outbox, runId).hdel(runs, runId).exec());
  }
}

/** A run's kept material as the finishing save encoded it (cjson writes an empty log as {}). */
function parseMaterial(text: string): { state: string; meta: string; logBase: string; log: string[] } | null {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (typeof v.state !== 'string' || typeof v.meta !== 'string') return null;
    const log = Array.isArray(v.log) ? v.log.filter((a): a is string => typeof a === 'string') : [];
    return { state: v.state, meta: v.meta, logBase: String(v.logBase ?? '0'), log };
  } catch {
    return null;
  }
}
