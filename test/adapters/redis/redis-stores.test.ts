import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { Redis } from 'ioredis';
import { step } from '../../../src/engine/index.js';
import { channelKeys, guildKeys, roundsKey } from '../../../src/adapters/redis/keys.js';
import { GAME_TTL_MS, RedisGameStore, SUMMARY_TTL_MS } from '../../../src/adapters/redis/redis-game-store.js';
import { StorageUnavailableError, SUMMARIES_PER_CHANNEL } from '../../../src/app/ports.js';
import { freshKey, redisKit, sampleStored, type StoreKit } from '../../app/fixtures.js';
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
    await kit.rounds.schedule(key, 1000);
    await raw.zadd(roundsKey(prefixOf(kit)), 500, 'not json');
    const claims = await kit.rounds.claimDue(2000, 10, 3000);
    expect(claims.map((c) => c.key)).toEqual([key]);
    expect(await raw.zscore(roundsKey(prefixOf(kit)), 'not json')).toBeNull();
  });

  it('keeps the newest summaries of a channel for 90 days after the last one, apart from the game, and through a reset', async () => {
    const key = freshKey();
    const game = sampleStored();
    let rev = (await kit.games.create(key, game, []))!;
    const over = { ...game, state: { ...game.state, status: 'over' as const } };
    const record = (seed: number) => ({ guildId: key.guildId, channelId: key.channelId, seed, createdAt: 1, endedAt: 2, outcome: 'abandoned' as const, depth: 1, turns: 0, kills: 0, players: [] });
    for (let seed = 0; seed < SUMMARIES_PER_CHANNEL + 2; seed++) rev = (await kit.games.save(key, over, rev, [], record(seed)))!;
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

  it("gives the guild's games index the game TTL, refreshed by every save, so it never outlives its games for long", async () => {
    const key = freshKey();
    const games = guildKeys(prefixOf(kit), key.guildId).games;
    const rev = (await kit.games.create(key, sampleStored(), []))!;
    expect(await raw.smembers(games)).toContain(key.channelId);
    expect(await raw.pttl(games)).toBeGreaterThan(GAME_TTL_MS - 60_000);
    await raw.pexpire(games, 1000);
    expect(await kit.games.save(key, sampleStored(), rev, [])).not.toBeNull();
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
