import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { GameService } from '../../../src/app/game-service.js';
import { createRedis, waitReady } from '../../../src/adapters/redis/client.js';
import { RedisGameStore } from '../../../src/adapters/redis/redis-game-store.js';
import { RedisSettingsStore } from '../../../src/adapters/redis/redis-settings-store.js';
import { RedisRoundQueue } from '../../../src/adapters/redis/redis-round-queue.js';
import { MemoryLogger } from '../../../src/adapters/memory/memory-logger.js';
import { OwnRedis } from '../../support/own-redis.js';
import { FakeClock } from '../../app/fixtures.js';

describe('Redis outage and restart', () => {
  let server: OwnRedis;
  let redis: Redis;
  let service: GameService;
  const logger = new MemoryLogger();
  const key = { guildId: '1', channelId: '2' };
  const ann = { id: '1', name: 'Ann' };

  beforeAll(async () => {
    server = await OwnRedis.start();
    redis = createRedis(server.url, { logger, maxReconnectDelayMs: 200 });
    await waitReady(redis);
    service = new GameService({
      games: new RedisGameStore(redis),
      settings: new RedisSettingsStore(redis, logger),
      rounds: new RedisRoundQueue(redis),
      clock: new FakeClock(),
      logger,
    });
  });
  afterAll(async () => {
    redis.disconnect();
    await server.close();
  });

  it('fails fast with storage-unavailable while Redis is down, then continues at the last saved version', async () => {
    expect((await service.newGame(key, ann, { seed: 77, size: 'small' })).ok).toBe(true);
    for (let i = 0; i < 3; i++) expect((await service.act(key, ann, { type: 'wait' })).ok).toBe(true);
    const before = await service.view(key);
    const version = before.ok ? before.value.state.version : -1;
    expect(version).toBe(4);

    await server.down();
    for (const call of [() => service.act(key, ann, { type: 'wait' }), () => service.view(key), () => service.join(key, { id: '2', name: 'Bo' })]) {
      const t0 = performance.now();
      const r = await call();
      expect(performance.now() - t0).toBeLessThan(1500);
      expect(r).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
    }
    expect(await service.resolveDueRounds()).toEqual([]);

    await server.up();
    await waitReady(redis, 5000);
    const after = await service.view(key);
    expect(after.ok && after.value.state.version).toBe(version);
    const next = await service.act(key, ann, { type: 'wait' });
    expect(next.ok && next.value.state.version).toBe(version + 1);
    expect(logger.lines.some((l) => l.message === 'storage unavailable')).toBe(true);
  }, 20_000);

  it('a command that hangs (server paused) times out within about a second', async () => {
    const admin = new Redis(server.url);
    await admin.call('CLIENT', 'PAUSE', '2000', 'ALL');
    const t0 = performance.now();
    const r = await service.view(key);
    const elapsed = performance.now() - t0;
    admin.disconnect();
    expect(r).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
    expect(elapsed).toBeLessThan(1500);
    await new Promise((res) => setTimeout(res, 2100));
    expect((await service.view(key)).ok).toBe(true);
  }, 10_000);
});
