/**
 * The daily, exactly once through every crash (issue 29): a process dies at each point of a scored daily run's life
 * (after the claim, after the finishing save, after the history line, after the boards, before the outbox entry is
 * cleared), another run ends in the same channel before the sweep, then the sweep runs. The daily reaches every board
 * once and the channel's and the player's histories hold each run once, on the memory twins and on a real Redis.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from '../../../src/adapters/memory/memory-daily-stores.js';
import type { RedisClient } from '../../../src/adapters/redis/client.js';
import { RedisBoardStore, RedisDailyAttemptStore, RedisHistoryStore } from '../../../src/adapters/redis/redis-daily-stores.js';
import { PENDING_CLAIM_MS } from '../../../src/app/daily/attempts.js';
import { DailyService } from '../../../src/app/daily/daily-service.js';
import { DAY_MS, FIRST_DAY } from '../../../src/app/daily/day.js';
import type { FinishedRunStore } from '../../../src/app/daily/ports.js';
import { GameService } from '../../../src/app/game-service.js';
import { connectRedis, FakeClock, memoryKit, redisKit, type StoreKit } from '../../app/fixtures.js';
import { dailySetup, finishRun, type DailyStores } from '../../app/daily-helpers.js';

const T0 = FIRST_DAY * DAY_MS + 3_600_000;
const ann = { id: '901', name: 'Ann' };
const bob = { id: '902', name: 'Bob' };
const key = { guildId: '5', channelId: '1' };

interface World {
  clock: FakeClock;
  a: StoreKit;
  b: StoreKit;
  storesA: Required<DailyStores>;
  storesB: DailyStores;
  close(): Promise<void>;
}

async function memoryWorld(): Promise<World> {
  const clock = new FakeClock(T0);
  const kit = await memoryKit(clock);
  const stores = { attempts: new MemoryDailyAttemptStore(clock), boards: new MemoryBoardStore(clock), history: new MemoryHistoryStore() };
  return { clock, a: kit, b: kit, storesA: { ...stores, runs: kit.runs }, storesB: stores, close: async () => {} };
}

async function redisWorld(): Promise<World> {
  const clock = new FakeClock(T0);
  const prefix = `kp${randomBytes(5).toString('hex')}`;
  const a = await redisKit(inject('redisUrl'), prefix);
  const b = await a.connect();
  const [r1, r2] = await Promise.all([connectRedis(inject('redisUrl')), connectRedis(inject('redisUrl'))]);
  const stores = (kit: StoreKit, r: RedisClient): DailyStores => ({ attempts: new RedisDailyAttemptStore(r, { prefix }), boards: new RedisBoardStore(r, kit.logger, { prefix }), history: new RedisHistoryStore(r, kit.logger, { prefix }) });
  return {
    clock,
    a,
    b,
    storesA: { ...stores(a, r1), runs: a.runs },
    storesB: stores(b, r2),
    close: async () => {
      r1.disconnect();
      r2.disconnect();
      await b.close();
      await a.close();
    },
  };
}

/** Where process A dies: the method of one of its stores ('*': its first call), after it ran (`after`) or instead of it. */
type KillPoint = { store: keyof Required<DailyStores>; method: string; after: boolean; when?: (args: unknown[]) => boolean };

/** A's stores: each call runs until the kill point; then that call and every later one throws "process died". */
function dying(stores: Required<DailyStores>, kill: KillPoint): Required<DailyStores> {
  let dead = false;
  const wrap = <T extends object>(name: keyof Required<DailyStores>, target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        const value: unknown = Reflect.get(t, prop);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (dead) throw new Error('process died');
          const here = name === kill.store && (prop === kill.method || kill.method === '*') && (kill.when?.(args) ?? true);
          if (here && !kill.after) {
            dead = true;
            throw new Error('process died');
          }
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(t, args);
          if (here) {
            dead = true;
            throw new Error('process died');
          }
          return result;
        };
      },
    });
  return { attempts: wrap('attempts', stores.attempts), boards: wrap('boards', stores.boards), history: wrap('history', stores.history), runs: wrap('runs', stores.runs) };
}

