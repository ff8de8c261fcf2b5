/** The first game needs no manual: a player's first press says, once, what each icon button does (issue 24). */
import { beforeEach, describe, expect, it } from 'vitest';
import { pressIntent, runPress, type ButtonOutcome } from '../../commands/controls/press.js';
import { encodeButtonId, decodeButtonId, gameTag, type ButtonId } from '../../commands/controls/custom-id.js';
import { FIRST_NOTE_TURNS, iconNote } from '../../commands/controls/first-note.js';
import { gameControls } from '../../commands/controls/layouts.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { MemoryUserPrefsStore } from '../../src/adapters/memory/memory-user-prefs-store.js';
import { GameService } from '../../src/app/game-service.js';
import { silentLogger } from '../../src/app/ports.js';
import { UserPrefsService } from '../../src/app/user-prefs-service.js';
import type { GameView, Result, UserRef } from '../../src/app/service-types.js';
import type { Locale } from '../../src/i18n/index.js';
import rogue from '../../commands/rogue.js';
import type { CommandContext, Reply } from '../../commands/types.js';
import { SettingsService } from '../../src/app/settings-service.js';

const key = { guildId: '1', channelId: '2' };
const ann: UserRef = { id: 'a', name: 'Ann' };
const bob: UserRef = { id: 'b', name: 'Bob' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

let games: GameService;
let prefs: UserPrefsService;

beforeEach(() => {
  games = new GameService({ games: new MemoryGameStore(), settings: new MemorySettingsStore(silentLogger), clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  prefs = new UserPrefsService(new MemoryUserPrefsStore(silentLogger), silentLogger);
});

function button(view: GameView, verb: 'wait' | 'join'): ButtonId {
  const decoded = decodeButtonId(encodeButtonId({ verb, version: view.state.version, game: gameTag(view.meta.createdAt) }));
  if (!decoded.ok) throw new Error('unreadable button');
  return decoded.value;
}

async function press(user: UserRef, id: ButtonId, withPrefs = true, locale?: Locale): Promise<ButtonOutcome> {
  return runPress({ key, user, memberIsAdmin: false, games, ...(withPrefs ? { prefs } : {}), ...(locale ? { locale } : {}) }, id, pressIntent(id)!);
}

describe('the first game explains its icon buttons, once per player', () => {
  it('GIVEN Ann in her first game WHEN she presses twice THEN the first press says what each button on the message does, the second says nothing, and her prefs remember it', async () => {
    const start = value(await games.newGame(key, ann, { seed: 7 }));
    const first = await press(ann, button(start, 'wait'));
    expect(first.kind).toBe('game');
    const note = (first as { note?: string }).note!;
    expect(note).toContain('👋 Your first game.');
    expect(note).toContain('move (into a monster: attack; into a teammate: swap places)');
    // Every icon on the message it answers is named, with its label.
    const view = (first as { view: GameView }).view;
    for (const b of gameControls(view).flat().filter((x) => !x.spacer && x.emoji && !x.customId.includes(':mv:'))) expect(note).toContain(`${b.emoji} ${b.label}`);
    expect(value(await prefs.get(ann.id)).iconsExplained).toBe(true);
    const second = await press(ann, button(view, 'wait'));
    expect(second).toEqual({ kind: 'game', view: expect.anything() });
  });

  it('GIVEN Ann has seen it WHEN Bob joins by ➕ THEN Bob gets his own note, once', async () => {
    const start = value(await games.newGame(key, ann, { seed: 7 }));
    await press(ann, button(start, 'wait'));
    const joined = await press(bob, button(start, 'join'));
    expect((joined as { note?: string }).note).toContain('👋');
    const again = await press(bob, button((joined as { view: GameView }).view, 'wait'));
    expect((again as { note?: string }).note).toBeUndefined();
  });

  it('GIVEN no prefs where the press runs, or a game past its first turns WHEN Ann presses THEN no note', async () => {
    const start = value(await games.newGame(key, ann, { seed: 7 }));
    expect((await press(ann, button(start, 'wait'), false) as { note?: string }).note).toBeUndefined();
    let view = start;
    for (let i = 0; i <= FIRST_NOTE_TURNS; i++) view = value(await games.act(key, ann, { type: 'wait' }));
    expect(view.state.turn).toBeGreaterThan(FIRST_NOTE_TURNS);
    expect((await press(ann, button(view, 'wait')) as { note?: string }).note).toBeUndefined();
    expect(value(await prefs.get(ann.id)).iconsExplained).toBe(false);
  });

  it('GIVEN a German player WHEN the note is made THEN it is in German, labels included', async () => {
    const start = value(await games.newGame(key, ann, { seed: 7 }));
    const note = iconNote(start, 'de');
    expect(note).toContain('Dein erstes Spiel');
    expect(note).not.toContain('my view');
  });

  it('GIVEN Ann\'s first /rogue new (a solo run starts at once) WHEN it is answered THEN the note comes with the posted game, once, and her first press adds none', async () => {
    const store = new MemoryUserPrefsStore(silentLogger);
    const settingsStore = new MemorySettingsStore(silentLogger);
    const settings = new SettingsService(settingsStore, silentLogger, store);
    games = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
    const run = (options: Record<string, unknown>, channelId = '2'): Promise<Reply> =>
      rogue.run({ command: 'rogue', group: null, subcommand: 'new', options, user: ann, guildId: '1', channelId, memberIsAdmin: false, games, settings } as CommandContext);
    const started = await run({ seed: 7 });
    expect(started).toMatchObject({ kind: 'game', mode: 'post', note: expect.stringContaining('👋 Your first game.') });
    const view = (started as { view: GameView }).view;
    for (const b of gameControls(view).flat().filter((x) => !x.spacer && x.emoji && !x.customId.includes(':mv:'))) expect((started as { note: string }).note).toContain(`${b.emoji} ${b.label}`);
    prefs = new UserPrefsService(store, silentLogger);
    expect((await press(ann, button(view, 'wait')) as { note?: string }).note).toBeUndefined();
    // A second game elsewhere: no note again.
    const other = await run({ seed: 8 }, '3');
    expect(other).toMatchObject({ kind: 'game', mode: 'post' });
    expect((other as { note?: string }).note).toBeUndefined();
  });

  it('GIVEN /rogue new party:3 (a lobby) WHEN it is answered THEN no note yet: it comes with the first press once the run starts', async () => {
    const settingsStore = new MemorySettingsStore(silentLogger);
    const settings = new SettingsService(settingsStore, silentLogger, new MemoryUserPrefsStore(silentLogger));
    games = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
    const lobby = await rogue.run({ command: 'rogue', group: null, subcommand: 'new', options: { party: 3 }, user: ann, guildId: '1', channelId: '2', memberIsAdmin: false, games, settings } as CommandContext);
    expect(lobby).toMatchObject({ kind: 'game', mode: 'post' });
    expect((lobby as { note?: string }).note).toBeUndefined();
    expect(value(await settings.prefs!.get(ann.id)).iconsExplained).toBe(false);
  });
});
