/**
 * The daily on a real 3-master Redis Cluster: one scored attempt under concurrent presses on two services, boards
 * written by their one-slot script, a crashed claim taken over, and a finished run left in the outbox swept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from 'ioredis';
import { DAY_MS, FIRST_DAY } from '../../../src/app/daily/day.js';
import { PENDING_CLAIM_MS } from '../../../src/app/daily/attempts.js';
import { DailyService } from '../../../src/app/daily/daily-service.js';
import { GameService } from '../../../src/app/game-service.js';
import type { GameServiceApi } from '../../../src/app/service-types.js';
import { boardKeys, RedisBoardStore, RedisDailyAttemptStore, RedisHistoryStore } from '../../../src/adapters/redis/redis-daily-stores.js';
import type { RedisClient } from '../../../src/adapters/redis/client.js';
import { connectRedis, FakeClock, redisKit, type StoreKit } from '../../app/fixtures.js';
import { dailySetup, finishRun } from '../../app/daily-helpers.js';
import { OwnCluster } from '../../support/own-cluster.js';

describe('the daily on a 3-master Redis Cluster', () => {
  let cluster: OwnCluster;
  let a: StoreKit;
  let b: StoreKit;
  let ra: RedisClient;
  let rb: RedisClient;
  const prefix = `dc${Date.now().toString(36)}`;
  beforeAll(async () => {
    cluster = await OwnCluster.start(3);
    a = await redisKit(cluster.target, prefix);
    b = await a.connect();
    ra = await connectRedis(cluster.target);
    rb = await connectRedis(cluster.target);
  }, 60_000);
  afterAll(async () => {
    ra?.disconnect();
    rb?.disconnect();
    await b?.close();
    await a?.close();
    await cluster?.close();
  });

  const stores = (kit: StoreKit, r: RedisClient) => ({ attempts: new RedisDailyAttemptStore(r, { prefix }), boards: new RedisBoardStore(r, kit.logger, { prefix }), history: new RedisHistoryStore(r, kit.logger, { prefix }) });

  it('GIVEN 20 concurrent presses of one player on two services WHEN they race THEN exactly one scored attempt; the finished run reaches the boards', async () => {
    const clock = new FakeClock(FIRST_DAY * DAY_MS + 3_600_000);
    const s1 = dailySetup(a, stores(a, ra), clock);
    const s2 = dailySetup(b, stores(b, rb), clock);
    const user = { id: '4242', name: 'Racer' };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? s2 : s1).daily.start({ guildId: String(300 + i), channelId: '7' }, user)));
    const won = results.findIndex((r) => r.ok && r.value.kind === 'started' && r.value.scored);
    expect(results.filter((r) => r.ok && r.value.kind === 'started' && r.value.scored)).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.value.kind === 'attempt-used')).toHaveLength(19);
    const winner = won % 2 ? s2 : s1;
    const key = { guildId: String(300 + won), channelId: '7' };
    await finishRun(winner.games, winner.daily, key, user, clock);
    const board = await winner.daily.board(key.guildId, user, { scope: 'global' });
    expect(board.ok && board.value.top.map((e) => e.userId)).toEqual([user.id]);
    const slot = async (k: string) => Number(await (ra as Cluster).call('CLUSTER', 'KEYSLOT', k));
    const keys = boardKeys(prefix, { scope: 'global', day: FIRST_DAY });
    expect(await slot(keys.z)).toBe(await slot(keys.info));
  }, 60_000);

  it('GIVEN a claim whose process crashed before its game, and a finished run whose process crashed before recording WHEN the other service acts THEN the claim is taken over and the run swept onto the boards once', async () => {
    const clock = new FakeClock(FIRST_DAY * DAY_MS + 7_200_000);
    const user = { id: '4343', name: 'Phoenix' };
    const st = stores(a, ra);
    // Process A: creating the game dies; and it tells nobody of finished runs (it crashes after each finishing save).
    const gamesA = new GameService({ games: a.games, settings: a.settings, clock, rounds: a.rounds, logger: a.logger });
    const dying = new Proxy(gamesA, { get: (t, p) => (p === 'newGame' ? async () => Promise.reject(new Error('process died')) : (Reflect.get(t, p) as unknown)) }) as GameServiceApi;
    const crashed = new DailyService({ games: dying, gameStore: a.games, runs: a.runs, settings: a.settings, clock, logger: a.logger, ...st, attempts: Object.assign(Object.create(st.attempts) as typeof st.attempts, { release: async () => Promise.reject(new Error('process died')) }) });
    await crashed.start({ guildId: '400', channelId: '1' }, user).catch(() => {});
    const s2 = dailySetup(b, stores(b, rb), clock);
    clock.advance(PENDING_CLAIM_MS);
    const key = { guildId: '401', channelId: '1' };
    const started = await s2.daily.start(key, user);
    expect(started.ok && started.value.kind === 'started' && started.value.scored).toBe(true);
    const unrecorded = new DailyService({ games: gamesA, gameStore: a.games, runs: a.runs, settings: a.settings, clock, logger: a.logger, ...st });
    await finishRun(gamesA, unrecorded, key, user, clock);
    expect(await s2.daily.sweep()).toBe(1);
    expect(await s2.daily.sweep()).toBe(0);
    const board = await s2.daily.board(key.guildId, user, { scope: 'server' });
    expect(board.ok && board.value.top.map((e) => e.userId)).toEqual([user.id]);
    expect((await s2.daily.history({ channel: key })).ok && (await b.runs.lastRun(key))?.game.state.status).toBe('over');
  }, 60_000);
});
