/** Issue 18 item 5: a game's action log and a channel's applied interaction ids stay bounded, in both stores. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOG_MAX_ACTIONS } from '../../src/adapters/storage-bounds.js';
import { INTERACTION_TTL_MS } from '../../src/app/ports.js';
import type { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import type { RedisGameStore } from '../../src/adapters/redis/redis-game-store.js';
import type { Action } from '../../src/engine/types.js';
import { freshKey, memoryKit, redisKit, revOf, sampleStored, type StoreKit } from '../app/fixtures.js';

const KITS: [string, () => Promise<StoreKit>][] = [
  ['memory', () => memoryKit()],
  ['redis', () => redisKit(inject('redisUrl'))],
];

describe.each(KITS)('storage bounds on the %s store', (_name, makeKit) => {
  let kit: StoreKit;
  let store: MemoryGameStore | RedisGameStore;

  beforeAll(async () => {
    kit = await makeKit();
    store = kit.games as MemoryGameStore | RedisGameStore;
  });
  afterAll(async () => {
    await kit.close();
  });

  const waits = (n: number): Action[] => Array.from({ length: n }, () => ({ type: 'wait', user: 'u1' }) as Action);

  it('GIVEN a game whose log passes LOG_MAX_ACTIONS WHEN more actions are saved THEN the log restarts from a checkpoint of the state, and reads keep counting versions', async () => {
    const key = freshKey();
    const game = sampleStored();
    const join: Action = { type: 'join', user: 'u1', name: 'Ann' };
    let rev = (await kit.games.create(key, game, [join]))!;
    const half = Math.ceil(LOG_MAX_ACTIONS / 2);
    rev = revOf(await kit.games.save(key, game, rev, waits(half)));
    expect(await store.logCheckpoint(key)).toBeNull();
    expect(await kit.games.readLog(key)).toHaveLength(1 + half);
    rev = revOf(await kit.games.save(key, game, rev, waits(half)));
    const checkpoint = await store.logCheckpoint(key);
    expect(checkpoint?.version).toBe(1 + 2 * half);
    expect(checkpoint?.state).toEqual(expect.any(String));
    expect(await kit.games.readLog(key)).toEqual([]);
    rev = revOf(await kit.games.save(key, game, rev, waits(3)));
    expect(await kit.games.readLog(key)).toEqual(waits(3));
    expect(await kit.games.readLog(key, checkpoint!.version + 1)).toEqual(waits(2));
    expect(await kit.games.readLog(key, 0, checkpoint!.version)).toEqual([]);
    // A new game in the channel starts with its whole log again.
    expect(await kit.games.create(key, game, [join], rev)).not.toBeNull();
    expect(await store.logCheckpoint(key)).toBeNull();
    expect(await kit.games.readLog(key)).toEqual([join]);
  });

  it('GIVEN 1,200 applied interactions within their lifetime WHEN checked THEN every one is remembered (the window holds at any rate), and none after it', async () => {
    const key = freshKey();
    const game = sampleStored();
    let rev = (await kit.games.create(key, game, []))!;
    const T = 1_700_000_000_000;
    const total = 1200;
    for (let i = 0; i < total; i++) rev = revOf(await kit.games.save(key, game, rev, [], undefined, { interactionId: `ix${i}`, now: T + i }));
    const applied = async (id: string, now = T + total): Promise<boolean | undefined> => {
      const r = await kit.games.load(key, { interactionId: id, now });
      return r.kind === 'found' ? r.applied : undefined;
    };
    expect(await applied(`ix${total - 1}`)).toBe(true);
    expect(await applied('ix0')).toBe(true);
    expect(await applied('ix0', T + INTERACTION_TTL_MS + 1000)).toBe(false);
  });
});
