/**
 * A setting can't be dead: the test walks the settings table, changes each setting alone and sees a game change
 * through the code that reads it (the engine, the presenter, the round timer, the ping, the idle end, the daily).
 * A row without a probe fails to compile (PROBES is keyed by every field) and a probe that sees nothing fails by name.
 */
import { describe, expect, it } from 'vitest';
import { gamePayload } from '../../src/adapters/discord/presenter.js';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from '../../src/adapters/memory/memory-daily-stores.js';
import { DAY_MS, FIRST_DAY } from '../../src/app/daily/day.js';
import { pingAt } from '../../src/app/host.js';
import { idleEndsAt } from '../../src/app/idle-end.js';
import type { ChannelKey, GameView } from '../../src/app/service-types.js';
import { DEFAULT_SETTINGS, SETTING_FIELDS, SETTING_ROWS, type GuildSettings, type SettingField, type SettingRow } from '../../src/app/settings.js';
import { drawState } from '../engine/fixtures.js';
import { dailySetup, finishRun } from './daily-helpers.js';
import { FakeClock, memoryKit } from './fixtures.js';
import type { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';

const key: ChannelKey = { guildId: '1', channelId: '2' };
const ann = { id: 'p1', name: 'Ann' };
const bob = { id: 'p2', name: 'Bob' };
const START = FIRST_DAY * DAY_MS + 3_600_000;

/** A changed value for a row: another choice, the other end of the range, the other truth value. */
function otherValue(row: SettingRow): string | number | boolean {
  if (row.kind === 'choice') return row.choices.find((c) => c !== row.default) ?? row.default;
  if (row.kind === 'int') return row.default === row.max ? row.min : row.max;
  return !row.default;
}

/** One world per probe run: memory stores, a fake clock, the game and daily services, the guild's settings. */
async function world(settings: GuildSettings) {
  const clock = new FakeClock(START);
  const kit = await memoryKit(clock);
  await kit.settings.set(key.guildId, settings);
  const stores = { attempts: new MemoryDailyAttemptStore(clock), boards: new MemoryBoardStore(clock), history: new MemoryHistoryStore() };
  return { clock, kit, stores, ...dailySetup(kit, stores, clock) };
}
type World = Awaited<ReturnType<typeof world>>;

async function newView(w: World, options = {}): Promise<GameView> {
  const r = await w.games.newGame(key, ann, { seed: 7, lobby: false, ...options });
  if (!r.ok) throw new Error(`no game: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** A rounds fight: Ann and Bob with a goblin in view; Ann waits, so the round starts and waits for Bob. */
async function fight(w: World): Promise<GameView> {
  const created = await newView(w, { mode: 'rounds' });
  await w.games.join(key, bob);
  const wall = '#'.repeat(20);
  const open = `#${'.'.repeat(18)}#`;
  const state = drawState([wall, open, `#.12.......g.......#`, open, open, open, open, open, open, open, open, wall], { turnMode: 'rounds' });
  for (const m of state.monsters) m.state = 'hunt';
  (w.kit.games as MemoryGameStore).writeRaw(key, JSON.stringify(state), JSON.stringify({ ...created.meta, roundDeadline: null }));
  const r = await w.games.act(key, ann, { type: 'wait' });
  if (!r.ok) throw new Error(`no round: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** The host asks for a difficulty or round length: allowed (the game) or refused (the reason). */
async function hostAsks(w: World, options: { difficulty?: 'easy' | 'hard'; roundSeconds?: number }): Promise<string> {
  const r = await w.games.newGame(key, ann, { seed: 7, ...options });
  return r.ok ? 'allowed' : JSON.stringify(r.error);
}

/** A scored daily run finished by Ann: which boards hold it once `days` have passed. */
async function boardsAfter(w: World, days: number): Promise<unknown> {
  const started = await w.daily.start(key, ann);
  if (!started.ok || started.value.kind !== 'started') return started;
  await finishRun(w.games, w.daily, key, ann, w.clock);
  const day = FIRST_DAY;
  w.clock.advance(days * DAY_MS);
  return {
    server: (await w.stores.boards.top({ scope: 'server', guildId: key.guildId, day }, 10)).length,
    global: (await w.stores.boards.top({ scope: 'global', day }, 10)).length,
  };
}

type Probe = (w: World) => Promise<unknown>;
const deadlineIn = (v: GameView, now: number): number | null => (v.meta.roundDeadline === null ? null : v.meta.roundDeadline - now);

/** For each setting, what a game shows of it, observed through the code that reads it. */
const PROBES: Record<SettingField, Probe> = {
  render: async (w) => gamePayload(await newView(w), w.clock.now()),
  mobile: async (w) => gamePayload(await newView(w), w.clock.now()),
  turnMode: async (w) => (await newView(w)).state.config.turnMode,
  // The shared message's language, stored on the game when a German player starts it (the presenter draws in it).
  language: async (w) => (await newView(w, { locale: 'de' })).meta.locale,
  roundSeconds: async (w) => deadlineIn(await fight(w), w.clock.now()),
  pingSeconds: async (w) => {
    await fight(w);
    // Ann acts in the round; it now waits for Bob alone.
    const r = await w.games.act(key, ann, { type: 'move', dir: 'w' });
    if (!r.ok) throw new Error(`no move: ${JSON.stringify(r.error)}`);
    const at = pingAt(r.value.state, r.value.meta);
    return at === null ? null : at - w.clock.now();
  },
  maxPlayers: async (w) => (await newView(w)).state.config.maxPlayers,
  mapSize: async (w) => (await newView(w)).state.tiles.length,
  mapKind: async (w) => {
    const kinds = [];
    for (let seed = 1; seed <= 6; seed++) {
      const r = await w.games.newGame({ ...key, channelId: `${seed}` }, ann, { seed, lobby: false });
      kinds.push(r.ok ? r.value.state.config.mapKind : r.error.kind);
    }
    return kinds;
  },
  difficulty: async (w) => (await newView(w)).state.monsters.map((m) => m.maxHp),
  hostMinDifficulty: (w) => hostAsks(w, { difficulty: 'easy' }),
  hostMaxDifficulty: (w) => hostAsks(w, { difficulty: 'hard' }),
  hostMinRoundSeconds: (w) => hostAsks(w, { roundSeconds: 10 }),
  hostMaxRoundSeconds: (w) => hostAsks(w, { roundSeconds: 600 }),
  diagonals: async (w) => (await newView(w)).state.config.topology,
  idleEndHours: async (w) => idleEndsAt((await newView(w)).meta) - w.clock.now(),
  dailyEnabled: async (w) => {
    const r = await w.daily.start(key, ann);
    return r.ok ? r.value.kind : r.error.kind;
  },
  globalBoard: (w) => boardsAfter(w, 0),
  dailyRetentionDays: (w) => boardsAfter(w, 40),
};

describe('every admin setting changes a game', () => {
  it.each(SETTING_FIELDS.map((f) => [f]))('GIVEN the setting %s changed alone WHEN a game is played THEN the game differs', async (field) => {
    const probe = PROBES[field] as Probe | undefined;
    if (!probe) return expect.fail(`setting ${field} has no probe in PROBES: a setting no game reads is dead`);
    const row: SettingRow = SETTING_ROWS[field];
    const changed = { ...DEFAULT_SETTINGS, [field]: otherValue(row) } as GuildSettings;
    const before = await probe(await world(DEFAULT_SETTINGS));
    const after = await probe(await world(changed));
    expect(after, `changing ${field} from ${String(row.default)} to ${String(otherValue(row))} changed nothing a game shows`).not.toEqual(before);
  });
});
