/** Issue 29: the per-user action limit holds across replicas (one Redis bucket per user), exactly once per interaction. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RateLimiter } from '../../../src/adapters/discord/rate-limit.js';
import { createRedis, waitReady, type RedisClient } from '../../../src/adapters/redis/client.js';
import { RedisUserLimiter } from '../../../src/adapters/redis/redis-user-limiter.js';

let redis: RedisClient;
beforeAll(async () => {
  redis = createRedis(inject('redisUrl'));
  await waitReady(redis);
});
afterAll(() => redis.disconnect());

/** Two replicas' limiters on one Redis and one fake clock. */
function replicas(): { a: RedisUserLimiter; b: RedisUserLimiter; advance: (ms: number) => void } {
  let t = 1_000_000;
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const make = (): RedisUserLimiter => new RedisUserLimiter(redis, { prefix, capacity: 5, refillMs: 3000, now: () => t });
  return { a: make(), b: make(), advance: (ms) => void (t += ms) };
}

describe('per-user action limit across replicas', () => {
  it('GIVEN two replicas WHEN a user presses 6 times at once, alternating between them THEN the sixth is refused (one allowance, not two)', async () => {
    const { a, b } = replicas();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await (i % 2 ? b : a).take('u1', `i${i}`));
    expect(answers).toEqual([true, true, true, true, true, false]);
    // The in-process limiter this replaces gave each replica its own 5: 10 in all.
    const local = [new RateLimiter({ capacity: 5, refillMs: 3000, now: () => 0 }), new RateLimiter({ capacity: 5, refillMs: 3000, now: () => 0 })];
    expect(Array.from({ length: 10 }, (_, i) => local[i % 2]!.take('u1')).filter(Boolean)).toHaveLength(10);
  });

  it('GIVEN an interaction already charged WHEN it is asked again on another replica (a redelivery) THEN it goes and costs nothing', async () => {
    const { a, b } = replicas();
    for (let i = 0; i < 4; i++) expect(await a.take('u2', `i${i}`)).toBe(true);
    expect(await b.take('u2', 'i3')).toBe(true);
    expect(await b.take('u2', 'i3')).toBe(true);
    expect(await a.take('u2', 'i4')).toBe(true);
    expect(await a.take('u2', 'i5')).toBe(false);
  });

  it('GIVEN an empty bucket WHEN time passes on the shared clock THEN one token per refillMs / capacity comes back, never above capacity', async () => {
    const { a, b, advance } = replicas();
    for (let i = 0; i < 5; i++) await a.take('u3', `i${i}`);
    expect(await b.take('u3', 'x')).toBe(false);
    advance(600);
    expect(await b.take('u3', 'y')).toBe(true);
    expect(await a.take('u3', 'z')).toBe(false);
    advance(60_000);
    const after = [];
    for (let i = 0; i < 6; i++) after.push(await a.take('u3', `late${i}`));
    expect(after).toEqual([true, true, true, true, true, false]);
  });

  it('GIVEN one user out of tokens WHEN another presses THEN the other is not limited', async () => {
    const { a, b } = replicas();
    for (let i = 0; i < 5; i++) await a.take('u4', `i${i}`);
    expect(await a.take('u4', 'more')).toBe(false);
    expect(await b.take('u5', 'other')).toBe(true);
  });

  it('GIVEN Redis not answering WHEN a user presses THEN this process decides (no blanket refusal), and the fallback is reported', async () => {
    const down = createRedis('redis://127.0.0.1:1');
    const failures: unknown[] = [];
    const limiter = new RedisUserLimiter(down, { capacity: 2, refillMs: 3000, onFallback: (err) => failures.push(err) });
    const answers = [await limiter.take('u6', 'a'), await limiter.take('u6', 'b'), await limiter.take('u6', 'c')];
    down.disconnect();
    expect(answers).toEqual([true, true, false]);
    expect(failures).toHaveLength(3);
  });
});
