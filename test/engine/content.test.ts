/** Drawn-map tests of the new monster kinds' behaviours, the boss, every item, level damage and the run recap. */
import { describe, expect, it } from 'vitest';
import { GUARD_RADIUS, MEND_EVERY } from '../../src/engine/ai.js';
import { BOMB_STUN, TELEPORT_MIN_DIST } from '../../src/engine/effects.js';
import { step } from '../../src/engine/game.js';
import { ITEMS, wielded } from '../../src/engine/items.js';
import { recapLine } from '../../src/engine/score.js';
import type { Action, GameEvent, GameState, StepResult } from '../../src/engine/types.js';
import { buildViewModel } from '../../src/render/view-model.js';
import { drawState } from './fixtures.js';

function ok(r: StepResult): GameState {
  if (!r.ok) throw new Error(`rejected: ${r.code}`);
  return r.state;
}

/** Runs actions, collecting every event. */
function play(s: GameState, actions: readonly Action[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = step(s, a);
    s = ok(r);
    events.push(...(r.ok ? r.events : []));
  }
  return { state: s, events };
}

const waits = (n: number): Action[] => Array.from({ length: n }, () => ({ type: 'wait', user: 'p1' }));
/** Monsters start aware of the party (hunting where p1 stands), so a test needs no noticing roll. */
function hunting(s: GameState): GameState {
  const p = s.players[0]!;
  for (const m of s.monsters) {
    m.state = 'hunt';
    m.lastSeen = p.y * s.width + p.x;
  }
  return s;
}
const strikes = (events: GameEvent[], kind: string) =>
  events.filter((e): e is Extract<GameEvent, { type: 'attacked' | 'missed' }> => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster' && e.attacker.monster === kind);

describe('the goblin archer', () => {
  it('GIVEN a clear line 5 tiles long WHEN it acts THEN it shoots from where it stands', () => {
    const s = hunting(drawState(['#########', '#1....a.#', '#########']));
    s.players[0]!.hp = 999;
    const { state, events } = play(s, waits(1));
    expect(strikes(events, 'archer').map((e) => e.range)).toEqual([5]);
    expect(state.monsters[0]!.x).toBe(6);
  });

  it('GIVEN the party behind a bend WHEN it acts THEN it holds fire and comes round the corner', () => {
    const s = hunting(drawState(['#######', '#1....#', '#####.#', '#a....#', '#######']));
    const { state, events } = play(s, waits(1));
    expect(strikes(events, 'archer')).toEqual([]);
    expect(state.monsters[0]!.x).toBe(2);
  });

  it('GIVEN a packmate standing in the line of fire WHEN it acts THEN it does not shoot through it', () => {
    const s = hunting(drawState(['##########', '#1..T..a.#', '##########']));
    s.players[0]!.hp = 999;
    const { events } = play(s, waits(1));
    expect(strikes(events, 'archer')).toEqual([]);
  });

  it('GIVEN a player next to it WHEN it acts THEN it steps back, and shoots from there next', () => {
    const s = hunting(drawState(['##########', '#..1a....#', '##########']));
    const { state } = play(s, waits(1));
    expect(state.monsters[0]!.x).toBe(5);
    expect(state.monsters[0]!.state).toBe('retreat');
  });

  it('GIVEN a player 2 tiles away WHEN it acts THEN it stands and shoots (it steps back only from a blade next to it)', () => {
    const s = hunting(drawState(['##########', '#..1.a...#', '##########']));
    const { state, events } = play(s, waits(1));
    expect(state.monsters[0]!.x).toBe(5);
    expect(events.some((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster' && e.range === 2)).toBe(true);
  });
});

describe('the bat', () => {
  it('GIVEN a hunting bat in an open room WHEN it acts for a while THEN it flutters erratically yet still reaches and bites', () => {
    const rows = ['###########', ...Array.from({ length: 7 }, () => '#.........#'), '###########'];
    rows[1] = '#1........#';
    rows[7] = '#........b#';
    const s = hunting(drawState(rows, { seed: 3 }));
    s.players[0]!.hp = 999;
    const { events } = play(s, waits(100));
    expect(events.filter((e) => e.type === 'fluttered').length).toBeGreaterThan(0);
    expect(strikes(events, 'bat').length).toBeGreaterThan(0);
  });
});

describe('the stone golem', () => {
  it('GIVEN a golem 6 tiles away WHEN 4 turns pass THEN it has moved only every other turn', () => {
    const s = hunting(drawState(['##########', '#1......G#', '##########']));
    const { state, events } = play(s, waits(4));
    expect(8 - state.monsters[0]!.x).toBe(2);
    expect(events.filter((e) => e.type === 'lumbered')).toHaveLength(2);
  });
  // The dance: strike it, step back while it lumbers, let it step in, strike again.
  const dance = (rules: number): GameEvent[] => {
    const s = hunting(drawState(['##########', '#....1G..#', '##########'], { rules }));
    s.players[0]!.hp = 999;
    const acts: Action[] = [];
    for (let k = 0; k < 5; k++) acts.push({ type: 'move', user: 'p1', dir: 'e' }, { type: 'move', user: 'p1', dir: 'w' }, { type: 'wait', user: 'p1' });
    const out: GameEvent[] = [];
    let state = s;
    for (const a of acts) {
      const r = step(state, a);
      if (!r.ok) continue;
      state = r.state;
      out.push(...r.events);
    }
    return out;
  };

  it('GIVEN rules version 2 WHEN a hero hits a golem and steps back, again and again THEN the golem strikes back all the same', () => {
    expect(strikes(dance(2), 'golem').length).toBeGreaterThanOrEqual(3);
  });

  it('GIVEN rules version 1 (old games) WHEN the same dance THEN it keeps its old, slower pace', () => {
    expect(strikes(dance(1), 'golem').length).toBeLessThan(strikes(dance(2), 'golem').length);
  });
});

describe('the goblin shaman', () => {
  it('GIVEN a badly hurt orc near it in a fight WHEN it acts THEN it mends the orc instead of fighting', () => {
    const s = hunting(drawState(['##########', '#1...o.s.#', '##########']));
    s.players[0]!.hp = 999;
    const orc = s.monsters.find((m) => m.kind === 'orc')!;
    orc.hp = 2;
    const { state, events } = play(s, waits(MEND_EVERY));
    const mended = events.filter((e) => e.type === 'mended');
    expect(mended).toHaveLength(1);
    expect(state.monsters.find((m) => m.kind === 'orc')!.hp).toBeGreaterThanOrEqual(2 + 3 - 0);
  });

  it('GIVEN rules version 2, its pack around it and the party 4 tiles away WHEN it acts THEN it hangs back instead of closing in', () => {
    const s = hunting(drawState(['###########', '#1...s.o..#', '###########'], { rules: 2 }));
    s.players[0]!.hp = 999;
    const { state } = play(s, waits(1));
    expect(state.monsters.find((m) => m.kind === 'shaman')!.x).toBeGreaterThanOrEqual(5);
  });
});

describe('the orc warlord (boss)', () => {
  const lair = () => {
    const rows = ['####################', '#1.................#', '#..................#', '#...............W>#', '####################'];
    const s = drawState(rows, { maxDepth: 1 });
    s.monsters[0]!.state = 'guard';
    return s;
  };

  it('GIVEN the party across the hall WHEN it sees them THEN it comes no farther than its guard radius from the stairs', () => {
    const s = lair();
    s.players[0]!.hp = 9999;
    const { state } = play(s, waits(20));
    const boss = state.monsters[0]!;
    expect(Math.max(Math.abs(boss.x - 17), Math.abs(boss.y - 3))).toBeLessThanOrEqual(GUARD_RADIUS);
  });

  it('GIVEN a player who slipped past onto the stairs WHEN they descend on the last depth THEN the run is won with the boss alive', () => {
    const s = lair();
    s.players[0]!.x = 17;
    s.players[0]!.y = 3;
    const r = step(s, { type: 'descend', user: 'p1' });
    const after = ok(r);
    expect(after.status).toBe('over');
    expect(after.summary!.outcome).toBe('victory');
    expect(after.monsters.some((m) => m.kind === 'warlord')).toBe(true);
    expect(recapLine(after.summary!)).toMatch(/^Escaped the dungeon on depth 1/);
  });
});

describe('items', () => {
  it('GIVEN a potion WHEN used hurt THEN it heals, and it is refused at full health', () => {
    const s = drawState(['#####', '#1..#', '#####']);
    s.players[0]!.pack = { potion: 1 };
    expect(step(s, { type: 'use', user: 'p1', item: 'potion' })).toEqual({ ok: false, code: 'full-health' });
    s.players[0]!.hp = 5;
    const after = ok(step(s, { type: 'use', user: 'p1', item: 'potion' }));
    expect(after.players[0]!.hp).toBeGreaterThanOrEqual(13);
    expect(after.players[0]!.pack.potion).toBeUndefined();
    expect(after.tally.used).toEqual({ potion: 1 });
  });

  it('GIVEN a scroll of magic mapping WHEN read THEN every floor tile of the level, the stairs included, is remembered', () => {
    const s = drawState(['#########', '#1..#...#', '#.#.#.#>#', '#...#...#', '#########']);
    s.players[0]!.pack = { map: 1 };
    const after = ok(step(s, { type: 'use', user: 'p1', item: 'map' }));
    const stairs = after.tiles.indexOf(2);
    expect(after.explored[stairs]).toBe(1);
    expect([...after.tiles].every((t, i) => t === 0 || after.explored[i] === 1)).toBe(true);
  });

  it('GIVEN a scroll of teleportation WHEN read THEN the reader lands far from where they stood and from every monster', () => {
    const rows = ['##############################', ...Array.from({ length: 10 }, () => '#............................#'), '##############################'];
    rows[1] = '#1g..........................#';
    const s = drawState(rows);
    s.players[0]!.pack = { teleport: 1 };
    const after = ok(step(s, { type: 'use', user: 'p1', item: 'teleport' }));
    const p = after.players[0]!;
    expect(Math.max(Math.abs(p.x - 1), Math.abs(p.y - 1))).toBeGreaterThanOrEqual(TELEPORT_MIN_DIST - 1);
  });

  it('GIVEN a flash bomb and two goblins in a line WHEN thrown without a direction THEN it bursts on the nearest, hurting and stunning both', () => {
    const s = drawState(['##########', '#1...gg..#', '##########']);
    s.players[0]!.pack = { bomb: 1 };
    for (const m of s.monsters) m.hp = m.maxHp = 50;
    const r = step(s, { type: 'use', user: 'p1', item: 'bomb' });
    const after = ok(r);
    const ev = r.ok ? r.events : [];
    expect(ev.find((e) => e.type === 'exploded')).toMatchObject({ x: 5, y: 1, hit: 2 });
    expect(after.monsters.every((m) => m.hp < 50)).toBe(true);
    // The monster phase right after the throw already spent one stunned turn.
    expect(after.monsters.every((m) => m.stunned === BOMB_STUN - 1)).toBe(true);
    expect(after.monsters.map((m) => m.x)).toEqual([5, 6]);
  });

  it('GIVEN no monster in a straight line WHEN a bomb is used without a direction THEN it is refused and kept', () => {
    const s = drawState(['#######', '#1....#', '#######']);
    s.players[0]!.pack = { bomb: 1 };
    expect(step(s, { type: 'use', user: 'p1', item: 'bomb' })).toEqual({ ok: false, code: 'no-target' });
  });

  it('GIVEN a lure used without a direction WHEN thrown THEN it flies the longest open way, lies on the map drawn as a lure, and draws a monster that sees no one', () => {
    const s = drawState(['################', '#1............##', '#############.##', '#g.............#', '################']);
    s.players[0]!.pack = { lure: 1 };
    const after = ok(step(s, { type: 'use', user: 'p1', item: 'lure' }));
    expect(after.lures).toEqual([expect.objectContaining({ x: 9, y: 1 })]);
    const all = new Uint8Array(after.width * after.height).fill(1);
    const model = buildViewModel(after, all, 1, { x: 0, y: 0, width: after.width, height: after.height }, 'p1');
    expect(model.items).toContainEqual({ kind: 'lure', x: 9, y: 1 });
    expect(after.monsters[0]!.state).toBe('lured');
  });

  it.each([
    ['dagger', 1],
    ['spear', 2],
    ['axe', 1],
  ] as const)('GIVEN a %s in the pack WHEN used THEN it is wielded (reach %i) and the sword goes in the pack', (kind, reach) => {
    const s = drawState(['#####', '#1..#', '#####']);
    s.players[0]!.pack = { [kind]: 1 };
    const after = ok(step(s, { type: 'use', user: 'p1', item: kind }));
    const p = after.players[0]!;
    expect([p.weapon, p.pack]).toEqual([kind, { sword: 1 }]);
    expect(wielded(p).reach).toBe(reach);
  });

  it('GIVEN a spear WHEN moving toward a goblin 2 tiles away THEN the spear strikes it over the open tile between', () => {
    const s = drawState(['######', '#1.g.#', '######']);
    s.players[0]!.weapon = 'spear';
    const r = step(s, { type: 'move', user: 'p1', dir: 'e' });
    const after = ok(r);
    expect(after.players[0]!.x).toBe(1);
    expect((r.ok ? r.events : []).find((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player')).toMatchObject({ range: 2 });
  });

  it('GIVEN armour lying on the floor and none worn WHEN walked over THEN it is put on and adds its defence', () => {
    const s = drawState(['#####', '#1]##', '#####']);
    const after = ok(step(s, { type: 'move', user: 'p1', dir: 'e' }));
    expect(after.players[0]!.armour).toBe('mail');
    expect(ITEMS.mail.slot === 'armour' && ITEMS.mail.defence).toBe(3);
  });
});

describe('levels and the recap', () => {
  it.each([
    [1, [2, 6]],
    [2, [3, 7]],
    [4, [5, 9]],
  ] as const)('GIVEN a level %i character with a sword WHEN striking THEN the damage is %j', (level, damage) => {
    expect(wielded({ weapon: 'sword', level }).damage).toEqual(damage);
  });

  it('GIVEN a lone hero cut down by an orc WHEN the run ends THEN the recap names the orc, its weapon, the depth and the turn', () => {
    let s = hunting(drawState(['#######', '#1o...#', '#######']));
    s.players[0]!.hp = 1;
    s.players[0]!.defence = -30;
    for (let k = 0; k < 20 && s.status === 'playing'; k++) s = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(s.status).toBe('over');
    const recap = s.summary!.recap;
    expect(recap.ending).toMatchObject({ how: 'killed', depth: 1, by: { monster: 'orc', label: 'A' } });
    expect(recapLine(s.summary!)).toMatch(/^Killed by the orc A's (spear|knife) on depth 1, turn \d+ · kills: none · used: nothing · deepest 1 · score 100$/);
  });
});
