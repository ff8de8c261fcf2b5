/** Issue 11 item 2: Redis refusing writes is the storage-unavailable answer, and no log carries a command's arguments. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { GameService } from '../../../src/app/game-service.js';
import { createRedis, toStorageError, transientCode, waitReady } from '../../../src/adapters/redis/client.js';
import { RedisGameStore } from '../../../src/adapters/redis/redis-game-store.js';
import { RedisSettingsStore } from '../../../src/adapters/redis/redis-settings-store.js';
import { RedisRoundQueue } from '../../../src/adapters/redis/redis-round-queue.js';
import { MemoryLogger } from '../../../src/adapters/memory/memory-logger.js';
import { StorageUnavailableError } from '../../../src/app/ports.js';
import { createLogger } from '../../../src/config/logger.js';
import { freePort, OwnRedis } from '../../support/own-redis.js';
import { FakeClock } from '../../app/fixtures.js';

describe('Redis reply codes', () => {
  it.each([
    ["OOM command not allowed when used memory > 'maxmemory'.", 'OOM'],
    ['MISCONF Redis is configured to save RDB snapshots, but it is currently not able to persist on disk.', 'MISCONF'],
    ["READONLY You can't write against a read only replica.", 'READONLY'],
    ['LOADING Redis is loading the dataset in memory', 'LOADING'],
    ['NOREPLICAS Not enough good replicas to write.', 'NOREPLICAS'],
    ['BUSY Redis is busy running a script.', 'BUSY'],
    ['CLUSTERDOWN The cluster is down', 'CLUSTERDOWN'],
    ['TRYAGAIN Multiple keys request during rehashing of slot', 'TRYAGAIN'],
    ['MOVED 3999 127.0.0.1:6381', 'MOVED'],
    ['ASK 3999 127.0.0.1:6381', 'ASK'],
    ["ERR Error running script (call to f_abc): @user_script:12: OOM command not allowed when used memory > 'maxmemory'.", 'OOM'],
  ])('GIVEN the reply "%s" WHEN classified THEN it is the transient %s', (message, code) => {
    expect(transientCode(message)).toBe(code);
    const err = Object.assign(new Error(message), { name: 'ReplyError' });
    expect(toStorageError(err)).toBeInstanceOf(StorageUnavailableError);
  });

  it.each(['WRONGTYPE Operation against a key holding the wrong kind of value', 'ERR syntax error', 'NOSCRIPT No matching script'])('GIVEN the reply "%s" WHEN classified THEN it is not an outage', (message) => {
    expect(transientCode(message)).toBeNull();
    expect(toStorageError(Object.assign(new Error(message), { name: 'ReplyError' }))).not.toBeInstanceOf(StorageUnavailableError);
  });

  it('GIVEN an ioredis error carrying the whole command WHEN logged through pino THEN only the command name, key and sizes are written', () => {
    const state = JSON.stringify({ players: [{ id: '123456789', name: 'SecretName' }], tiles: 'x'.repeat(5000) });
    const err = Object.assign(new Error('WRONGTYPE Operation against a key holding the wrong kind of value'), { name: 'ReplyError', command: { name: 'evalsha', args: ['sha', '3', 'cc:{1:2}:game', 'cc:{1:2}:log', 'x', 'rev', state] } });
    let out = '';
    const log = createLogger('info', new Writable({ write: (chunk, _e, cb) => ((out += String(chunk)), cb()) }));
    log.error({ err: toStorageError(err) }, 'unexpected');
    expect(out).not.toContain('SecretName');
    expect(out).toContain('evalsha');
    expect(out).toContain('cc:{1:2}:game');
    expect(out.length).toBeLessThan(2000);
  });
});

describe('a Redis that refuses writes', () => {
  let server: OwnRedis;
  let redis: Redis;
  let admin: Redis;
  let service: GameService;
  const logger = new MemoryLogger();
  const ann = { id: '1', name: 'AnnTheSecret' };

  beforeAll(async () => {
    server = await OwnRedis.start();
    redis = createRedis(server.url, { logger });
    admin = createRedis(server.url);
    await Promise.all([waitReady(redis), waitReady(admin)]);
    service = new GameService({ games: new RedisGameStore(redis), settings: new RedisSettingsStore(redis, logger), rounds: new RedisRoundQueue(redis), clock: new FakeClock(), logger });
  });
  afterAll(async () => {
    redis.disconnect();
    admin.disconnect();
    await server.close();
  });

  it('GIVEN maxmemory reached WHEN a player acts THEN the answer is storage-unavailable and the log is small and holds no state', async () => {
    const key = { guildId: '1', channelId: '10' };
    expect((await service.newGame(key, ann, { seed: 1 })).ok).toBe(true);
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', '1');
    try {
      const r = await service.act(key, ann, { type: 'wait' });
      expect(r).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
    } finally {
      await admin.config('SET', 'maxmemory', '0');
    }
    const text = JSON.stringify(logger.lines);
    expect(text).not.toContain('AnnTheSecret');
    expect(text.length).toBeLessThan(4000);
  });

  it('GIVEN maxmemory reached WHEN presses with interaction ids are saved THEN each is refused before any write: no action, no interaction id, no state lands', async () => {
    const key = { guildId: '1', channelId: '12' };
    expect((await service.newGame(key, ann, { seed: 3 })).ok).toBe(true);
    // An applied interaction whose record has expired, so the save's prune would have something to remove.
    expect((await service.act(key, ann, { type: 'wait' }, { interactionId: '900' })).ok).toBe(true);
    const snapshot = async (): Promise<Record<string, string>> => {
      const keys = (await admin.keys('*')).filter((k) => k.includes('{1:12}')).sort();
      return Object.fromEntries(await Promise.all(keys.map(async (k) => [k, (await admin.dumpBuffer(k))?.toString('base64') ?? ''] as const)));
    };
    const before = await snapshot();
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', '1');
    try {
      for (let i = 0; i < 5; i++) {
        const r = await service.act(key, ann, { type: 'wait' }, { interactionId: String(1000 + i) });
        expect(r).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
      }
    } finally {
      await admin.config('SET', 'maxmemory', '0');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('GIVEN Redis turned into a read-only replica WHEN a player acts THEN the answer is storage-unavailable', async () => {
    const key = { guildId: '1', channelId: '11' };
    expect((await service.newGame(key, ann, { seed: 2 })).ok).toBe(true);
    const closed = await freePort();
    await admin.call('REPLICAOF', '127.0.0.1', String(closed));
    try {
      const r = await service.act(key, ann, { type: 'wait' });
      expect(r).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
    } finally {
      await admin.call('REPLICAOF', 'NO', 'ONE');
    }
    expect((await service.act(key, ann, { type: 'wait' })).ok).toBe(true);
  });
});
