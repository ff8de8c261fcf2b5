/** The daily on a real 3-master Redis Cluster: one scored attempt under concurrent presses on two services, and boards written by their one-slot script. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from 'ioredis';
import { DAY_MS, FIRST_DAY } from '../../../src/app/daily/day.js';
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
});
