import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { BoardEntry, BoardId, BoardStore, DailyAttemptStore, HistoryEntry, HistoryStore } from '../../../src/app/daily/ports.js';
import { HISTORY_KEPT } from '../../../src/app/daily/ports.js';
import { DAY_MS, FIRST_DAY } from '../../../src/app/daily/day.js';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from '../../../src/adapters/memory/memory-daily-stores.js';
import { boardKeys, RedisBoardStore, RedisDailyAttemptStore, RedisHistoryStore } from '../../../src/adapters/redis/redis-daily-stores.js';
import { channelKeys } from '../../../src/adapters/redis/keys.js';
import type { RedisClient } from '../../../src/adapters/redis/client.js';
import { MemoryLogger } from '../../../src/adapters/memory/memory-logger.js';
import { connectRedis, deleteByPrefix, FakeClock, redisKit, type StoreKit } from '../../app/fixtures.js';
import { dailySetup, finishRun } from '../../app/daily-helpers.js';

const T0 = FIRST_DAY * DAY_MS + 3_600_000;

function entry(userId: string, score: number, finishedAt: number, name = `P${userId}`): BoardEntry {
  return { userId, name, score, depth: 2, turns: 100, outcome: 'defeat', finishedAt, guildId: '1' };
}

interface Kit {
  name: string;
  boards: BoardStore;
  attempts: DailyAttemptStore;
  history: HistoryStore;
  clock: FakeClock;
  /** Moves time: the memory stores' clock, or Redis' own expiry by the same amount (PTTL checked instead). */
  expired(board: BoardId): Promise<boolean>;
}

let redis: RedisClient;
const prefix = `t${randomBytes(6).toString('hex')}`;
beforeAll(async () => {
  redis = await connectRedis(inject('redisUrl'));
});
afterAll(async () => {
  await deleteByPrefix(redis, prefix);
  redis.disconnect();
});

const kits: (() => Kit)[] = [
  () => {
    const clock = new FakeClock(T0);
    const boards = new MemoryBoardStore(clock);
    return { name: 'memory', boards, attempts: new MemoryDailyAttemptStore(clock), history: new MemoryHistoryStore(), clock, expired: async (b) => (await boards.top(b, 1)).length === 0 };
  },
  () => {
    const p = `${prefix}${randomBytes(3).toString('hex')}`;
    const logger = new MemoryLogger();
    const boards = new RedisBoardStore(redis, logger, { prefix: p });
    return { name: 'redis', boards, attempts: new RedisDailyAttemptStore(redis, { prefix: p }), history: new RedisHistoryStore(redis, logger, { prefix: p }), clock: new FakeClock(T0), expired: async (b) => (await boards.top(b, 1)).length === 0 };
  },
];

