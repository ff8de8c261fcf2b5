import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { Redis } from 'ioredis';
import { step } from '../../../src/engine/index.js';
import { channelKeys } from '../../../src/adapters/redis/keys.js';
import { freshKey, redisKit, sampleStored, type StoreKit } from '../../app/fixtures.js';
import { storeContract } from '../../app/store-contract.js';

describe('redis stores', () => storeContract(() => redisKit(inject('redisUrl'))));

describe('redis game store specifics', () => {
  let kit: StoreKit;
  let raw: Redis;
  const prefixOf = (k: StoreKit): string => (k.games as unknown as { prefix: string }).prefix;
  beforeEach(async () => {
    kit = await redisKit(inject('redisUrl'));
    raw = new Redis(inject('redisUrl'));
  });
  afterEach(async () => {
    raw.disconnect();
    await kit.close();
  });

  it('reports a value of the wrong Redis type under the game key as corrupt, not as an outage', async () => {
    const key = freshKey();
    await raw.set(channelKeys(prefixOf(kit), key).game, 'just a string');
    expect(await kit.games.load(key)).toEqual({ kind: 'corrupt', reason: 'not a game record' });
  });

  it('a process that cached a game still sees another process write it', async () => {
    const key = freshKey();
    const game = sampleStored();
    const rev0 = (await kit.games.create(key, game, []))!;
    const first = await kit.games.load(key);
    expect(first.kind === 'found' && first.rev).toBe(rev0);
    const other = await kit.connect();
    const r = step(game.state, { type: 'wait', user: 'u1' });
    if (!r.ok) throw new Error(r.code);
    const rev1 = await other.games.save(key, { state: r.state, meta: game.meta }, rev0, [{ type: 'wait', user: 'u1' }]);
    const seen = await kit.games.load(key);
    expect(seen.kind === 'found' && seen.rev).toBe(rev1);
    expect(seen.kind === 'found' && seen.game.state.version).toBe(2);
    await other.close();
  });

  it('a game deleted by another process is missing, even if this process had it cached', async () => {
    const key = freshKey();
    await kit.games.create(key, sampleStored(), []);
    await kit.games.load(key);
    await raw.del(channelKeys(prefixOf(kit), key).game);
    expect(await kit.games.load(key)).toEqual({ kind: 'missing' });
  });
});
