/**
 * Round deadlines shared by every process: sorted sets, member = channel, score = deadline (epoch ms), split over
 * ROUND_BUCKETS hash-tagged buckets (a channel's bucket is roundBucket(key)), so that in a Redis Cluster the timers
 * are spread over several slots and nodes instead of all loading one. Every command and script touches one bucket.
 * Chosen over BullMQ because it needs no new dependency or worker process, and a claim is an atomic script per
 * bucket: due members are moved to a lease score (now + lease, ending in .5) instead of being removed, so a process
 * that dies after claiming leaves the entry to be claimed again when the lease runs out, while two live processes can
 * never claim the same entry at the same time. The game's own compare-and-set save is what finally guarantees that a
 * round resolves once.
 */
import { decodeChannelKey, encodeChannelKey } from '../../app/game-codec.js';
import { leaseScore, type RoundClaim, type RoundScheduler } from '../../app/ports.js';
import type { ChannelKey } from '../../app/service-types.js';
import { guard, isWrongType, type RedisClient } from './client.js';
import { DEFAULT_PREFIX, legacyRoundsKey, roundBucket, roundsBucketKeys } from './keys.js';
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

/**
 * ARGV member, score. Places an entry moved from another set: kept out by an earlier deadline or by a lease (its claimer
 * settles the entry to the game's real deadline), so it can only make the entry earlier, never take a claim away.
 */
const PLACE = new LuaScript(`
local cur = redis.call('ZSCORE', KEYS[1], ARGV[1])
if cur then
  cur = tonumber(cur)
  if cur ~= math.floor(cur) or cur <= tonumber(ARGV[2]) then return 0 end
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
return 1`);

/** ARGV now, limit, lease score. Replies member, score it had, member, score, ... */
const CLAIM = new LuaScript(`
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
for i = 1, #due, 2 do redis.call('ZADD', KEYS[1], ARGV[3], due[i]) end
return due`);

/** ARGV member, expected score, next score ('' = remove). */
const SETTLE = new LuaScript(`
local cur = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not cur or tonumber(cur) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
return 1`);

/**
 * Replaces a bucket that holds another type than a sorted set (damaged by hand or by another program) with nothing:
 * its entries are lost either way, and every playing game schedules its deadline again on its next save. Checked in
 * the script, so a bucket repaired meanwhile by another process is left alone. Replies 1 when it deleted the key.
 */
const REPAIR = new LuaScript(`
local t = redis.call('TYPE', KEYS[1]).ok
if t ~= 'zset' and t ~= 'none' then redis.call('DEL', KEYS[1]) return 1 end
return 0`);

/** RoundScheduler on bucketed Redis sorted sets (one server or a cluster). */
export class RedisRoundQueue implements RoundScheduler {
  private readonly buckets: string[];
  /** The unbucketed queue of earlier versions: its entries are moved to their buckets as they fall due. */
  private readonly legacy: string;
  /** The bucket the next claim starts from, rotating, so no bucket is always served last when more is due than a claim takes. */
  private start = 0;

  constructor(
    private readonly redis: RedisClient,
    opts: { prefix?: string } = {},
  ) {
    const prefix = opts.prefix ?? DEFAULT_PREFIX;
    this.buckets = roundsBucketKeys(prefix);
    this.legacy = legacyRoundsKey(prefix);
  }

  async schedule(key: ChannelKey, deadline: number, previous?: number | null): Promise<void> {
    const bucket = this.bucketOf(key);
    await this.repairing(bucket, () => SCHEDULE.run(this.redis, [bucket], [encodeChannelKey(key), String(deadline), previous == null ? '' : String(previous)]));
  }

  async replace(key: ChannelKey, deadline: number): Promise<void> {
    const bucket = this.bucketOf(key);
    await this.repairing(bucket, () => this.redis.zadd(bucket, deadline, encodeChannelKey(key)));
  }

  async cancel(key: ChannelKey, expected: number): Promise<void> {
    const bucket = this.bucketOf(key);
    await this.repairing(bucket, () => SETTLE.run(this.redis, [bucket], [encodeChannelKey(key), String(expected), '']));
  }