/** Process A: a game service and a daily service over A's dying stores. */
function processA(w: World, kill: KillPoint): { games: GameService; daily: DailyService } {
  const s = dying(w.storesA, kill);
  let daily: DailyService | null = null;
  const games = new GameService({ games: w.a.games, settings: w.a.settings, clock: w.clock, rounds: w.a.rounds, logger: w.a.logger, onFinished: (k, g) => daily?.recordFinished(k, g) ?? Promise.resolve() });
  daily = new DailyService({ games, gameStore: w.a.games, runs: s.runs as FinishedRunStore, settings: w.a.settings, clock: w.clock, logger: w.a.logger, attempts: s.attempts, boards: s.boards, history: s.history });
  return { games, daily };
}

const KILL_POINTS: [string, KillPoint][] = [
  ['after the claim', { store: 'attempts', method: 'claim', after: true }],
  ['after the finishing save (before any recording)', { store: 'runs', method: '*', after: false }],
  ['after the history line', { store: 'history', method: 'add', after: true }],
  ['after the boards', { store: 'boards', method: 'record', after: true, when: (args) => (args[0] as { scope: string }).scope === 'all-time' }],
  ['before the outbox entry is cleared', { store: 'runs', method: 'markRecorded', after: false }],
];

let open: World | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe.each([
  ['memory', memoryWorld],
  ['redis', redisWorld],
] as const)('the daily exactly once through every crash (%s)', (_name, make) => {
  it.each(KILL_POINTS)('GIVEN process A dies %s AND another run ends in the channel before the sweep WHEN swept THEN the daily is on each board once and every run in history once', async (_point, kill) => {
    const w = (open = await make());
    const a = processA(w, kill);
    const b = dailySetup(w.b, w.storesB, w.clock);
    const started = await a.daily.start(key, ann).catch(() => null);
    if (kill.store === 'attempts') {
      // A died between the claim and the game: once the claim is stale, Ann's next press takes it over (on B).
      expect(started === null || !started.ok || started.value.kind !== 'started').toBe(true);
      w.clock.advance(PENDING_CLAIM_MS);
      const again = await b.daily.start(key, ann);
      expect(again.ok && again.value.kind === 'started' && again.value.scored).toBe(true);
      await finishRun(b.games, b.daily, key, ann, w.clock);
    } else {
      expect(started?.ok && started.value.kind === 'started' && started.value.scored).toBe(true);
      await finishRun(a.games, a.daily, key, ann, w.clock);
    }
    // Another run ends in the same channel before any sweep: Bob's /rogue new game, on process B.
    w.clock.advance(1000);
    const bobs = await b.games.newGame(key, bob, { seed: 77, lobby: false, maxPlayers: 1 });
    expect(bobs.ok).toBe(true);
    await finishRun(b.games, b.daily, key, bob, w.clock);
    await b.daily.sweep();
    await b.daily.sweep();

    for (const board of [{ scope: 'server', guildId: key.guildId, day: FIRST_DAY }, { scope: 'global', day: FIRST_DAY }, { scope: 'all-time', guildId: key.guildId }] as const) {
      expect((await w.storesB.boards.top(board, 10)).map((e) => e.userId), board.scope).toEqual([ann.id]);
    }
    const channel = await w.storesB.history.byChannel(key, 10);
    expect(channel.map((e) => [e.players[0]?.id, e.daily?.scored ?? null]).sort()).toEqual([[ann.id, true], [bob.id, null]]);
    expect(new Set(channel.map((e) => e.run)).size).toBe(2);
    expect((await w.storesB.history.byUser(ann.id, 10)).map((e) => e.daily?.scored)).toEqual([true]);
    expect(await w.b.runs.unrecorded(10)).toEqual([]);
    for (const e of channel) expect(await w.b.runs.runMaterial(key, e.run!)).toBeNull();
  });
});
