import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { GameService } from '../../../src/app/game-service.js';
import { createRedis, waitReady } from '../../../src/adapters/redis/client.js';
import { RedisGameStore } from '../../../src/adapters/redis/redis-game-store.js';
import { RedisSettingsStore } from '../../../src/adapters/redis/redis-settings-store.js';
import { RedisRoundQueue } from '../../../src/adapters/redis/redis-round-queue.js';
import { MemoryLogger } from '../../../src/adapters/memory/memory-logger.js';
import { freePort } from '../../global-setup.js';
import { FakeClock } from '../../app/fixtures.js';

/** A redis-server owned by this test, with append-only persistence so a restart keeps the data. */
class OwnRedis {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    readonly dir: string,
  ) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.dir], { stdio: 'ignore' });
    this.child = child;
    for (let i = 0; i < 100; i++) {
      const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => {});
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return;
      } catch {
        // not up yet
      } finally {
        probe.disconnect();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`test redis-server on ${this.port} did not start`);
  }
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

describe('Redis outage and restart', () => {
  let server: OwnRedis;
  let redis: Redis;
  let service: GameService;
  const logger = new MemoryLogger();
  const key = { guildId: '1', channelId: '2' };
  const ann = { id: '1', name: 'Ann' };

  beforeAll(async () => {
    server = new OwnRedis(await freePort(), mkdtempSync(join(tmpdir(), 'cc-fault-')));
    await server.start();
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
    await server.stop();
    rmSync(server.dir, { recursive: true, force: true });
  });

  it('fails fast with storage-unavailable while Redis is down, then continues at the last saved version', async () => {
    expect((await service.newGame(key, ann, { seed: 77, size: 'small' })).ok).toBe(true);
    for (let i = 0; i < 3; i++) expect((await service.act(key, ann, { type: 'wait' })).ok).toBe(true);
    const before = await service.view(key);
    const version = before.ok ? before.value.state.version : -1;
    expect(version).toBe(4);

    await server.stop();
    for (const call of [() => service.act(key, ann, { type: 'wait' }), () => service.view(key), () => service.join(key, { id: '2', name: 'Bo' })]) {
      const t0 = performance.now();
      const r = await call();
      expect(performance.now() - t0).toBeLessThan(1500);
      expect(r).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
    }
    expect(await service.resolveDueRounds()).toEqual([]);

    await server.start();
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
