/**
 * The daily's durability, on the memory twins and on a real Redis shared by two services: an attempt claim survives
 * a crash between claim and creation (taken over later), a slow claimer is fenced off the boards, a finished run is
 * recorded exactly once even when its process crashes or Redis refuses writes after the finishing save, and the last
 * finished run stays replayable after a new game starts in its channel.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { DailyService } from '../../../src/app/daily/daily-service.js';
import { PENDING_CLAIM_MS } from '../../../src/app/daily/attempts.js';
import { DAY_MS, FIRST_DAY } from '../../../src/app/daily/day.js';
import { LAST_RUN_TTL_MS, type HistoryStore } from '../../../src/app/daily/ports.js';
import { GameService } from '../../../src/app/game-service.js';
import { ReplayService } from '../../../src/app/replay-service.js';
import type { GameServiceApi } from '../../../src/app/service-types.js';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from '../../../src/adapters/memory/memory-daily-stores.js';
import { RedisBoardStore, RedisDailyAttemptStore, RedisHistoryStore } from '../../../src/adapters/redis/redis-daily-stores.js';
import { channelKeys } from '../../../src/adapters/redis/keys.js';
import type { RedisClient } from '../../../src/adapters/redis/client.js';
import { inProcessReplayEncoder } from '../../../src/adapters/render/replay-encoder.js';
import { encodeReplay } from '../../../src/render/gif/replay-gif.js';
import { connectRedis, FakeClock, memoryKit, redisKit, type StoreKit } from '../../app/fixtures.js';
import { dailySetup, finishRun, type DailyStores } from '../../app/daily-helpers.js';

const T0 = FIRST_DAY * DAY_MS + 3_600_000;
const ann = { id: '901', name: 'Ann' };

/** Two "processes" over the same storage: their kits (store handles) and their daily stores. */
interface World {
  clock: FakeClock;
  a: StoreKit;
  b: StoreKit;
  storesA: DailyStores;
  storesB: DailyStores;
  /** A raw client (Redis only), for faults. */
  raw: RedisClient | null;
  prefix: string;
  close(): Promise<void>;
}

async function memoryWorld(): Promise<World> {
  const clock = new FakeClock(T0);
  const kit = await memoryKit(clock);
  const stores = { attempts: new MemoryDailyAttemptStore(clock), boards: new MemoryBoardStore(clock), history: new MemoryHistoryStore() };
  return { clock, a: kit, b: kit, storesA: stores, storesB: stores, raw: null, prefix: '', close: async () => {} };
}

async function redisWorld(): Promise<World> {
  const clock = new FakeClock(T0);
  const prefix = `dd${randomBytes(5).toString('hex')}`;
  const a = await redisKit(inject('redisUrl'), prefix);
  const b = await a.connect();
  const [r1, r2] = await Promise.all([connectRedis(inject('redisUrl')), connectRedis(inject('redisUrl'))]);
  const stores = (kit: StoreKit, r: RedisClient): DailyStores => ({ attempts: new RedisDailyAttemptStore(r, { prefix }), boards: new RedisBoardStore(r, kit.logger, { prefix }), history: new RedisHistoryStore(r, kit.logger, { prefix }) });
  return {
    clock,
    a,
    b,
    storesA: stores(a, r1),
    storesB: stores(b, r2),
    raw: r1,
    prefix,
    close: async () => {
      r1.disconnect();
      r2.disconnect();
      await b.close();
      await a.close();
    },
  };
}

/** `target` with some of its methods replaced (the rest bound to it). */
function override<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(t, prop) {
      if (prop in overrides) return overrides[prop as keyof T];
      const value: unknown = Reflect.get(t, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/** A daily service of process A whose game service is `games` (a crashing or slow one). */
function dailyOver(w: World, games: GameServiceApi, stores: Partial<Omit<DailyStores, 'runs'>> = {}): DailyService {
  return new DailyService({ games, gameStore: w.a.games, runs: w.a.runs, settings: w.a.settings, clock: w.clock, logger: w.a.logger, ...w.storesA, ...stores });
}

const worlds = [
  ['memory', memoryWorld],
  ['redis', redisWorld],
] as const;

let open: World | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});
async function world(make: () => Promise<World>): Promise<World> {
  open = await make();
  return open;
}

