/** Issue 11: a save applies all of its writes or none; damaged keys are the damaged-game refusal; damaged indexes never block a game. */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createRedis, waitReady } from '../../../src/adapters/redis/client.js';
import { channelKeys, guildKeys, roundBucket, roundsBucketKey } from '../../../src/adapters/redis/keys.js';
import { GameService } from '../../../src/app/game-service.js';
import { FakeClock, freshKey, redisKit, type StoreKit } from '../../app/fixtures.js';

const alice = { id: 'u1', name: 'Alice' };

describe('damaged Redis keys', () => {
  let kit: StoreKit;
  let raw: Redis;
  let service: GameService;
  const prefix = `t${randomBytes(6).toString('hex')}`;
  const key = freshKey();

  beforeEach(async () => {
    kit = await redisKit(inject('redisUrl'), prefix);
    raw = createRedis(inject('redisUrl'));
    await waitReady(raw);
    service = new GameService({ games: kit.games, settings: kit.settings, clock: new FakeClock(), rounds: kit.rounds, logger: kit.logger });
    key.channelId = String(Math.floor(Math.random() * 1e12));
  });
  afterEach(async () => {
    raw.disconnect();
    await kit.close();
  });

  it('GIVEN the action log replaced by a string WHEN a player waits three times THEN each is the damaged-game refusal and the game does not move', async () => {
    expect((await service.newGame(key, alice, { seed: 3 })).ok).toBe(true);
    const before = await service.view(key);
    const version = before.ok ? before.value.state.version : -1;
    await raw.set(channelKeys(prefix, key).log, 'not a list');
    for (let i = 0; i < 3; i++) {
      const r = await service.act(key, alice, { type: 'wait' });
      expect(r).toEqual({ ok: false, error: expect.objectContaining({ kind: 'corrupt-save', channelId: key.channelId }) });
    }
    expect(await raw.type(channelKeys(prefix, key).log)).toBe('string'); // nothing appended, nothing half-written
    const view = await service.view(key);
    expect(view.ok && view.value.state.version).toBe(version);
  });

  it('GIVEN the summaries key damaged WHEN the creator ends the game THEN it is refused as damaged, the game still runs, and reset-game repairs the channel', async () => {
    await service.newGame(key, alice, { seed: 4 });
    await raw.set(channelKeys(prefix, key).summaries, 'oops');
    const ended = await service.end(key, alice, false);
    expect(ended.ok).toBe(false);
    expect(!ended.ok && ended.error.kind).toBe('corrupt-save');
    const view = await service.view(key);
    expect(view.ok && view.value.state.status).toBe('playing');
    expect(await raw.llen(channelKeys(prefix, key).log)).toBe(1); // only the creator's join
    expect((await service.resetGame(key)).ok).toBe(true);
    expect(await raw.type(channelKeys(prefix, key).summaries)).toBe('none');
    expect((await service.newGame(key, alice, { seed: 5 })).ok).toBe(true);
    expect((await service.end(key, alice, false)).ok).toBe(true);
    expect(await raw.type(channelKeys(prefix, key).summaries)).toBe('list');
  });

  it.each([
    ['exactly-once record', 'seen', 'string'],
    ['legacy interactions set', 'ix', 'none'],
  ] as const)('GIVEN the %s damaged WHEN a player acts THEN it is the damaged-game refusal naming that key, and reset-game repairs the channel', async (_name, which, after) => {
    expect((await service.newGame(key, alice, { seed: 7 })).ok).toBe(true);
    const keys = channelKeys(prefix, key);
    await raw.rpush(keys[which], 'not a record');
    const r = await service.act(key, alice, { type: 'wait' }, { interactionId: '42' });
    const named = which === 'seen' ? 'exactly-once record' : 'interactions';
    expect(r).toEqual({ ok: false, error: { kind: 'corrupt-save', channelId: key.channelId, reason: `the channel's ${named} key holds another Redis type` } });
    expect(await raw.llen(keys.log)).toBe(1);
    expect((await service.resetGame(key)).ok).toBe(true);
    expect(await raw.type(keys[which])).toBe('none');
    expect((await service.newGame(key, alice, { seed: 8 })).ok).toBe(true);
    expect((await service.act(key, alice, { type: 'wait' }, { interactionId: '42' })).ok).toBe(true);
    expect(await raw.type(keys[which])).toBe(after);
  });

  it("GIVEN the guild's game index of the wrong type WHEN a game is started, listed and reset THEN none is blocked and the index is rebuilt as a set", async () => {
    const index = guildKeys(prefix, key.guildId).games;
    await raw.set(index, 'garbage');
    expect((await service.newGame(key, alice, { seed: 6 })).ok).toBe(true);
    expect(await raw.type(index)).toBe('set');
    expect(await kit.games.listActive(key.guildId)).toEqual([key]);
    await raw.set(index, 'garbage again');
    expect((await service.resetGame(key)).ok).toBe(true);
    await raw.hset(index, 'f', 'v');
    expect(await kit.games.listActive(key.guildId)).toEqual([]);
    await raw.set(guildKeys(prefix, key.guildId).summarized, 'x');
    expect(await kit.games.summaries(key.guildId)).toEqual([]);
  });

  it('GIVEN the round-queue bucket of a channel holding a string WHEN a game starts there, the timer polls and another channel of the bucket plays THEN none fails and the bucket is a sorted set again', async () => {
    const bucket = roundsBucketKey(prefix, roundBucket(key));
    // The timer's poll skips (and repairs) the damaged bucket instead of failing every bucket's claims.
    await raw.set(bucket, 'garbage');
    await expect(kit.rounds.claimDue(Date.now(), 10, 1000)).resolves.toEqual(expect.any(Array));
    expect(await raw.type(bucket)).not.toBe('string');
    await raw.set(bucket, 'garbage');
    expect((await service.newGame(key, alice, { seed: 7 })).ok).toBe(true);
    expect(await raw.type(bucket)).toBe('zset');
    expect(await kit.rounds.scoreOf(key)).not.toBeNull();
    // Another channel that falls in the same bucket, started while the bucket is damaged again.
    await raw.set(bucket, 'garbage');
    const neighbour = sameBucket(key);
    expect((await service.newGame(neighbour, alice, { seed: 8 })).ok).toBe(true);
    expect(await kit.rounds.scoreOf(neighbour)).not.toBeNull();
  });
});

/** Another channel of the same guild whose round deadline shares `key`'s bucket. */
function sameBucket(key: { guildId: string; channelId: string }): { guildId: string; channelId: string } {
  for (let i = 1; ; i++) {
    const other = { guildId: key.guildId, channelId: String(BigInt(key.channelId) + BigInt(i)) };
    if (roundBucket(other) === roundBucket(key)) return other;
  }
}
