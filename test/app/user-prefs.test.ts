/** UserPrefsStore contract (memory twin and Redis), the prefs service, and what a damaged value reads as. */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger.js';
import { MemoryUserPrefsStore } from '../../src/adapters/memory/memory-user-prefs-store.js';
import { createRedis, waitReady } from '../../src/adapters/redis/client.js';
import { PREFS_TTL_MS, RedisUserPrefsStore, userPrefsKey } from '../../src/adapters/redis/redis-user-prefs-store.js';
import { StorageUnavailableError, type UserPrefsStore } from '../../src/app/ports.js';
import { SettingsService } from '../../src/app/settings-service.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { UserPrefsService } from '../../src/app/user-prefs-service.js';
import { defaultPrefs } from '../../src/app/user-prefs.js';
import { deleteByPrefix } from './fixtures.js';

interface PrefsKit {
  store: UserPrefsStore;
  logger: MemoryLogger;
  writeRaw(userId: string, text: string): Promise<void>;
  close(): Promise<void>;
}

async function memoryPrefs(): Promise<PrefsKit> {
  const logger = new MemoryLogger();
  const store = new MemoryUserPrefsStore(logger);
  return { store, logger, writeRaw: async (u, t) => store.writeRaw(u, t), close: async () => {} };
}

async function redisPrefs(): Promise<PrefsKit> {
  const redis = createRedis(inject('redisUrl'));
  await waitReady(redis);
  const prefix = `t${randomBytes(6).toString('hex')}`;
  const logger = new MemoryLogger();
  return {
    store: new RedisUserPrefsStore(redis, logger, { prefix }),
    logger,
    writeRaw: async (u, t) => {
      await redis.set(userPrefsKey(prefix, u), t);
    },
    close: async () => {
      await deleteByPrefix(redis, prefix);
      redis.disconnect();
    },
  };
}

describe.each([
  ['memory', memoryPrefs],
  ['redis', redisPrefs],
])('UserPrefsStore on %s', (_, makeKit) => {
  let kit: PrefsKit;
  beforeEach(async () => {
    kit = await makeKit();
  });
  afterEach(async () => {
    await kit.close();
  });

  it('reads the defaults (image, desktop) for a user who never set any', async () => {
    expect(await kit.store.get('42')).toEqual({ style: 'image', mobile: false, iconsExplained: false });
    expect(kit.logger.lines).toEqual([]);
  });

  it('stores a patch per user and keeps the fields the patch leaves out', async () => {
    expect(await kit.store.set('42', { style: 'ascii' })).toEqual({ style: 'ascii', mobile: false, iconsExplained: false });
    expect(await kit.store.set('42', { mobile: true })).toEqual({ style: 'ascii', mobile: true, iconsExplained: false });
    expect(await kit.store.get('42')).toEqual({ style: 'ascii', mobile: true, iconsExplained: false });
    expect(await kit.store.get('43')).toEqual(defaultPrefs());
  });

  it('GIVEN two users with prefs WHEN one forgets THEN theirs read as the defaults and the other keeps theirs', async () => {
    await kit.store.set('42', { style: 'text' });
    await kit.store.set('43', { mobile: true });
    await kit.store.forget('42');
    expect(await kit.store.get('42')).toEqual(defaultPrefs());
    expect(await kit.store.get('43')).toEqual({ style: 'image', mobile: true, iconsExplained: false });
  });

  it.each([
    ['not JSON', '{nope', { style: 'image', mobile: false, iconsExplained: false }],
    ['not an object', '[1,2]', { style: 'image', mobile: false, iconsExplained: false }],
    ['one bad field', JSON.stringify({ style: 'sixel', mobile: true }), { style: 'image', mobile: true, iconsExplained: false }],
  ])('reads a damaged value (%s) as defaults field by field, logs it, and a later write repairs it', async (_what, text, expected) => {
    await kit.writeRaw('7', text);
    expect(await kit.store.get('7')).toEqual(expected);
    expect(kit.logger.lines.some((l) => l.level === 'warn' && l.message.startsWith('user prefs partly invalid'))).toBe(true);
    expect(await kit.store.set('7', { style: 'emoji' })).toEqual({ ...expected, style: 'emoji' });
    expect(await kit.store.get('7')).toEqual({ ...expected, style: 'emoji' });
  });
});

