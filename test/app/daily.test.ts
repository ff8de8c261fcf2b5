import { describe, expect, it } from 'vitest';
import { DAY_MS, FIRST_DAY, dailyMapKind, dailyRules, dailySeed, utcDay } from '../../src/app/daily/day.js';
import { verifyDailyRun } from '../../src/app/daily/verify.js';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from '../../src/adapters/memory/memory-daily-stores.js';
import { MAP_KINDS } from '../../src/mapgen/generate.js';
import { scoreRun } from '../../src/engine/score.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { FakeClock, freshKey, memoryKit } from './fixtures.js';
import { dailySetup, finishRun, tamperedLogStore, type DailyStores } from './daily-helpers.js';

const NOON = (day: number) => day * DAY_MS + 12 * 3_600_000;
const ann = { id: '11', name: 'Ann' };
const bob = { id: '22', name: 'Bob' };

function memoryStores(clock: FakeClock): DailyStores {
  return { attempts: new MemoryDailyAttemptStore(clock), boards: new MemoryBoardStore(clock), history: new MemoryHistoryStore() };
}

describe('the daily dungeon (memory stores, fake clock)', () => {
  it('GIVEN two processes on the same UTC date WHEN each starts the daily THEN both get the same seed, map and size; the next day differs', async () => {
    const kit = await memoryKit();
    const early = new FakeClock(FIRST_DAY * DAY_MS + 1000);
    const late = new FakeClock(FIRST_DAY * DAY_MS + DAY_MS - 1000);
    const a = dailySetup(kit, memoryStores(early), early);
    const b = dailySetup(kit, memoryStores(late), late);
    const ra = await a.daily.start({ guildId: '1', channelId: '10' }, ann);
    const rb = await b.daily.start({ guildId: '2', channelId: '20' }, bob);
    if (!ra.ok || ra.value.kind !== 'started' || !rb.ok || rb.value.kind !== 'started') throw new Error('daily not started');
    const ca = ra.value.view.state.config;
    const cb = rb.value.view.state.config;
    expect(ca).toEqual(cb);
    expect(ca).toMatchObject({ seed: dailySeed(FIRST_DAY), mapKind: dailyMapKind(FIRST_DAY), width: 60, height: 30, difficulty: 'normal', turnMode: 'free', topology: 4, maxPlayers: 1 });
    expect(Buffer.from(ra.value.view.state.tiles)).toEqual(Buffer.from(rb.value.view.state.tiles));
    expect(dailySeed(FIRST_DAY + 1)).not.toBe(dailySeed(FIRST_DAY));
  });

  it('GIVEN consecutive days WHEN their map kinds are listed THEN every generator of MAP_KINDS comes round in turn', () => {
    const kinds = MAP_KINDS.map((_, i) => dailyMapKind(FIRST_DAY + i));
    expect(new Set(kinds)).toEqual(new Set(MAP_KINDS));
    expect(dailyMapKind(FIRST_DAY + MAP_KINDS.length)).toBe(dailyMapKind(FIRST_DAY));
  });

  it('GIVEN a time WHEN its UTC day is taken THEN midnight UTC starts a new day', () => {
    expect(utcDay(Date.UTC(2026, 10, 24, 23, 59, 59, 999))).toBe(FIRST_DAY);
    expect(utcDay(Date.UTC(2026, 10, 25))).toBe(FIRST_DAY + 1);
    expect(dailyRules(FIRST_DAY).seed).toBe(dailySeed(FIRST_DAY));
  });

  it('GIVEN a scored attempt started WHEN the player presses /rogue daily again (another server too) THEN they are offered practice; practice starts unscored', async () => {
    const clock = new FakeClock(NOON(FIRST_DAY));
    const { daily } = dailySetup(await memoryKit(), memoryStores(clock), clock);
    const first = await daily.start({ guildId: '1', channelId: '10' }, ann);
    expect(first.ok && first.value.kind === 'started' && first.value.scored).toBe(true);
    expect(first.ok && first.value.kind === 'started' && first.value.view.meta.daily).toMatchObject({ day: FIRST_DAY, scored: true, token: expect.any(String) });
    expect(await daily.start({ guildId: '2', channelId: '20' }, ann)).toEqual({ ok: true, value: { kind: 'attempt-used', day: FIRST_DAY } });
    const practice = await daily.start({ guildId: '2', channelId: '20' }, ann, { practice: true });
    expect(practice.ok && practice.value.kind === 'started' && practice.value.view.meta.daily).toEqual({ day: FIRST_DAY, scored: false });
    clock.advance(DAY_MS);
    const tomorrow = await daily.start({ guildId: '1', channelId: '30' }, ann);
    expect(tomorrow.ok && tomorrow.value.kind === 'started' && tomorrow.value.scored).toBe(true);
  });

  it('GIVEN a channel with a running game WHEN the daily cannot be created there THEN the attempt is not used up', async () => {
    const clock = new FakeClock(NOON(FIRST_DAY));
    const { games, daily } = dailySetup(await memoryKit(), memoryStores(clock), clock);
    const busy = { guildId: '1', channelId: '10' };
    expect((await games.newGame(busy, bob, {})).ok).toBe(true);
    expect(await daily.start(busy, ann)).toEqual({ ok: false, error: { kind: 'game-exists' } });
    const elsewhere = await daily.start({ guildId: '1', channelId: '11' }, ann);
    expect(elsewhere.ok && elsewhere.value.kind === 'started' && elsewhere.value.scored).toBe(true);
  });

  it('GIVEN the daily turned off on a server WHEN a player asks for it THEN they are told so and no attempt is used', async () => {
    const clock = new FakeClock(NOON(FIRST_DAY));
    const kit = await memoryKit();
    await kit.settings.set('1', { ...DEFAULT_SETTINGS, dailyEnabled: false });
    const { daily } = dailySetup(kit, memoryStores(clock), clock);
    expect(await daily.start({ guildId: '1', channelId: '10' }, ann)).toEqual({ ok: true, value: { kind: 'disabled' } });
    const other = await daily.start({ guildId: '2', channelId: '10' }, ann);
    expect(other.ok && other.value.kind === 'started' && other.value.scored).toBe(true);
  });

  it('GIVEN concurrent presses of one player in ten channels WHEN they race THEN exactly one gets the scored attempt', async () => {
    const clock = new FakeClock(NOON(FIRST_DAY));
    const { daily } = dailySetup(await memoryKit(), memoryStores(clock), clock);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => daily.start({ guildId: String(i), channelId: '5' }, ann)));
    expect(results.filter((r) => r.ok && r.value.kind === 'started' && r.value.scored)).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.value.kind === 'attempt-used')).toHaveLength(9);
  });

  it('GIVEN a finished scored daily WHEN it is recorded THEN the boards hold the replayed score; practice and /rogue new seed runs never do', async () => {
    const clock = new FakeClock(NOON(FIRST_DAY));
    const stores = memoryStores(clock);
    const { games, daily } = dailySetup(await memoryKit(), stores, clock);
    const scored = { guildId: '1', channelId: '10' };
    await daily.start(scored, ann);
    await finishRun(games, daily, scored, ann, clock);
    const finished = await games.view(scored);
    if (!finished.ok || !finished.value.state.summary) throw new Error('not finished');
    const expected = scoreRun(finished.value.state.summary);
    const board = await daily.board('1', ann, { scope: 'server' });
    expect(board.ok && board.value.top.map((e) => [e.userId, e.name, e.score, e.outcome])).toEqual([[ann.id, 'Ann', expected, 'abandoned']]);
    for (const scope of ['global', 'all-time'] as const) expect((await stores.boards.rankOf(scope === 'global' ? { scope, day: FIRST_DAY } : { scope, guildId: '1' }, ann.id))?.score).toBe(expected);

    const practice = { guildId: '1', channelId: '11' };
    await daily.start(practice, bob, { practice: true });
    await finishRun(games, daily, practice, bob, clock);
    const custom = { guildId: '1', channelId: '12' };
    await games.newGame(custom, bob, { seed: dailySeed(FIRST_DAY), mapKind: dailyMapKind(FIRST_DAY), size: 'medium', difficulty: 'normal', maxPlayers: 1 });
    await finishRun(games, daily, custom, bob, clock);
    for (const board of [{ scope: 'server', guildId: '1', day: FIRST_DAY }, { scope: 'global', day: FIRST_DAY }, { scope: 'all-time', guildId: '1' }] as const) {
      expect(await stores.boards.rankOf(board, bob.id)).toBeNull();
    }
    // Every finished run is in the history, daily or not.
    const history = await daily.history({ userId: bob.id });
    expect(history.ok && history.value.map((h) => h.daily ?? null)).toEqual([null, { day: FIRST_DAY, scored: false }]);
  });

  it('GIVEN a server that stays off the global board WHEN its daily run is recorded THEN only its own boards have it', async () => {
    const clock = new FakeClock(NOON(FIRST_DAY));
    const kit = await memoryKit();
    await kit.settings.set('1', { ...DEFAULT_SETTINGS, globalBoard: false });
    const stores = memoryStores(clock);
    const { games, daily } = dailySetup(kit, stores, clock);
    const key = { guildId: '1', channelId: '10' };
    await daily.start(key, ann);
    await finishRun(games, daily, key, ann, clock);
    expect(await stores.boards.rankOf({ scope: 'server', guildId: '1', day: FIRST_DAY }, ann.id)).not.toBeNull();
    expect(await stores.boards.rankOf({ scope: 'global', day: FIRST_DAY }, ann.id)).toBeNull();
  });

  it.each([
    ['an action dropped', (log: unknown[]) => log.slice(0, -2).concat(log.slice(-1))],
    ['an action changed', (log: unknown[]) => log.map((a, i) => (i === 1 ? { ...(a as object), type: 'wait' } : a))],
    ['an action added', (log: unknown[]) => [...log.slice(0, 1), { type: 'wait', user: ann.id }, ...log.slice(1)]],
  ])('GIVEN a stored log with %s WHEN the finished daily is recorded THEN it is refused and logged, and no board has it', async (_what, tamper) => {
    const clock = new FakeClock(NOON(FIRST_DAY));
    const kit = await memoryKit();
    const stores = memoryStores(clock);
    const { games, daily } = dailySetup(kit, stores, clock, tamperedLogStore(kit.runs, (log) => tamper(log) as typeof log));
    const key = freshKey();
    await daily.start(key, ann);
    await finishRun(games, daily, key, ann, clock, 4);
    expect(await stores.boards.rankOf({ scope: 'server', guildId: key.guildId, day: FIRST_DAY }, ann.id)).toBeNull();
    expect(await stores.boards.rankOf({ scope: 'all-time', guildId: key.guildId }, ann.id)).toBeNull();
    const refused = kit.logger.lines.find((l) => l.message.startsWith('daily run refused'));
    expect(refused?.level).toBe('warn');
    expect(refused?.fields).toMatchObject({ userId: ann.id, day: FIRST_DAY });
    expect(JSON.stringify(refused?.fields)).not.toContain('tiles');
  });

  it('GIVEN a saved state edited after the run WHEN verified against its true log THEN it is refused', async () => {
    const clock = new FakeClock(NOON(FIRST_DAY));
    const kit = await memoryKit();
    const { games, daily } = dailySetup(kit, memoryStores(clock), clock);
    const key = freshKey();
    await daily.start(key, ann);
    await finishRun(games, daily, key, ann, clock);
    const saved = await games.view(key);
    if (!saved.ok) throw new Error('no game');
    const log = await kit.games.readLog(key);
    expect(verifyDailyRun(FIRST_DAY, saved.value.state, log).ok).toBe(true);
    const inflated = { ...saved.value.state, depth: saved.value.state.depth + 3 };
    expect(verifyDailyRun(FIRST_DAY, inflated, log)).toEqual({ ok: false, reason: 'replayed state differs from the saved state' });
    expect(verifyDailyRun(FIRST_DAY + 1, saved.value.state, log).ok).toBe(false);
  });
});
