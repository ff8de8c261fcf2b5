/**
 * Issue 28: what a busy channel keeps in Redis after 2,000 presses (10 minutes of them, all inside the duplicate
 * window), measured with MEMORY USAGE beside the forms before: the exactly-once record and the action log.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { channelKeys } from '../../../src/adapters/redis/keys.js';
import type { Action } from '../../../src/engine/types.js';
import { freshKey, redisKit, revOf, sampleStored, type StoreKit } from '../../app/fixtures.js';

const PRESSES = 2000;
const T = 1_800_000_000_000;
const users = ['1000000000000000042', '1000000000000000043', '1000000000000000044', '1000000000000000045'];
const dirs = ['n', 's', 'e', 'w'] as const;

describe('Redis per busy channel', () => {
  let kit: StoreKit;
  let raw: Redis;
  beforeAll(async () => {
    kit = await redisKit(inject('redisUrl'));
    raw = new Redis(inject('redisUrl'));
  });
  afterAll(async () => {
    raw.disconnect();
    await kit.close();
  });

  it('GIVEN 2,000 presses by 4 players in 10 minutes WHEN measured THEN the exactly-once record is at most 30 KB and the log far below its JSON form', async () => {
    const key = freshKey();
    const game = sampleStored();
    let rev = (await kit.games.create(key, game, []))!;
    const ids: string[] = [];
    const actions: Action[] = [];
    for (let i = 0; i < PRESSES; i++) {
      const id = ((BigInt(T + i * 300) - 1420070400000n) << 22n).toString();
      const a: Action = i % 3 === 0 ? { type: 'wait', user: users[i % 4]! } : { type: 'move', user: users[i % 4]!, dir: dirs[i % 4]! };
      ids.push(id);
      actions.push(a);
      rev = revOf(await kit.games.save(key, game, rev, [a], undefined, { interactionId: id, now: T + i * 300 }));
    }
    const keys = channelKeys((kit.games as unknown as { prefix: string }).prefix, key);
    const usage = async (k: string): Promise<number> => Number(await raw.call('MEMORY', 'USAGE', k, 'SAMPLES', '0'));
    // The same presses in the forms before: a sorted set of ids (score: expiry ms) and a list of JSON actions.
    const before = { ix: `${keys.ix}:measure`, log: `${keys.log}:measure` };
    for (let i = 0; i < PRESSES; i += 500) {
      await raw.zadd(before.ix, ...ids.slice(i, i + 500).flatMap((id, j) => [T + (i + j) * 300 + 1_200_000, id]));
      await raw.rpush(before.log, ...actions.slice(i, i + 500).map((a) => JSON.stringify(a)));
    }
    const figures = { seen: await usage(keys.seen), ixBefore: await usage(before.ix), log: await usage(keys.log), logBefore: await usage(before.log), game: await usage(keys.game) };
    await raw.del(before.ix, before.log);
    console.info(`after ${PRESSES} presses: exactly-once record ${figures.seen} B (sorted set before: ${figures.ixBefore} B), action log ${figures.log} B (JSON before: ${figures.logBefore} B), game hash ${figures.game} B`);
    expect(figures.seen).toBeLessThanOrEqual(30 * 1024);
    expect(figures.seen * 4).toBeLessThan(figures.ixBefore);
    expect(figures.log).toBeLessThan(figures.logBefore * 0.7);
    expect(await kit.games.readLog(key)).toEqual(actions);
  }, 120_000);
});
