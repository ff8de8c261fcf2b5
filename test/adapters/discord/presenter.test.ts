import { describe, expect, it } from 'vitest';
import { ButtonStyle } from 'discord-api-types/v10';
import type { GameView } from '../../../src/app/service-types.js';
import { decodeButtonId, gameTag } from '../../../commands/controls/custom-id.js';
import { controllerPayload, gamePayload, retiredPayload, roundSecondsLeft, textPayload } from '../../../src/adapters/discord/presenter.js';
import { CONTEXT_MAX, gameControls, MAX_SHARED_ROWS, playerControls } from '../../../commands/controls/layouts.js';
import { defaultConfig, newGame, step, Tile, type GameConfig, type GameState } from '../../../src/engine/index.js';
import { checkLimits, renderLogView } from '../../../src/render/index.js';

function joined(config: Partial<GameConfig>, users: string[]): GameState {
  let s = newGame(defaultConfig({ seed: 5, width: 40, height: 20, ...config }));
  for (const u of users) {
    const r = step(s, { type: 'join', user: u, name: u.toUpperCase() });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return s;
}

function viewOf(state: GameState, render: 'emoji' | 'ascii' = 'emoji', extra: Partial<GameView['meta']> = {}): GameView {
  return {
    key: { guildId: '1', channelId: '2' },
    state,
    events: state.recent,
    meta: { creatorId: 'a', createdAt: 1_700_000_000_000, updatedAt: 0, roundDeadline: null, message: null, render, mobile: false, roundSeconds: 60, lastActed: {}, idleRounds: 0, ...extra },
  };
}

/** Opens the 3x3 around a player, then walls one side, so the test decides what is blocked. */
function around(state: GameState, id: string, walls: [number, number][]): GameState {
  const p = state.players.find((q) => q.id === id)!;
  const tiles = new Uint8Array(state.tiles);
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) tiles[(p.y + dy) * state.width + p.x + dx] = Tile.Floor;
  for (const [dx, dy] of walls) tiles[(p.y + dy) * state.width + p.x + dx] = Tile.Wall;
  return { ...state, tiles, monsters: state.monsters.filter((m) => Math.abs(m.x - p.x) > 1 || Math.abs(m.y - p.y) > 1) } as GameState;
}

const labels = (v: GameView) => gameControls(v).map((row) => row.map((b) => (b.spacer ? '.' : b.label)));