describe('RedisUserPrefsStore specifics', () => {
  let redis: Redis;
  const prefix = `t${randomBytes(6).toString('hex')}`;
  beforeEach(() => {
    redis = new Redis(inject('redisUrl'));
  });
  afterEach(async () => {
    await deleteByPrefix(redis, prefix);
    redis.disconnect();
  });

  it('keeps prefs under <p>:user:{id}:prefs as JSON with a long TTL refreshed by each write', async () => {
    const store = new RedisUserPrefsStore(redis, new MemoryLogger(), { prefix });
    await store.set('99', { mobile: true });
    const key = `${prefix}:user:{99}:prefs`;
    expect(JSON.parse((await redis.get(key))!)).toEqual({ style: 'image', mobile: true, iconsExplained: false });
    await redis.pexpire(key, 1000);
    await store.set('99', { style: 'emoji' });
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(PREFS_TTL_MS - 60_000);
  });

  it('reads a value of the wrong Redis type as defaults instead of failing', async () => {
    const logger = new MemoryLogger();
    const store = new RedisUserPrefsStore(redis, logger, { prefix });
    await redis.rpush(userPrefsKey(prefix, '5'), 'x');
    expect(await store.get('5')).toEqual(defaultPrefs());
    expect(logger.lines.some((l) => l.level === 'warn')).toBe(true);
  });
});

describe('UserPrefsService', () => {
  it('refuses an invalid patch with a clear message and changes nothing', async () => {
    const store = new MemoryUserPrefsStore(new MemoryLogger());
    const service = new UserPrefsService(store, new MemoryLogger());
    const r = await service.update('1', { style: 'sixel' } as never);
    expect(!r.ok && r.error.kind).toBe('invalid');
    expect(await store.get('1')).toEqual(defaultPrefs());
    expect(await service.update('1', { mobile: true, iconsExplained: false })).toEqual({ ok: true, value: { style: 'image', mobile: true, iconsExplained: false } });
  });

  it('GIVEN stored prefs WHEN the user forgets them THEN they read as the defaults again', async () => {
    const store = new MemoryUserPrefsStore(new MemoryLogger());
    const service = new UserPrefsService(store, new MemoryLogger());
    await service.update('1', { style: 'text', mobile: true });
    expect(await service.forget('1')).toEqual({ ok: true, value: undefined });
    expect(await service.get('1')).toEqual({ ok: true, value: defaultPrefs() });
  });

  it('answers storage-unavailable when the store is down', async () => {
    const down: UserPrefsStore = {
      get: () => Promise.reject(new StorageUnavailableError('down')),
      set: () => Promise.reject(new StorageUnavailableError('down')),
      forget: () => Promise.reject(new StorageUnavailableError('down')),
    };
    const service = new UserPrefsService(down, new MemoryLogger());
    expect(await service.get('1')).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
    expect(await service.forget('1')).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
    expect(await service.update('1', { mobile: true })).toEqual({ ok: false, error: { kind: 'storage-unavailable' } });
  });

  it('is reachable through the settings service when a prefs store is wired, and absent otherwise', async () => {
    const logger = new MemoryLogger();
    expect(new SettingsService(new MemorySettingsStore(logger), logger).prefs).toBeUndefined();
    const settings = new SettingsService(new MemorySettingsStore(logger), logger, new MemoryUserPrefsStore(logger));
    await settings.prefs?.update('3', { style: 'ascii' });
    expect(await settings.prefs?.get('3')).toEqual({ ok: true, value: { style: 'ascii', mobile: false, iconsExplained: false } });
  });
});
