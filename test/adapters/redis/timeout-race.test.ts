/**
 * Issue 29, "answers never lie": a save whose reply loses the race with its command timeout (an event loop stalled
 * past both) may have landed. The store then reads the exactly-once record after it on the same connection and
 * reports the save as a duplicate (applied) instead of "storage unavailable".
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisGameStore } from '../../../src/adapters/redis/redis-game-store.js';
import { DUPLICATE, StorageUnavailableError } from '../../../src/app/ports.js';
import { freshKey, revOf, sampleStored } from '../../app/fixtures.js';

let raw: Redis;
beforeAll(() => {
  raw = new Redis(inject('redisUrl'));
});
afterAll(() => raw.disconnect());

/** The client, except that the next save (the 9-key script) is answered "Command timed out": after it ran, or instead. */
function racing(mode: { next: 'ran' | 'never' | null }): Redis {
  return new Proxy(raw, {
    get(target, prop, receiver) {
      // EVALSHA, or EVAL after a NOSCRIPT (the script not yet cached): either runs the save.
      if (prop !== 'evalsha' && prop !== 'eval') return Reflect.get(target, prop, receiver) as unknown;
      return async (...a: unknown[]) => {
        const armed = mode.next !== null && a[1] === 9;
        const kind = mode.next;
        if (armed) mode.next = null;
        if (armed && kind === 'never') throw new Error('Command timed out');
        let reply: unknown;
        try {
          reply = await (target[prop] as (...x: unknown[]) => Promise<unknown>).apply(target, a);
        } catch (err) {
          if (armed) mode.next = kind; // NOSCRIPT: the EVAL that follows is the save
          throw err;
        }
        if (armed) throw new Error('Command timed out');
        return reply;
      };
    },
  });
}

describe('a save whose reply came after its timeout', () => {
  it('GIVEN the save landed but its reply lost to the timeout WHEN the store answers THEN it reports the interaction applied (a duplicate), not storage unavailable', async () => {
    const mode: { next: 'ran' | 'never' | null } = { next: null };
    const store = new RedisGameStore(racing(mode), { prefix: `t-race-${Date.now()}` });
    const key = freshKey();
    const rev = (await store.create(key, sampleStored(), []))!;
    mode.next = 'ran';
    expect(await store.save(key, sampleStored(), rev, [{ type: 'wait', user: '1000000000000000042' }], undefined, { interactionId: '1575581550857158657' })).toEqual(DUPLICATE);
    const again = await store.load(key, { interactionId: '1575581550857158657' });
    expect(again.kind === 'found' && again.applied).toBe(true);
    expect(await store.readLog(key)).toHaveLength(1);
  });

  it('GIVEN the save never reached Redis WHEN its timeout fires THEN it is storage unavailable, and nothing was applied', async () => {
    const mode: { next: 'ran' | 'never' | null } = { next: null };
    const prefix = `t-race2-${Date.now()}`;
    const store = new RedisGameStore(racing(mode), { prefix });
    const key = freshKey();
    const rev = revOf((await store.create(key, sampleStored(), []))!);
    mode.next = 'never';
    await expect(store.save(key, sampleStored(), rev, [{ type: 'wait', user: '1000000000000000042' }], undefined, { interactionId: '1575581550857158658' })).rejects.toBeInstanceOf(StorageUnavailableError);
    // Read through a client the timeout did not mark as hung.
    expect(await new RedisGameStore(raw, { prefix }).readLog(key)).toHaveLength(0);
  });
});