describe.each(kits.map((make) => [make().name, make] as const))('daily stores (%s)', (_name, make) => {
  const day: BoardId = { scope: 'server', guildId: '1', day: FIRST_DAY };

  it('GIVEN entries WHEN the board is read THEN higher scores rank first and a tie goes to the earlier finish', async () => {
    const k = make();
    await k.boards.record(day, entry('a', 300, T0 + 5000), DAY_MS);
    await k.boards.record(day, entry('b', 500, T0 + 9000), DAY_MS);
    await k.boards.record(day, entry('c', 300, T0 + 2000), DAY_MS);
    await k.boards.record(day, entry('d', 100, T0), DAY_MS);
    expect((await k.boards.top(day, 10)).map((e) => [e.rank, e.userId, e.score])).toEqual([
      [1, 'b', 500],
      [2, 'c', 300],
      [3, 'a', 300],
      [4, 'd', 100],
    ]);
  });

  it('GIVEN a player with an entry WHEN a worse one is recorded THEN the better stays; a better one replaces it', async () => {
    const k = make();
    expect(await k.boards.record(day, entry('a', 300, T0), null)).toBe(true);
    expect(await k.boards.record(day, entry('a', 200, T0 + 1), null)).toBe(false);
    expect((await k.boards.rankOf(day, 'a'))?.score).toBe(300);
    expect(await k.boards.record(day, entry('a', 400, T0 + 2), null)).toBe(true);
    expect(await k.boards.top(day, 10)).toEqual([{ ...entry('a', 400, T0 + 2), rank: 1 }]);
  });

  it('GIVEN 25 players WHEN one ranks 17th THEN rankOf gives their line below the top 10', async () => {
    const k = make();
    for (let i = 1; i <= 25; i++) await k.boards.record(day, entry(`u${i}`, 1000 - i * 10, T0 + i), DAY_MS);
    expect((await k.boards.top(day, 10)).map((e) => e.userId)).toEqual(Array.from({ length: 10 }, (_, i) => `u${i + 1}`));
    expect(await k.boards.rankOf(day, 'u17')).toMatchObject({ rank: 17, score: 830, name: 'Pu17' });
    expect(await k.boards.rankOf(day, 'nobody')).toBeNull();
  });

  it('GIVEN a day board with a retention WHEN the retention passes THEN it is gone; the all-time board is kept', async () => {
    const k = make();
    const allTime: BoardId = { scope: 'all-time', guildId: '1' };
    await k.boards.record(day, entry('a', 300, T0), 50);
    await k.boards.record(allTime, entry('a', 300, T0), null);
    expect(await k.expired(day)).toBe(false);
    k.clock.advance(60);
    await new Promise((r) => setTimeout(r, 80)); // Redis expires by its own clock
    expect(await k.expired(day)).toBe(true);
    expect(await k.expired(allTime)).toBe(false);
  });

  it('GIVEN a claimed attempt WHEN claimed again THEN the pending claim is shown; a release with another token changes nothing, with its own token frees it', async () => {
    const k = make();
    const here = { guildId: '1', channelId: '5' };
    const first = await k.attempts.claim('u1', FIRST_DAY, here, T0, DAY_MS);
    if (!first.won) throw new Error('not claimed');
    expect(await k.attempts.claim('u1', FIRST_DAY, { guildId: '2', channelId: '6' }, T0 + 1, DAY_MS)).toEqual({ won: false, held: { token: first.token, status: 'pending', ...here, at: T0 } });
    expect((await k.attempts.claim('u1', FIRST_DAY + 1, here, T0, DAY_MS)).won).toBe(true);
    await k.attempts.release('u1', FIRST_DAY, 'not-the-token');
    expect((await k.attempts.claim('u1', FIRST_DAY, here, T0, DAY_MS)).won).toBe(false);
    await k.attempts.release('u1', FIRST_DAY, first.token);
    expect((await k.attempts.claim('u1', FIRST_DAY, here, T0, DAY_MS)).won).toBe(true);
  });

  it('GIVEN a pending claim WHEN taken over, confirmed and fenced THEN each is a compare-and-set on the token and a recorded claim can no longer move', async () => {
    const k = make();
    const a = { guildId: '1', channelId: '5' };
    const b = { guildId: '1', channelId: '6' };
    const first = await k.attempts.claim('u2', FIRST_DAY, a, T0, DAY_MS);
    if (!first.won) throw new Error('not claimed');
    expect(await k.attempts.takeOver('u2', FIRST_DAY, 'stale', b, T0 + 1, DAY_MS)).toBeNull();
    const second = await k.attempts.takeOver('u2', FIRST_DAY, first.token, b, T0 + 1, DAY_MS);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first.token);
    // The old token lost everything: it can neither confirm, nor pass the fence, nor release the claim.
    expect(await k.attempts.confirm('u2', FIRST_DAY, first.token)).toBe(false);
    expect(await k.attempts.fence('u2', FIRST_DAY, first.token)).toBe(false);
    await k.attempts.release('u2', FIRST_DAY, first.token);
    expect(await k.attempts.claim('u2', FIRST_DAY, a, T0 + 2, DAY_MS)).toEqual({ won: false, held: { token: second, status: 'pending', ...b, at: T0 + 1 } });
    expect(await k.attempts.confirm('u2', FIRST_DAY, second ?? '')).toBe(true);
    expect(await k.attempts.takeOver('u2', FIRST_DAY, second ?? '', a, T0 + 3, DAY_MS)).toBeNull();
    expect(await k.attempts.fence('u2', FIRST_DAY, second ?? '')).toBe(true);
    expect(await k.attempts.fence('u2', FIRST_DAY, second ?? '')).toBe(true);
    await k.attempts.release('u2', FIRST_DAY, second ?? '');
    expect(await k.attempts.claim('u2', FIRST_DAY, a, T0 + 4, DAY_MS)).toMatchObject({ won: false, held: { status: 'recorded' } });
  });

  it('GIVEN more runs than kept WHEN history is read THEN newest first, per channel and per player, trimmed', async () => {
    const k = make();
    const run = (i: number, players: string[]): HistoryEntry => ({ guildId: '1', channelId: '9', players: players.map((id) => ({ id, name: id })), score: i, depth: 1, turns: i, outcome: 'defeat', recap: `run ${i}`, seed: i, endedAt: T0 + i });
    for (let i = 0; i < HISTORY_KEPT + 5; i++) await k.history.add(run(i, i % 2 === 0 ? ['x', 'y'] : ['x']));
    const channel = await k.history.byChannel({ guildId: '1', channelId: '9' }, 10);
    expect(channel.map((h) => h.score)).toEqual(Array.from({ length: 10 }, (_, i) => HISTORY_KEPT + 4 - i));
    expect((await k.history.byUser('y', 3)).map((h) => h.score)).toEqual([HISTORY_KEPT + 4, HISTORY_KEPT + 2, HISTORY_KEPT]);
    expect(await k.history.byChannel({ guildId: '1', channelId: '9' }, 1000)).toHaveLength(HISTORY_KEPT);
  });

  it("GIVEN a player's runs WHEN they forget them THEN their own list is gone and the channel and other players keep theirs", async () => {
    const k = make();
    const run = (i: number, players: string[]): HistoryEntry => ({ guildId: '1', channelId: '8', players: players.map((id) => ({ id, name: id })), score: i, depth: 1, turns: i, outcome: 'defeat', recap: `run ${i}`, seed: i, endedAt: T0 + i });
    for (let i = 0; i < 3; i++) await k.history.add(run(i, ['p', 'q']));
    await k.history.forgetUser('p');
    expect(await k.history.byUser('p', 10)).toEqual([]);
    expect(await k.history.byUser('q', 10)).toHaveLength(3);
    expect(await k.history.byChannel({ guildId: '1', channelId: '8' }, 10)).toHaveLength(3);
  });
});