describe.each(worlds)('attempt claims (%s)', (_name, make) => {
  it('GIVEN a process that crashes between the claim and the game WHEN the player presses again THEN at first the attempt is busy, and once the claim is stale it is taken over and scored', async () => {
    const w = await world(make);
    const s1 = dailySetup(w.a, w.storesA, w.clock);
    const crashed = dailyOver(w, override<GameServiceApi>(s1.games, { newGame: async () => Promise.reject(new Error('process died')) }), {
      attempts: override(w.storesA.attempts, { release: async () => Promise.reject(new Error('process died')) }),
    });
    await expect(crashed.start({ guildId: '1', channelId: '1' }, ann)).rejects.toThrow('process died');
    const s2 = dailySetup(w.b, w.storesB, w.clock);
    expect(await s2.daily.start({ guildId: '2', channelId: '2' }, ann)).toEqual({ ok: true, value: { kind: 'attempt-used', day: FIRST_DAY, starting: true } });
    w.clock.advance(PENDING_CLAIM_MS);
    // Ten presses at once on two services: one takes the stale claim over, the others find it taken.
    const presses = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? s2 : s1).daily.start({ guildId: String(10 + i), channelId: '3' }, ann)));
    const won = presses.findIndex((r) => r.ok && r.value.kind === 'started' && r.value.scored);
    expect(presses.filter((r) => r.ok && r.value.kind === 'started' && r.value.scored)).toHaveLength(1);
    expect(presses.filter((r) => r.ok && r.value.kind === 'attempt-used')).toHaveLength(9);
    const winner = won % 2 ? s2 : s1;
    const key = { guildId: String(10 + won), channelId: '3' };
    await finishRun(winner.games, winner.daily, key, ann, w.clock);
    expect((await winner.daily.board(key.guildId, ann, { scope: 'global' })).ok && (await w.storesA.boards.top({ scope: 'global', day: FIRST_DAY }, 10)).map((e) => [e.userId, e.guildId])).toEqual([[ann.id, key.guildId]]);
  });

  it('GIVEN a game created but its claim never confirmed WHEN the player presses again after the bound THEN the claim is confirmed, not taken over', async () => {
    const w = await world(make);
    const s1 = dailySetup(w.a, w.storesA, w.clock);
    const unconfirmed = dailyOver(w, s1.games, { attempts: override(w.storesA.attempts, { confirm: async () => Promise.reject(new Error('connection lost')) }) });
    const first = await unconfirmed.start({ guildId: '1', channelId: '1' }, ann);
    expect(first.ok && first.value.kind === 'started' && first.value.scored).toBe(true);
    w.clock.advance(PENDING_CLAIM_MS + 1);
    const s2 = dailySetup(w.b, w.storesB, w.clock);
    expect(await s2.daily.start({ guildId: '2', channelId: '2' }, ann)).toEqual({ ok: true, value: { kind: 'attempt-used', day: FIRST_DAY } });
    expect(await w.storesB.attempts.claim(ann.id, FIRST_DAY, { guildId: '9', channelId: '9' }, w.clock.now(), DAY_MS)).toMatchObject({ won: false, held: { status: 'confirmed', guildId: '1', channelId: '1' } });
  });

  it('GIVEN a slow process that creates its game after its claim was taken over WHEN both runs finish THEN only the run holding the claim reaches the boards (the fence)', async () => {
    const w = await world(make);
    const s1 = dailySetup(w.a, w.storesA, w.clock);
    let wake = (): void => {};
    const gate = new Promise<void>((resolve) => (wake = resolve));
    const slow = dailyOver(w, override<GameServiceApi>(s1.games, { newGame: async (...args) => gate.then(() => s1.games.newGame(...args)) }));
    const late = slow.start({ guildId: 'A', channelId: '1' }, ann);
    await new Promise((r) => setTimeout(r, 20));
    w.clock.advance(PENDING_CLAIM_MS);
    const s2 = dailySetup(w.b, w.storesB, w.clock);
    const taken = await s2.daily.start({ guildId: 'B', channelId: '1' }, ann);
    expect(taken.ok && taken.value.kind === 'started' && taken.value.scored).toBe(true);
    wake();
    const slowResult = await late;
    // The slow game exists (the player can play it) but it is told apart as unscored.
    expect(slowResult.ok && slowResult.value.kind === 'started' && slowResult.value.scored).toBe(false);
    // The fenced run plays longer, so it would outscore the other were it let through.
    await finishRun(s1.games, s1.daily, { guildId: 'A', channelId: '1' }, ann, w.clock, 8);
    await finishRun(s2.games, s2.daily, { guildId: 'B', channelId: '1' }, ann, w.clock, 1);
    expect((await w.storesA.boards.top({ scope: 'global', day: FIRST_DAY }, 10)).map((e) => e.guildId)).toEqual(['B']);
    expect(await w.storesA.boards.top({ scope: 'server', guildId: 'A', day: FIRST_DAY }, 10)).toEqual([]);
    expect(await w.storesA.boards.top({ scope: 'all-time', guildId: 'A' }, 10)).toEqual([]);
    expect(w.a.logger.lines.some((l) => l.message.startsWith('daily run fenced off') && l.fields.userId === ann.id)).toBe(true);
    // History keeps both runs, and only the one on the boards counts as the scored daily.
    const mine = await w.storesA.history.byUser(ann.id, 10);
    expect(mine.map((e) => [e.guildId, e.daily?.scored]).sort()).toEqual([['A', false], ['B', true]]);
  });
});

