import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { GameService } from '../../../src/app/game-service.js';
import { startRoundTimer } from '../../../src/app/round-timer.js';
import type { ChannelKey } from '../../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../../src/app/settings.js';
import { createRedis, waitReady } from '../../../src/adapters/redis/client.js';
import { RedisGameStore } from '../../../src/adapters/redis/redis-game-store.js';
import { RedisRoundQueue } from '../../../src/adapters/redis/redis-round-queue.js';
import { RedisSettingsStore } from '../../../src/adapters/redis/redis-settings-store.js';
import { MemoryLogger } from '../../../src/adapters/memory/memory-logger.js';
import { freePort, pingRedis } from '../../support/own-redis.js';
import { FakeClock } from '../../app/fixtures.js';

/** A throwaway redis-server this file can freeze (SIGSTOP), put to sleep (DEBUG SLEEP) or start late. */
class ChildRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--enable-debug-command', 'yes'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await pingRedis(this.url)) return;
      await sleep(50);
    }
    throw new Error(`redis-server on port ${this.port} did not start`);
  }
  signal(sig: NodeJS.Signals): void {
    this.child?.kill(sig);
  }
  async stop(): Promise<void> {
    const c = this.child;
    this.child = null;
    if (!c || c.exitCode !== null) return;
    c.kill('SIGCONT');
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const ann = { id: '1', name: 'Ann' };
const bo = { id: '2', name: 'Bo' };
const down = { ok: false, error: { kind: 'storage-unavailable' } };

function serviceOn(redis: Redis, logger: MemoryLogger): GameService {
  return new GameService({ games: new RedisGameStore(redis), settings: new RedisSettingsStore(redis, logger), rounds: new RedisRoundQueue(redis), clock: new FakeClock(), logger });
}

/** Every public method of the service, plus a burst of presses on one channel (queued behind each other in-process). */
function everyCall(service: GameService, key: ChannelKey, other: ChannelKey): { name: string; run: () => Promise<unknown> }[] {
  return [
    { name: 'newGame', run: () => service.newGame(other, ann, { seed: 1, size: 'small' }) },
    { name: 'join', run: () => service.join(key, bo) },
    { name: 'leave', run: () => service.leave(key, bo) },
    { name: 'view', run: () => service.view(key) },
    { name: 'end', run: () => service.end(key, ann, false) },
    { name: 'resetGame', run: () => service.resetGame(other) },
    { name: 'setMessage', run: () => service.setMessage(key, { channelId: key.channelId, messageId: '5' }) },
    ...Array.from({ length: 5 }, (_, i) => ({ name: `act #${i + 1}`, run: () => service.act(key, ann, { type: 'wait' }) })),
  ];
}

/** Runs every call at once; returns each one's result and how long it took. */
async function timed(calls: { name: string; run: () => Promise<unknown> }[]): Promise<{ name: string; result: unknown; ms: number }[]> {
  return Promise.all(
    calls.map(async (c) => {
      const t0 = performance.now();
      const result = await c.run();
      return { name: c.name, result, ms: performance.now() - t0 };
    }),
  );
}

async function eventually(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > until) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('Redis that stops answering or is not there', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
  let server: ChildRedis;
  let redis: Redis;
  let logger: MemoryLogger;
  let service: GameService;
  const key = { guildId: '1', channelId: '10' };
  const other = { guildId: '1', channelId: '11' };

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    server = new ChildRedis(await freePort());
    await server.start();
  });
  afterEach(() => {
    redis.disconnect();
    expect(unhandled).toEqual([]);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await server.stop();
  });

  async function connect(): Promise<void> {
    logger = new MemoryLogger();
    redis = createRedis(server.url, { logger, maxReconnectDelayMs: 100 });
    await waitReady(redis);
    service = serviceOn(redis, logger);
  }

  it('a frozen server (SIGSTOP): every method fails within about a second, a burst on one channel too, and the client recovers by itself', async () => {
    await connect();
    expect((await service.newGame(key, ann, { seed: 5, size: 'small' })).ok).toBe(true);
    server.signal('SIGSTOP');
    try {
      const results = await timed([...everyCall(service, key, other), { name: 'resolveDueRounds', run: () => service.resolveDueRounds() }]);
      for (const r of results) {
        expect(r.ms, r.name).toBeLessThan(1200);
        expect(r.result, r.name).toEqual(r.name === 'resolveDueRounds' ? [] : down);
      }
    } finally {
      server.signal('SIGCONT');
    }
    await eventually(async () => (await service.view(key)).ok, 5000);
    const v = await service.view(key);
    expect(v.ok && v.value.state.version).toBe(1);
    expect((await service.act(key, ann, { type: 'wait' })).ok).toBe(true);
  }, 15_000);

  it('a press whose save was sent just as Redis froze is refused when Redis wakes up: the user was told nothing changed', async () => {
    await connect();
    const before = await service.view(key);
    const version = before.ok ? before.value.state.version : -1;
    server.signal('SIGSTOP');
    try {
      // This process has the game cached, so the press goes straight to a compare-and-set save.
      expect(await service.act(key, ann, { type: 'wait' })).toEqual(down);
    } finally {
      server.signal('SIGCONT');
    }
    await eventually(async () => (await service.view(key)).ok, 5000);
    const after = await service.view(key);
    expect(after.ok && after.value.state.version).toBe(version);
    expect(after.ok && after.value.state.version).toBeGreaterThan(0);
  }, 10_000);

  it('a server busy in a long command (DEBUG SLEEP): calls fail within about a second, and none of them lands afterwards', async () => {
    await connect();
    const before = await service.view(key);
    const version = before.ok ? before.value.state.version : -1;
    const admin = createRedis(server.url, { commandTimeoutMs: 5000 });
    await waitReady(admin);
    const sleeping = admin.call('DEBUG', 'SLEEP', '2');
    await sleep(50);
    const results = await timed(everyCall(service, key, other));
    for (const r of results) {
      expect(r.ms, r.name).toBeLessThan(1200);
      expect(r.result, r.name).toEqual(down);
    }
    await sleeping;
    admin.disconnect();
    await eventually(async () => (await service.view(key)).ok, 5000);
    // The writes that were waiting behind the sleep reached Redis too late, and were refused there.
    const after = await service.view(key);
    expect(after.ok && after.value.state.version).toBe(version);
  }, 15_000);

  it('the round timer survives an outage: no crash, one warning when it starts, one line when it ends', async () => {
    await connect();
    const timer = startRoundTimer(service, { intervalMs: 20, onResolved: () => {}, logger });
    try {
      await sleep(100);
      server.signal('SIGSTOP');
      await sleep(2500);
      server.signal('SIGCONT');
      await eventually(async () => logger.lines.some((l) => l.message === 'round timer resumed'), 5000);
    } finally {
      server.signal('SIGCONT');
      await timer();
    }
    expect(logger.lines.filter((l) => l.message === 'round timer paused: storage unavailable')).toHaveLength(1);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  }, 15_000);

  it('a server that refuses connections at start-up: calls fail at once, and work once it comes up', async () => {
    const late = new ChildRedis(await freePort());
    logger = new MemoryLogger();
    redis = createRedis(late.url, { logger, maxReconnectDelayMs: 100 });
    service = serviceOn(redis, logger);
    try {
      const results = await timed([...everyCall(service, key, other), { name: 'resolveDueRounds', run: () => service.resolveDueRounds() }]);
      for (const r of results) {
        expect(r.ms, r.name).toBeLessThan(200);
        expect(r.result, r.name).toEqual(r.name === 'resolveDueRounds' ? [] : down);
      }
      await late.start();
      await waitReady(redis, 5000);
      await service.resetGame(other);
      expect((await service.newGame(other, ann, { seed: 2, size: 'small' })).ok).toBe(true);
      expect(logger.lines.filter((l) => l.message === 'redis connection error')).toHaveLength(1);
    } finally {
      await late.stop();
    }
  }, 15_000);

  it('settings that cannot be read because Redis hangs give storage-unavailable, not the defaults', async () => {
    await connect();
    await redis.set('cc:guild:{9}:settings', JSON.stringify({ ...DEFAULT_SETTINGS, allowedChannels: ['1'] }));
    server.signal('SIGSTOP');
    try {
      // A silent fallback to defaults would let a game start in a channel the guild does not allow.
      expect(await service.newGame({ guildId: '9', channelId: '2' }, ann, {})).toEqual(down);
    } finally {
      server.signal('SIGCONT');
    }
  }, 10_000);
});