describe('daily on Redis', () => {
  it('GIVEN board keys WHEN computed THEN each board keeps its sorted set and details under one hash tag', () => {
    for (const b of [{ scope: 'server', guildId: '1', day: 5 }, { scope: 'global', day: 5 }, { scope: 'all-time', guildId: '1' }] as const) {
      const k = boardKeys('cc', b);
      expect(/\{[^}]+\}/.exec(k.z)?.[0]).toBe(/\{[^}]+\}/.exec(k.info)?.[0]);
    }
  });

  it('GIVEN a day board recorded with a 30-day retention WHEN its TTL is read THEN Redis expires it then', async () => {
    const boards = new RedisBoardStore(redis, new MemoryLogger(), { prefix });
    const b: BoardId = { scope: 'server', guildId: '7', day: FIRST_DAY };
    await boards.record(b, entry('a', 1, T0), 30 * DAY_MS);
    const ttl = await redis.pttl(boardKeys(prefix, b).z);
    expect(ttl).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * DAY_MS);
    await boards.record({ scope: 'all-time', guildId: '7' }, entry('a', 1, T0), null);
    expect(await redis.pttl(boardKeys(prefix, { scope: 'all-time', guildId: '7' }).z)).toBe(-1);
  });

  describe('two services sharing one Redis', () => {
    let a: StoreKit;
    let b: StoreKit;
    const p = `${prefix}svc`;
    beforeAll(async () => {
      a = await redisKit(inject('redisUrl'), p);
      b = await a.connect();
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    const storesOf = (kit: StoreKit, r: RedisClient) => ({ attempts: new RedisDailyAttemptStore(r, { prefix: p }), boards: new RedisBoardStore(r, kit.logger, { prefix: p }), history: new RedisHistoryStore(r, kit.logger, { prefix: p }) });

    it('GIVEN 20 concurrent /rogue daily presses of one player on two services WHEN they race THEN exactly one scored attempt is started', async () => {
      const clock = new FakeClock(T0);
      const other = await connectRedis(inject('redisUrl'));
      try {
        const s1 = dailySetup(a, storesOf(a, redis), clock);
        const s2 = dailySetup(b, storesOf(b, other), clock);
        const user = { id: '777', name: 'Racer' };
        const presses = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? s1 : s2).daily.start({ guildId: String(100 + i), channelId: '1' }, user));
        const results = await Promise.all(presses);
        expect(results.filter((r) => r.ok && r.value.kind === 'started' && r.value.scored)).toHaveLength(1);
        expect(results.filter((r) => r.ok && r.value.kind === 'attempt-used')).toHaveLength(19);
      } finally {
        other.disconnect();
      }
    });

    it('GIVEN a finished daily whose log was edited in Redis WHEN it is recorded THEN it is refused and logged; an untouched one is on the boards', async () => {
      const clock = new FakeClock(T0);
      const s = dailySetup(a, storesOf(a, redis), clock);
      const honest = { guildId: '50', channelId: '1' };
      const cheat = { guildId: '50', channelId: '2' };
      const ann = { id: '801', name: 'Ann' };
      const eve = { id: '802', name: 'Eve <@123> @everyone' };
      await s.daily.start(honest, ann);
      await s.daily.start(cheat, eve);
      await finishRun(s.games, s.daily, honest, ann, clock);
      // Eve's log is edited before her run ends: an extra turn that never happened.
      for (let i = 0; i < 2; i++) await s.games.act(cheat, eve, { type: 'explore' });
      await redis.lset(channelKeys(p, cheat).log, 1, JSON.stringify({ type: 'wait', user: eve.id }));
      await s.games.end(cheat, eve, true);
      await s.daily.idle();
      const board = await s.daily.board('50', eve, { scope: 'server' });
      expect(board.ok && board.value.top.map((e) => e.userId)).toEqual([ann.id]);
      expect(board.ok && board.value.own).toBeNull();
      expect(a.logger.lines.some((l) => l.message.startsWith('daily run refused') && l.fields.userId === eve.id)).toBe(true);
    });
  });
});