  /**
   * Claims from every bucket: first each bucket's share of `limit` (all at once: one round trip on one server, one
   * per node on a cluster), then, while the limit allows, more from the buckets that filled their share or had none.
   * Due entries of the legacy queue are moved to their buckets on the way (claimed by a later poll).
   */
  async claimDue(now: number, limit: number, leaseMs: number): Promise<RoundClaim[]> {
    if (limit <= 0) return [];
    const lease = leaseScore(now, leaseMs);
    const n = this.buckets.length;
    const order = Array.from({ length: n }, (_, i) => this.buckets[(this.start + i) % n]!);
    this.start = (this.start + 1) % n;
    const shares = order.map((_, i) => Math.floor(limit / n) + (i < limit % n ? 1 : 0));
    const [first] = await Promise.all([
      Promise.all(order.map((bucket, i) => (shares[i]! > 0 ? this.claimFrom(bucket, now, shares[i]!, lease) : Promise.resolve({ claims: [], taken: 0 })))),
      this.claimFrom(this.legacy, now, limit, lease),
    ]);
    const claims = first.flatMap((r) => r.claims);
    for (let i = 0; i < n && claims.length < limit; i++) {
      if (shares[i]! > 0 && first[i]!.taken < shares[i]!) continue; // that bucket had no more due
      claims.push(...(await this.claimFrom(order[i]!, now, limit - claims.length, lease)).claims);
    }
    return claims;
  }

  async settle(claim: RoundClaim, next: number | null): Promise<boolean> {
    const bucket = this.bucketOf(claim.key);
    const r = await this.repairing(bucket, () => SETTLE.run(this.redis, [bucket], [encodeChannelKey(claim.key), String(claim.lease), next === null ? '' : String(next)]));
    return r === 1;
  }

  async scoreOf(key: ChannelKey): Promise<number | null> {
    const bucket = this.bucketOf(key);
    const s = await this.repairing(bucket, () => this.redis.zscore(bucket, encodeChannelKey(key)));
    return s === null ? null : Number(s);
  }

  /**
   * Runs one call on a bucket; a bucket of the wrong type (WRONGTYPE) is repaired (REPAIR) and the call tried once
   * more, so one damaged key never fails every channel of its bucket (as the guild index, it is a shared key).
   */
  private async repairing<T>(bucket: string, call: () => Promise<T>): Promise<T> {
    try {
      return await guard(this.redis, call);
    } catch (err) {
      if (!isWrongType(err)) throw err;
      await guard(this.redis, () => REPAIR.run(this.redis, [bucket], []));
      return guard(this.redis, call);
    }
  }

  private bucketOf(key: ChannelKey): string {
    return this.buckets[roundBucket(key)]!;
  }

  /**
   * Claims up to `limit` due entries of one sorted set; `taken` counts every entry the script leased. A member this code
   * did not write would be claimed again on every lease, so it is dropped. A member outside its own bucket (the
   * legacy queue's, or a bucket count changed) is not handed out: it is placed in its bucket at the score it had
   * (see PLACE) and then removed here, so a crash in between leaves it in both, never in neither.
   */
  private async claimFrom(set: string, now: number, limit: number, lease: number): Promise<{ claims: RoundClaim[]; taken: number }> {
    let due: unknown;
    try {
      due = await guard(this.redis, () => CLAIM.run(this.redis, [set], [String(now), String(limit), String(lease)]));
    } catch (err) {
      // A damaged bucket is repaired and skipped this time; the other buckets' claims go ahead.
      if (!isWrongType(err)) throw err;
      await guard(this.redis, () => REPAIR.run(this.redis, [set], []));
      return { claims: [], taken: 0 };
    }
    if (!Array.isArray(due)) return { claims: [], taken: 0 };
    const claims: RoundClaim[] = [];
    const strays: string[] = [];
    const moves: Promise<unknown>[] = [];
    for (let i = 0; i + 1 < due.length; i += 2) {
      const member = String(due[i]);
      const key = decodeChannelKey(member);
      if (!key) strays.push(member);
      else if (this.bucketOf(key) === set) claims.push({ key, lease });
      else moves.push(this.move(set, member, key, String(due[i + 1]), lease));
    }
    if (strays.length > 0) moves.push(guard(this.redis, () => this.redis.zrem(set, ...strays)));
    await Promise.all(moves);
    return { claims, taken: due.length / 2 };
  }

  /** Moves a member of `from` that this claim leased to its own bucket, with the score it had before the lease. */
  private async move(from: string, member: string, key: ChannelKey, score: string, lease: number): Promise<void> {
    const bucket = this.bucketOf(key);
    await guard(this.redis, () => PLACE.run(this.redis, [bucket], [member, score]));
    // Only while it still holds this lease: an entry rewritten meanwhile (an older process) moves when it falls due.
    await guard(this.redis, () => SETTLE.run(this.redis, [from], [member, String(lease), '']));
  }
}
