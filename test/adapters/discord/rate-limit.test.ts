import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/adapters/discord/rate-limit.js';

describe('per-user rate limiter', () => {
  it('GIVEN 5 actions per 3 s WHEN a user acts 6 times at once THEN the sixth is refused', () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 5, refillMs: 3000, now: () => now });
    const results = Array.from({ length: 6 }, () => limiter.take('u1'));
    expect(results).toEqual([true, true, true, true, true, false]);
    now += 600; // one token refills every 600 ms
    expect(limiter.take('u1')).toBe(true);
    expect(limiter.take('u1')).toBe(false);
  });

  it('GIVEN one user out of tokens WHEN another user acts THEN the other is not limited', () => {
    const limiter = new RateLimiter({ capacity: 2, refillMs: 1000, now: () => 0 });
    limiter.take('a');
    limiter.take('a');
    expect(limiter.take('a')).toBe(false);
    expect(limiter.take('b')).toBe(true);
  });

  it('GIVEN a long pause WHEN the user acts again THEN the bucket is full but never above capacity', () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 3, refillMs: 3000, now: () => now });
    for (let i = 0; i < 3; i++) limiter.take('u');
    now += 60_000;
    expect([limiter.take('u'), limiter.take('u'), limiter.take('u'), limiter.take('u')]).toEqual([true, true, true, false]);
  });
});

describe('per-user rate limiter, exactly once per interaction', () => {
  it('GIVEN an interaction already charged WHEN asked again THEN it goes free, and other interactions still count', () => {
    const limiter = new RateLimiter({ capacity: 2, refillMs: 3000, now: () => 0 });
    expect(limiter.take('u', 'i1')).toBe(true);
    expect(limiter.take('u', 'i1')).toBe(true);
    expect(limiter.take('u', 'i2')).toBe(true);
    expect(limiter.take('u', 'i3')).toBe(false);
  });
});