describe.each(worlds)('durable recording (%s)', (_name, make) => {
  it('GIVEN a process that crashes between the finishing save and the recording WHEN another sweeps THEN the run is recorded exactly once, and recording it again changes nothing', async () => {
    const w = await world(make);
    // The crashed process: its game service tells nobody of finished runs.
    const games = new GameService({ games: w.a.games, settings: w.a.settings, clock: w.clock, rounds: w.a.rounds, logger: w.a.logger });
    const crashed = dailyOver(w, games);
    const key = { guildId: '5', channelId: '1' };
    await crashed.start(key, ann);
    await finishRun(games, crashed, key, ann, w.clock);
    expect(await w.storesA.history.byChannel(key, 10)).toEqual([]);
    const waiting = await w.b.runs.unrecorded(10);
    expect(waiting.map((e) => [e.key, e.summary.outcome])).toEqual([[key, 'abandoned']]);
    const other = dailySetup(w.b, w.storesB, w.clock);
    expect(await other.daily.sweep()).toBe(1);
    expect(await other.daily.sweep()).toBe(0);
    await other.daily.recorder.record(key, waiting[0]!.runId, waiting[0]!.summary);
    expect(await w.storesB.history.byChannel(key, 10)).toHaveLength(1);
    expect(await w.storesB.history.byUser(ann.id, 10)).toHaveLength(1);
    expect((await w.storesB.boards.top({ scope: 'server', guildId: '5', day: FIRST_DAY }, 10)).map((e) => e.userId)).toEqual([ann.id]);
    expect(await w.b.runs.unrecorded(10)).toEqual([]);
  });

  it('GIVEN the finishing request WHEN it answers THEN the run is already recorded (awaited) and its outbox entry gone', async () => {
    const w = await world(make);
    const s = dailySetup(w.a, w.storesA, w.clock);
    const key = { guildId: '6', channelId: '1' };
    await s.daily.start(key, ann);
    for (let i = 0; i < 2; i++) await s.games.act(key, ann, { type: 'explore' });
    // No idle(): the answer to /rogue end comes after the recording.
    expect((await s.games.end(key, ann, true)).ok).toBe(true);
    expect(await w.storesA.history.byChannel(key, 10)).toHaveLength(1);
    expect(await w.storesA.boards.rankOf({ scope: 'all-time', guildId: '6' }, ann.id)).not.toBeNull();
    expect(await w.a.runs.unrecorded(10)).toEqual([]);
  });
});

