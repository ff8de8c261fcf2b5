import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { Redis } from 'ioredis';
import { step } from '../../../src/engine/index.js';
import { channelKeys, guildKeys, legacyRoundsKey, ROUND_BUCKETS, roundBucket, roundsBucketKey } from '../../../src/adapters/redis/keys.js';
import { GAME_TTL_MS, INDEX_REFRESH_MS, RedisGameStore, SUMMARY_TTL_MS } from '../../../src/adapters/redis/redis-game-store.js';
import { encodeChannelKey } from '../../../src/app/game-codec.js';
import { DUPLICATE, INTERACTION_TTL_MS, StorageUnavailableError, SUMMARIES_PER_CHANNEL } from '../../../src/app/ports.js';
import { SEEN_RECORD_BYTES } from '../../../src/adapters/storage-bounds.js';
import { freshKey, redisKit, revOf, sampleStored, type StoreKit } from '../../app/fixtures.js';
import { storeContract } from '../../app/store-contract.js';

describe('redis stores', () => storeContract(() => redisKit(inject('redisUrl'))));

describe('redis game store specifics', () => {
  let kit: StoreKit;
  let raw: Redis;
  const prefixOf = (k: StoreKit): string => (k.games as unknown as { prefix: string }).prefix;
  beforeEach(async () => {
    kit = await redisKit(inject('redisUrl'));
    raw = new Redis(inject('redisUrl'));
  });
  afterEach(async () => {
    raw.disconnect();
    await kit.close();
  });

  it('reports a value of the wrong Redis type under the game key as corrupt, not as an outage', async () => {
    const key = freshKey();
    await raw.set(channelKeys(prefixOf(kit), key).game, 'just a string');
    expect(await kit.games.load(key)).toEqual({ kind: 'corrupt', reason: 'not a game record' });
  });

  it('a process that cached a game still sees another process write it', async () => {
    const key = freshKey();
    const game = sampleStored();
    const rev0 = (await kit.games.create(key, game, []))!;
    const first = await kit.games.load(key);
    expect(first.kind === 'found' && first.rev).toBe(rev0);
    const other = await kit.connect();
    const r = step(game.state, { type: 'wait', user: 'u1' });
    if (!r.ok) throw new Error(r.code);
    const rev1 = await other.games.save(key, { state: r.state, meta: game.meta }, rev0, [{ type: 'wait', user: 'u1' }]);
    const seen = await kit.games.load(key);
    expect(seen.kind === 'found' && seen.rev).toBe(rev1);
    expect(seen.kind === 'found' && seen.game.state.version).toBe(2);
    await other.close();
  });

  it('reloads a cached game whose typed arrays a caller wrote into, instead of handing out the altered state', async () => {
    const key = freshKey();
    const game = sampleStored();
    const original = Array.from(game.state.explored);
    await kit.games.create(key, game, []);
    const first = await kit.games.load(key);
    if (first.kind !== 'found') throw new Error(first.kind);
    first.game.state.explored[0] = first.game.state.explored[0] === 1 ? 0 : 1;
    first.game.state.tiles[1] = 3;
    const again = await kit.games.load(key);
    if (again.kind !== 'found') throw new Error(again.kind);
    expect(again.game).not.toBe(first.game);
    expect(Array.from(again.game.state.explored)).toEqual(original);
    expect(again.game.state.tiles[1]).toBe(sampleStored().state.tiles[1]);
  });

  it('a game replaced by another process between load and save is a conflict (no ABA), with or without the cache', async () => {
    const key = freshKey();
    const rev0 = (await kit.games.create(key, sampleStored(), []))!;
    await kit.games.load(key);
    const other = await kit.connect();
    expect(await other.games.delete(key)).toBe(true);
    expect(await other.games.create(key, sampleStored(), [])).not.toBeNull();
    expect(await kit.games.save(key, sampleStored(), rev0, [{ type: 'wait', user: 'u1' }])).toBeNull();
    expect(await kit.games.readLog(key)).toEqual([]);
    await other.close();
  });

  it('deletes a value of the wrong Redis type under the game key (admin reset)', async () => {
    const key = freshKey();
    await raw.set(channelKeys(prefixOf(kit), key).game, 'just a string');
    expect(await kit.games.delete(key)).toBe(true);
    expect(await kit.games.load(key)).toEqual({ kind: 'missing' });
  });

  it('drops a round-queue member it did not write instead of failing every claim', async () => {
    const key = freshKey();
    const bucket = roundsBucketKey(prefixOf(kit), roundBucket(key));
    await kit.rounds.schedule(key, 1000);
    await raw.zadd(bucket, 500, 'not json');
    const claims = await kit.rounds.claimDue(2000, 10, 3000);
    expect(claims.map((c) => c.key)).toEqual([key]);
    expect(await raw.zscore(bucket, 'not json')).toBeNull();
  });

  it('keeps each round deadline in its channel’s bucket, the buckets spread over several hash tags', async () => {
    const keys = Array.from({ length: 64 }, () => freshKey());
    for (const k of keys) await kit.rounds.schedule(k, 5000);
    for (const k of keys) expect(await raw.zscore(roundsBucketKey(prefixOf(kit), roundBucket(k)), encodeChannelKey(k))).toBe('5000');
    expect(new Set(keys.map(roundBucket)).size).toBeGreaterThan(ROUND_BUCKETS / 2);
    expect(await raw.exists(legacyRoundsKey(prefixOf(kit)))).toBe(0);
  });

  it.each([3, 10, 16, 50])('claims at most the limit (%i) across the buckets, each due entry once, until all are claimed', async (limit) => {
    const keys = Array.from({ length: 70 }, () => freshKey());
    for (const k of keys) await kit.rounds.schedule(k, 1000);
    const claimed: string[] = [];
    for (let poll = 0; poll < 100 && claimed.length < keys.length; poll++) {
      const claims = await kit.rounds.claimDue(2000, limit, 60_000);
      expect(claims.length).toBeLessThanOrEqual(limit);
      expect(claims.length).toBeGreaterThan(0);
      claimed.push(...claims.map((c) => encodeChannelKey(c.key)));
    }
    expect(claimed.sort()).toEqual(keys.map(encodeChannelKey).sort());
    expect(await kit.rounds.claimDue(2000, limit, 60_000)).toEqual([]);
  });

  it('moves the entries of the unbucketed queue of earlier versions to their buckets as they fall due, where they are claimed once', async () => {
    const due = freshKey();
    const later = freshKey();
    const legacy = legacyRoundsKey(prefixOf(kit));
    await raw.zadd(legacy, 1000, encodeChannelKey(due), 9000, encodeChannelKey(later), 500, 'not json');
    // Moved in one poll, claimed from its bucket in that poll or the next.
    const early = [...(await kit.rounds.claimDue(2000, 10, 3000)), ...(await kit.rounds.claimDue(2000, 10, 3000))];
    expect(early.map((c) => c.key)).toEqual([due]);
    expect(await raw.zrange(legacy, 0, -1)).toEqual([encodeChannelKey(later)]);
    expect(await kit.rounds.settle(early[0]!, null)).toBe(true);
    expect(await kit.rounds.scoreOf(later)).toBeNull();
    const next = [...(await kit.rounds.claimDue(9000, 10, 3000)), ...(await kit.rounds.claimDue(9000, 10, 3000))];
    expect(next.map((c) => c.key)).toEqual([later]);
    expect(await raw.exists(legacy)).toBe(0);
    expect(await kit.rounds.scoreOf(later)).toBe(next[0]!.lease);
  });

  it('an entry of the earlier unbucketed queue never displaces an earlier deadline or a claim in its bucket', async () => {
    const key = freshKey();
    await kit.rounds.schedule(key, 800);
    await raw.zadd(legacyRoundsKey(prefixOf(kit)), 1000, encodeChannelKey(key));
    const claims = await kit.rounds.claimDue(2000, 10, 3000);
    expect(claims.map((c) => c.key)).toEqual([key]); // its bucket's own entry, claimed as usual
    expect(await raw.zcard(legacyRoundsKey(prefixOf(kit)))).toBe(0);
    expect(await kit.rounds.scoreOf(key)).toBe(claims[0]!.lease);
  });

  it('records an applied interaction in 12 bytes of the channel’s exactly-once record, which expires INTERACTION_TTL_MS after the last one', async () => {
    const key = freshKey();
    const game = sampleStored();
    const rev = (await kit.games.create(key, game, []))!;
    const { seen, ix } = channelKeys(prefixOf(kit), key);
    expect(await raw.exists(seen)).toBe(0);
    revOf(await kit.games.save(key, game, rev, [], undefined, { interactionId: '1234' }));
    const record = await raw.getBuffer(seen);
    expect(record?.length).toBe(SEEN_RECORD_BYTES);
    expect(record!.subarray(0, 8)).toEqual(createHash('sha1').update('1234').digest().subarray(0, 8));
    expect(await raw.exists(ix)).toBe(0); // the legacy sorted set is not created
    expect(await raw.pttl(seen)).toBeGreaterThan(INTERACTION_TTL_MS - 60_000);
    expect(await raw.pttl(seen)).toBeLessThanOrEqual(INTERACTION_TTL_MS);
    const [sec] = await raw.time();
    const expires = record!.readUInt32BE(8);
    expect(expires - Number(sec)).toBeGreaterThan(INTERACTION_TTL_MS / 1000 - 60);
    expect(expires - Number(sec)).toBeLessThanOrEqual(INTERACTION_TTL_MS / 1000 + 1);
  });

  it('trims expired interactions in the save that records a new one', async () => {
    const key = freshKey();
    const game = sampleStored();
    let rev = (await kit.games.create(key, game, []))!;
    const T = 1_700_000_000_000;
    rev = revOf(await kit.games.save(key, game, rev, [], undefined, { interactionId: 'old', now: T }));
    rev = revOf(await kit.games.save(key, game, rev, [], undefined, { interactionId: 'mid', now: T + 60_000 }));
    revOf(await kit.games.save(key, game, rev, [], undefined, { interactionId: 'new', now: T + INTERACTION_TTL_MS + 1000 }));
    const record = (await raw.getBuffer(channelKeys(prefixOf(kit), key).seen))!;
    const keyOf = (id: string): Buffer => createHash('sha1').update(id).digest().subarray(0, 8);
    expect([record.subarray(0, 8), record.subarray(12, 20)]).toEqual([keyOf('mid'), keyOf('new')]);
    expect(record.length).toBe(2 * SEEN_RECORD_BYTES);
  });

  it('GIVEN 5,000 presses in one channel within 20 minutes WHEN the first is delivered again THEN it is refused as a duplicate, for 60 KB of records', async () => {
    const key = freshKey();
    const game = sampleStored();
    let rev = (await kit.games.create(key, game, []))!;
    const T = 1_700_000_000_000;
    const ids = Array.from({ length: 5000 }, (_, i) => (1_300_000_000_000_000_000n + BigInt(i) * 4_194_304n).toString());
    for (const [i, id] of ids.entries()) rev = revOf(await kit.games.save(key, game, rev, [], undefined, { interactionId: id, now: T + i * 200 }));
    // The old form kept only the newest 1,000 of a channel: the first press here would have been applied twice.
    expect(await kit.games.save(key, game, rev, [], undefined, { interactionId: ids[0]!, now: T + INTERACTION_TTL_MS - 1000 })).toEqual(DUPLICATE);
    expect(await raw.strlen(channelKeys(prefixOf(kit), key).seen)).toBe(5000 * SEEN_RECORD_BYTES);
  }, 60_000);

  it('GIVEN a channel whose interactions were recorded in the legacy sorted set (a rolling upgrade) WHEN one comes again THEN it is a duplicate, and a new one is written to both', async () => {
    const key = freshKey();
    const game = sampleStored();
    const rev = (await kit.games.create(key, game, []))!;
    const { ix, seen } = channelKeys(prefixOf(kit), key);
    const [sec] = await raw.time();
    await raw.zadd(ix, Number(sec) * 1000 + 600_000, 'by-old-process');
    await raw.pexpire(ix, 600_000);
    expect(await kit.games.save(key, game, rev, [], undefined, { interactionId: 'by-old-process' })).toEqual(DUPLICATE);
    const loaded = await kit.games.load(key, { interactionId: 'by-old-process' });
    expect(loaded.kind === 'found' && loaded.applied).toBe(true);
    revOf(await kit.games.save(key, game, rev, [], undefined, { interactionId: 'by-new-process' }));
    expect(await raw.zscore(ix, 'by-new-process')).not.toBeNull();
    expect(await raw.strlen(seen)).toBe(SEEN_RECORD_BYTES);
    expect(await raw.pttl(ix)).toBeLessThanOrEqual(600_000); // never given a new expiry
  });

  it('keeps the newest summaries of a channel for 90 days after the last one, apart from the game, and through a reset', async () => {
    const key = freshKey();
    const game = sampleStored();
    let rev = (await kit.games.create(key, game, []))!;
    const over = { ...game, state: { ...game.state, status: 'over' as const } };
    const record = (seed: number) => ({ guildId: key.guildId, channelId: key.channelId, seed, createdAt: 1, endedAt: 2, outcome: 'abandoned' as const, depth: 1, turns: 0, kills: 0, players: [] });
    for (let seed = 0; seed < SUMMARIES_PER_CHANNEL + 2; seed++) rev = revOf(await kit.games.save(key, over, rev, [], record(seed)));
    const keys = channelKeys(prefixOf(kit), key);
    const guild = guildKeys(prefixOf(kit), key.guildId);
    const day = 24 * 3600 * 1000;
    expect(await raw.pttl(keys.summaries)).toBeGreaterThan(89 * day);
    expect(await raw.pttl(keys.summaries)).toBeLessThanOrEqual(SUMMARY_TTL_MS);
    expect(await raw.pttl(guild.summarized)).toBeGreaterThan(89 * day);
    expect(await raw.pttl(keys.game)).toBeLessThanOrEqual(GAME_TTL_MS);
    await kit.games.delete(key);
    const kept = (await kit.games.summaries(key.guildId)).filter((r) => r.channelId === key.channelId);
    expect(kept.map((r) => r.seed)).toEqual(Array.from({ length: SUMMARIES_PER_CHANNEL }, (_, i) => i + 2));
  });

  it("gives the guild's games index the game TTL plus the refresh interval, refreshed by a save once per interval, so it never outlives its games for long", async () => {
    const key = freshKey();
    const games = guildKeys(prefixOf(kit), key.guildId).games;
    const rev = (await kit.games.create(key, sampleStored(), []))!;
    expect(await raw.smembers(games)).toContain(key.channelId);
    expect(await raw.pttl(games)).toBeGreaterThan(GAME_TTL_MS + INDEX_REFRESH_MS - 60_000);
    expect(await raw.pttl(games)).toBeLessThanOrEqual(GAME_TTL_MS + INDEX_REFRESH_MS);
    // Within the interval a save sends no index write (one round trip a press saved): the index still outlives the game.
    await raw.pexpire(games, 5_000);
    const rev2 = await kit.games.save(key, sampleStored(), rev, []);
    expect(rev2).not.toBeNull();
    expect(await raw.pttl(games)).toBeLessThanOrEqual(5_000);
    // Once the interval has passed (here a store that refreshes on every save), the save refreshes it.
    const eager = new RedisGameStore(raw, { prefix: prefixOf(kit), indexRefreshMs: 0 });
    await eager.load(key);
    expect(await eager.save(key, sampleStored(), revOf(rev2), [])).not.toBeNull();
    expect(await raw.pttl(games)).toBeGreaterThan(GAME_TTL_MS - 60_000);
    expect(await raw.smembers(games)).toContain(key.channelId);
  });

  it('refuses a write that reaches Redis after its deadline (its caller has timed out), leaving the game as it was', async () => {
    const key = freshKey();
    const game = sampleStored();
    const rev0 = (await kit.games.create(key, game, []))!;
    // A window below zero: every write arrives "too late", as one delayed by a hung Redis would.
    const late = new RedisGameStore(raw, { prefix: prefixOf(kit), writeWindowMs: -60_000 });
    expect(late.cached(key)).toBeNull();
    const loaded = await late.load(key);
    expect(loaded.kind === 'found' && loaded.rev).toBe(rev0);
    expect(late.cached(key)?.rev).toBe(rev0);
    const r = step(game.state, { type: 'wait', user: 'u1' });
    if (!r.ok) throw new Error(r.code);
    await expect(late.save(key, { state: r.state, meta: game.meta }, rev0, [{ type: 'wait', user: 'u1' }])).rejects.toBeInstanceOf(StorageUnavailableError);
    const after = await kit.games.load(key);
    expect(after.kind === 'found' && after.rev).toBe(rev0);
    expect(await kit.games.readLog(key)).toEqual([]);
  });

  it('a game deleted by another process is missing, even if this process had it cached', async () => {
    const key = freshKey();
    await kit.games.create(key, sampleStored(), []);
    await kit.games.load(key);
    await raw.del(channelKeys(prefixOf(kit), key).game);
    expect(await kit.games.load(key)).toEqual({ kind: 'missing' });
  });
});