describe('game message presenter', () => {
  it('GIVEN an 8-way game WHEN presented THEN the d-pad is a 3x3 cross of icons with wait in the middle, one context row below (explore, my view, end, join), and a drink button only when hurt', () => {
    const v = viewOf(joined({ topology: 8 }, ['a']));
    expect(labels(v)).toEqual([
      ['northwest', 'north', 'northeast'],
      ['west', 'wait', 'east'],
      ['southwest', 'south', 'southeast'],
      ['explore', 'my view', 'end', 'join'],
    ]);
    // On Discord every shared button is an icon (a compact 3 x 3 and one context row of at most 4 fit one line of a
    // phone); the terminal still reads and matches the labels.
    const api = gamePayload(v, 0).components.map((r) => r.components.map((b) => b.label ?? null));
    expect(api.flat().every((l) => l === null)).toBe(true);
    v.state.players[0]!.hp -= 5;
    expect(labels(v)).toHaveLength(MAX_SHARED_ROWS);
    // Hurt: the potion and rest come before 🎮; 🏳️ and ➕ give up their seats (/rogue end and /rogue join still work).
    expect(labels(v)[3]).toEqual(['explore', 'drink potion', 'rest', 'my view']);
    expect(labels(v)[3]!.length).toBeLessThanOrEqual(CONTEXT_MAX);
    expect(gameControls(v).flat().map((b) => b.emoji).slice(0, 9)).toEqual(['↖️', '⬆️', '↗️', '⬅️', '⏳', '➡️', '↙️', '⬇️', '↘️']);
    expect(gameControls(v).flat().map((b) => b.emoji)).toContain('🧪');
  });

  it('GIVEN a monster after the party next to a player WHEN presented THEN ⚔️ fight is offered in the context row and on the controller, and not once no monster is after the party', () => {
    const base = around(joined({ topology: 4 }, ['a']), 'a', []);
    const p = base.players[0]!;
    const calm = viewOf({ ...base, monsters: base.monsters.filter((m) => Math.max(Math.abs(m.x - p.x), Math.abs(m.y - p.y)) > 12) } as GameState);
    expect(labels(calm).at(-1)).not.toContain('fight');
    const foe = { ...base.monsters[0]!, x: p.x + 1, y: p.y, state: 'hunt' as const };
    const v = viewOf({ ...calm.state, monsters: [foe] } as GameState);
    // In a fight: ⚔️ first, before 🎮 (and 🏳️, which gives up its seat).
    expect(labels(v).at(-1)![0]).toBe('fight');
    expect(labels(v).at(-1)).toContain('my view');
    expect(labels(v).at(-1)!.length).toBeLessThanOrEqual(CONTEXT_MAX);
    expect(gameControls(v).flat().find((b) => b.label === 'fight')?.emoji).toBe('⚔️');
    expect(playerControls(v, 'a').flat().map((b) => b.label)).toContain('fight');
  });

  it('GIVEN one of three living players voted to end WHEN presented THEN the end button shows the tally', () => {
    const v = viewOf(joined({ topology: 4 }, ['a', 'b', 'c']));
    v.meta.endVotes = [v.state.players[0]!.id];
    expect(labels(v).at(-1)).toEqual(expect.arrayContaining(['my view', 'end (1/2)']));
  });

  it('GIVEN a 4-way game WHEN presented THEN the arrows are one row like arrow keys, with no diagonal buttons and no blank spacers', () => {
    const v = viewOf(joined({ topology: 4 }, ['a']));
    expect(labels(v)[0]).toEqual(['west', 'north', 'south', 'east']);
    expect(labels(v)).toHaveLength(2);
    expect(gameControls(v).flat().some((b) => b.spacer)).toBe(false);
    expect(playerControls(v, 'a').flat().some((b) => b.spacer)).toBe(false);
  });

  it('GIVEN a wall north of the only player WHEN presented THEN north is disabled and the rest enabled', () => {
    const v = viewOf(around(joined({ topology: 8 }, ['a']), 'a', [[0, -1], [1, -1]]));
    const byLabel = new Map(gameControls(v).flat().map((b) => [b.label, b.disabled]));
    expect(byLabel.get('north')).toBe(true);
    expect(byLabel.get('northeast')).toBe(true);
    expect(byLabel.get('south')).toBe(false);
    expect(byLabel.get('wait')).toBe(false);
  });

  it('GIVEN a direction blocked for one player but open for another WHEN presented THEN it stays enabled (shared buttons)', () => {
    let s = joined({ topology: 4 }, ['a', 'b']);
    s = around(s, 'a', [[0, -1]]);
    const b = s.players.find((p) => p.id === 'b')!;
    const a = s.players.find((p) => p.id === 'a')!;
    // Move b away from a so a's wall doesn't also block b.
    const tiles = new Uint8Array(s.tiles);
    const bx = a.x + 5;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) tiles[(a.y + dy) * s.width + bx + dx] = Tile.Floor;
    s = { ...s, tiles, players: s.players.map((p) => (p.id === b.id ? { ...p, x: bx, y: a.y } : p)), monsters: [] } as GameState;
    expect(gameControls(viewOf(s)).flat().find((x) => x.label === 'north')?.disabled).toBe(false);
  });

  it('GIVEN a monster next to the only player WHEN presented THEN that direction is a red attack button, on the shared d-pad and the controller', () => {
    let s = around(joined({ topology: 4 }, ['a']), 'a', []);
    const p = s.players[0]!;
    const m = s.monsters[0] ?? { id: 99, kind: 'goblin', x: 0, y: 0, hp: 5, maxHp: 5, bloodied: 2, attack: 1, defence: 0, tactics: 'minion', weapon: 0, state: 'wander', lastSeenX: -1, lastSeenY: -1 };
    s = { ...s, monsters: [{ ...m, x: p.x + 1, y: p.y }] } as GameState;
    const east = gameControls(viewOf(s)).flat().find((b) => b.label === 'east')!;
    expect(east.tone).toBe('danger');
    expect(east.disabled).toBe(false);
    const api = gamePayload(viewOf(s), 0).components.flatMap((r) => r.components).find((b) => b.custom_id === east.customId)!;
    expect(api.style).toBe(ButtonStyle.Danger);
    expect(playerControls(viewOf(s), p.id).flat().find((b) => b.label === 'east')!.tone).toBe('danger');
  });

  it('GIVEN a monster east of one player and open floor east of another WHEN presented THEN the shared east arrow is grey, the first player\'s controller red', () => {
    const start = joined({ topology: 4 }, ['a', 'b']);
    const a = start.players[0]!;
    // b two rows below a; around() clears the cells next to each, so east of both is floor.
    const b = { ...start.players[1]!, x: a.x, y: a.y + 2 };
    let s = around(around({ ...start, players: [a, b] } as GameState, 'a', []), 'b', []);
    const m = s.monsters[0] ?? { id: 99, kind: 'goblin', x: 0, y: 0, hp: 5, maxHp: 5, bloodied: 2, attack: 1, defence: 0, tactics: 'minion', weapon: 0, state: 'wander', lastSeenX: -1, lastSeenY: -1 };
    s = { ...s, monsters: [{ ...m, x: a.x + 1, y: a.y }] } as GameState;
    const eastOf = (rows: ReturnType<typeof gameControls>) => rows.flat().find((x) => x.label === 'east')!;
    expect(eastOf(playerControls(viewOf(s), a.id)).tone).toBe('danger');
    expect(eastOf(playerControls(viewOf(s), b.id)).tone).toBe('secondary');
    expect(eastOf(gameControls(viewOf(s))).tone).toBe('secondary');
  });

  it('GIVEN a new game started with Play again WHEN presented THEN the previous players not yet back are mentioned, and there is a join button', () => {
    const v = viewOf(joined({ topology: 4 }, ['a']));
    v.meta.invited = [{ id: '900', name: 'Bo' }, { id: v.state.players[0]!.id, name: 'a' }];
    expect(gamePayload(v, 0).content.startsWith('Play again! <@900>: press ➕ join.')).toBe(true);
    expect(labels(v).at(-1)).toEqual(expect.arrayContaining(['my view', 'end', 'join']));
  });

  it('GIVEN a wall north of one player and open floor north of another WHEN each opens their controller THEN north is off for the first only, while the shared d-pad keeps it on', () => {
    const v = viewOf(around(joined({ topology: 4 }, ['a', 'b']), 'a', [[0, -1]]));
    const [a, b] = v.state.players;
    const north = (rows: ReturnType<typeof playerControls>) => rows.flat().find((x) => x.label === 'north')!;
    const bNorth = v.state.tiles[(b!.y - 1) * v.state.width + b!.x] !== Tile.Wall && !(a!.x === b!.x && a!.y === b!.y - 1);
    expect(north(playerControls(v, a!.id)).disabled).toBe(true);
    expect(north(playerControls(v, b!.id)).disabled).toBe(!bNorth);
    if (bNorth) expect(north(gameControls(v)).disabled).toBe(false);
    const payload = controllerPayload(v, a!.id, { style: 'emoji', mobile: true });
    expect(payload.embeds[0]!.title).toContain('your view');
    expect(payload.files).toEqual([]);
    expect(controllerPayload(v, a!.id, { style: 'image', mobile: false }).files[0]!.name).toBe('map.png');
  });

  it('GIVEN a game that is over WHEN presented THEN its buttons are Play again and Replay', () => {
    const s = { ...joined({}, ['a']), status: 'over' } as GameState;
    const rows = gameControls(viewOf(s));
    expect(rows.map((r) => r.map((b) => b.label))).toEqual([['Play again', 'Replay']]);
    expect(decodeButtonId(rows[0]![0]!.customId)).toMatchObject({ ok: true, value: { verb: 'again' } });
  });

  it('GIVEN any game WHEN presented THEN custom ids are unique, carry the version and game, and rows fit a phone (<=4 rows of <=5, my view always there)', () => {
    for (const [topology, hurt, party] of [4, 8].flatMap((t) => [false, true].flatMap((h) => [['a'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']].map((p) => [t as 4 | 8, h, p] as const)))) {
      const v = viewOf(joined({ topology, maxPlayers: 4 }, [...party]));
      if (hurt) for (const p of v.state.players) p.hp -= 5;
      const rows = gamePayload(v, 0).components;
      expect(rows.length).toBeLessThanOrEqual(MAX_SHARED_ROWS);
      expect(labels(v).at(-1)).toContain('my view');
      expect(labels(v).at(-1)!.length).toBeLessThanOrEqual(CONTEXT_MAX);
      for (const row of rows) expect(row.components.length).toBeLessThanOrEqual(5);
      const ids = rows.flatMap((r) => r.components.map((c) => c.custom_id ?? ''));
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) {
        const d = decodeButtonId(id);
        expect(d.ok && d.value.version).toBe(v.state.version);
        expect(d.ok && d.value.game).toBe(gameTag(v.meta.createdAt));
      }
    }
  });

  it.each(['emoji', 'ascii'] as const)('GIVEN a large %s game WHEN presented THEN text stays within Discord limits', (render) => {
    const v = viewOf(joined({ width: 120, height: 60, topology: 8 }, ['a', 'b', 'c', 'd']), render, { mobile: render === 'emoji' });
    const p = gamePayload(v, 0);
    const e = p.embeds[0]!;
    expect(checkLimits({ content: p.content, embed: { title: e.title ?? '', description: e.description ?? '', fields: e.fields ?? [], footer: e.footer?.text ?? '', color: e.color ?? 0 } })).toEqual([]);
    if (render === 'ascii') expect(p.content.startsWith('```')).toBe(true);
    else expect(p.content).toBe('');
  });

  it('GIVEN a rounds game with a deadline WHEN presented THEN the seconds left are rounded up and never negative', () => {
    const v = viewOf(joined({ turnMode: 'rounds' }, ['a']), 'ascii', { roundDeadline: 10_500 });
    expect(roundSecondsLeft(v, 0)).toBe(11);
    expect(roundSecondsLeft(v, 20_000)).toBe(0);
    expect(roundSecondsLeft(viewOf(joined({}, ['a'])), 0)).toBeUndefined();
  });

  it('GIVEN a rounds game whose timer the service paused WHEN presented THEN the party header says so', () => {
    // In a fight (calm 0): rounds mode walks freely, with no timer to pause, when no monster is after the party.
    const paused = gamePayload(viewOf({ ...joined({ turnMode: 'rounds' }, ['a']), calm: 0 }, 'ascii', { roundDeadline: null }), 0);
    expect(JSON.stringify(paused.embeds)).toContain('timer paused until someone acts');
    const running = gamePayload(viewOf({ ...joined({ turnMode: 'rounds' }, ['a']), calm: 0 }, 'ascii', { roundDeadline: 30_000 }), 0);
    // The countdown is a Discord timestamp, which every client counts down by itself (deadline 30,000 ms = unix 30).
    expect(JSON.stringify(running.embeds)).toContain('<t:30:R>');
  });

  it('GIVEN an old message WHEN retired THEN its buttons are removed', () => {
    expect(retiredPayload()).toEqual({ components: [], allowedMentions: { parse: [] } });
  });

  it('GIVEN a plain view with no events of its own (/rogue map, a refresh) WHEN presented THEN the log still shows the last step', () => {
    const state = joined({}, ['a']);
    const withEvents = gamePayload(viewOf(state), 0);
    const plain = gamePayload({ ...viewOf(state), events: [] }, 0);
    expect(JSON.stringify(withEvents.embeds)).toContain('joins the party');
    expect(plain).toEqual(withEvents);
  });
});

describe('/rogue log as a private reply', () => {
  it('GIVEN a player named with a mention WHEN their log is sent THEN the embed pings nobody and fits Discord', () => {
    const state = joined({}, ['a']);
    state.players[0]!.name = '<@123456789012345678> @everyone';
    const log = ['<@123456789012345678> @everyone waits.', 'The goblin A hits <@123456789012345678> @everyone for 2.'];
    const embed = renderLogView(state, log, 'a');
    expect(checkLimits({ content: '', embed })).toEqual([]);
    const sent = JSON.stringify(textPayload('', embed));
    expect(sent).not.toMatch(/<@\d|@everyone/);
    expect(sent).toContain('Since your last action');
  });
});