describe('durable recording on Redis that refuses writes', () => {
  it('GIVEN Redis refusing writes (OOM) after the finishing save WHEN it recovers and the sweeper runs THEN the run is recorded once', async () => {
    const w = await world(redisWorld);
    const raw = w.raw!;
    let refused = false;
    const history = override<HistoryStore>(w.storesA.history, {
      add: async (entry) => {
        if (!refused) {
          refused = true;
          await raw.config('SET', 'maxmemory', '1');
        }
        return w.storesA.history.add(entry);
      },
    });
    const s = dailySetup(w.a, { ...w.storesA, history }, w.clock);
    const key = { guildId: '7', channelId: '1' };
    await s.daily.start(key, ann);
    try {
      await finishRun(s.games, s.daily, key, ann, w.clock);
      const warnings = w.a.logger.lines.filter((l) => l.message === 'finished run not recorded yet');
      expect(warnings.map((l) => l.fields.attempt)).toEqual([1, 2, 3]);
      expect(String(warnings[0]?.fields.err)).toMatch(/OOM/);
    } finally {
      await raw.config('SET', 'maxmemory', '0');
    }
    expect(await w.storesA.history.byChannel(key, 10)).toEqual([]);
    expect(await w.a.runs.unrecorded(10)).toHaveLength(1);
    expect(await s.daily.sweep()).toBe(1);
    expect(await w.storesA.history.byChannel(key, 10)).toHaveLength(1);
    expect((await w.storesA.boards.top({ scope: 'global', day: FIRST_DAY }, 10)).map((e) => e.userId)).toEqual([ann.id]);
    expect(await s.daily.sweep()).toBe(0);
  });

  it('GIVEN a finished run WHEN saved THEN its material and outbox entry are in the channel slot, kept LAST_RUN_TTL_MS (7 days)', async () => {
    const w = await world(redisWorld);
    const s = dailySetup(w.a, w.storesA, w.clock);
    const key = { guildId: '8', channelId: '1' };
    const games = new GameService({ games: w.a.games, settings: w.a.settings, clock: w.clock, rounds: w.a.rounds, logger: w.a.logger });
    await games.newGame(key, ann, { seed: 3, maxPlayers: 1 });
    await finishRun(games, s.daily, key, ann, w.clock);
    const keys = channelKeys(w.prefix, key);
    for (const k of [keys.last, keys.lastLog, keys.outbox]) {
      const ttl = await w.raw!.pttl(k);
      expect(ttl).toBeGreaterThan(LAST_RUN_TTL_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(LAST_RUN_TTL_MS);
    }
    expect(LAST_RUN_TTL_MS).toBe(7 * DAY_MS);
  });
});

describe.each(worlds)('the last finished run stays replayable (%s)', (_name, make) => {
  it.each(['play again', 'rogue new'] as const)('GIVEN a finished run and then %s WHEN /rogue replay is asked THEN the previous run is animated, exactly', async (how) => {
    const w = await world(make);
    const games = new GameService({ games: w.a.games, settings: w.a.settings, clock: w.clock, rounds: w.a.rounds, logger: w.a.logger });
    const key = { guildId: '9', channelId: '1' };
    await games.newGame(key, ann, { seed: 12, mapKind: 'cavern', size: 'medium', maxPlayers: 1 });
    for (let i = 0; i < 15; i++) {
      w.clock.advance(1000);
      const r = await games.act(key, ann, { type: 'explore' });
      if (r.ok && r.value.state.status === 'over') break;
    }
    await games.end(key, ann, true);
    const finished = await w.a.games.load(key);
    if (finished.kind !== 'found') throw new Error('no game');
    const expected = encodeReplay(finished.game.state.config, await w.a.games.readLog(key));
    w.clock.advance(1000);
    const next = how === 'play again' ? await games.playAgain(key, ann) : await games.newGame(key, ann, { seed: 99 });
    expect(next.ok && next.value.state.status).toBe('playing');
    const replays = new ReplayService({ gameStore: w.b.games, runs: w.b.runs, encoder: inProcessReplayEncoder, logger: w.b.logger });
    const r = await replays.replay(key);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(Buffer.from(r.value.file.data).equals(Buffer.from(expected.gif))).toBe(true);
    // Its material outlives the new game's first actions, and a channel that never finished a run still has none.
    await games.act(key, ann, { type: 'explore' });
    expect((await replays.replay(key)).ok).toBe(true);
    expect(await replays.replay({ guildId: '9', channelId: '2' })).toEqual({ ok: false, error: { kind: 'no-game' } });
  });
});
