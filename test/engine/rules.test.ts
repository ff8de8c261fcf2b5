import { LURE_TURNS } from '../../src/engine/ai.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/engine/config.js';
import { newGame, step } from '../../src/engine/game.js';
import { noticeChance } from '../../src/engine/ai.js';
import { legalMoves } from '../../src/engine/legal.js';
import { itemCounts, monsterCount } from '../../src/engine/level.js';
import { RULES } from '../../src/engine/rules.js';
import { NEAR_DISTANCE } from '../../src/engine/pace.js';
import { parseGameState } from '../../src/engine/state-schema.js';
import type { Action, GameState } from '../../src/engine/types.js';
import { drawState } from './fixtures.js';

function ok(r: ReturnType<typeof step>): GameState {
  if (!r.ok) throw new Error(`rejected: ${r.code}`);
  return r.state;
}

const monsterStruck = (s: GameState): boolean =>
  s.recent.some((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster');

describe('no stalls', () => {
  it('GIVEN an orc with a spear two tiles off a player who steps north and south every turn WHEN they play THEN the orc strikes within a few turns', () => {
    let s = drawState([
      '###########',
      '#.........#',
      '#.........#',
      '#...1.o...#',
      '#.........#',
      '#.........#',
      '###########',
    ]);
    s.monsters[0]!.state = 'hunt';
    s.players[0]!.hp = 999;
    s.players[0]!.maxHp = 999;
    let struck = -1;
    for (let i = 0; i < 8 && struck < 0; i++) {
      s = ok(step(s, { type: 'move', user: 'p1', dir: i % 2 ? 's' : 'n' }));
      if (monsterStruck(s)) struck = i;
    }
    expect(struck).toBeGreaterThanOrEqual(0);
    expect(struck).toBeLessThanOrEqual(4);
  });
});

describe('packs', () => {
  it('GIVEN a goblin that spots the party and friends out of sight nearby WHEN it acts THEN it shouts and they come hunting', () => {
    const s = drawState([
      '###############',
      '#1...g.#......#',
      '#......#..g...#',
      '#......#......#',
      '#.............#',
      '###############',
    ]);
    const r = step(s, { type: 'wait', user: 'p1' });
    if (!r.ok) throw new Error(r.code);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'shouted', alerted: 1 }));
    const friend = r.state.monsters.find((m) => m.x >= 8)!;
    expect(friend.state).toBe('hunt');
    expect(friend.lastSeen).toBeGreaterThanOrEqual(0);
  });

  it('GIVEN two goblins in single file WHEN they hunt THEN the one behind goes around, and both end up striking', () => {
    let s = drawState([
      '###########',
      '#.........#',
      '#.gg...1..#',
      '#.........#',
      '###########',
    ]);
    for (const m of s.monsters) m.state = 'hunt';
    s.players[0]!.hp = 999;
    s.players[0]!.maxHp = 999;
    for (let i = 0; i < 7; i++) s = ok(step(s, { type: 'wait', user: 'p1' }));
    const p = s.players[0]!;
    const adjacent = s.monsters.filter((m) => Math.abs(m.x - p.x) + Math.abs(m.y - p.y) === 1);
    expect(adjacent).toHaveLength(2);
  });
});

describe('lures', () => {
  it('GIVEN a goblin behind a wall that cannot see the party WHEN a lure lands near it THEN it walks to the lure, and the lure is spent', () => {
    let s = drawState([
      '################',
      '#1............##',
      '#############.##',
      '#g.............#',
      '################',
    ]);
    s.players[0]!.pack = { lure: 1 };
    const startX = s.monsters[0]!.x;
    s = ok(step(s, { type: 'throw', user: 'p1', dir: 'e', distance: 8 }));
    expect(s.players[0]!.pack.lure).toBeUndefined();
    expect(s.lures).toHaveLength(1);
    expect(s.monsters[0]!.state).toBe('lured');
    for (let i = 0; i < 7; i++) s = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(s.monsters[0]!.x).toBeGreaterThan(startX + 4);
    expect(s.lures).toHaveLength(1);
    for (let i = 7; i < LURE_TURNS - 1; i++) s = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(s.lures).toHaveLength(0);
  });

  it('GIVEN no lure in hand WHEN throwing THEN it is refused', () => {
    expect(step(drawState(['#####', '#1..#', '#####']), { type: 'throw', user: 'p1', dir: 'e' })).toEqual({ ok: false, code: 'no-lures' });
  });

  it('GIVEN a lure on the floor WHEN walked over THEN it is picked up', () => {
    const s = drawState(['#####', '#1..#', '#####']);
    s.items.push({ id: 50, kind: 'lure', x: 2, y: 1 });
    const after = ok(step(s, { type: 'move', user: 'p1', dir: 'e' }));
    expect(after.players[0]!.pack.lure).toBe(1);
  });
});

describe('explore and travel', () => {
  it('GIVEN an unexplored corridor with a monster around the corner WHEN exploring THEN the walk stops once the monster comes into view', () => {
    const s = drawState([
      '#####################',
      '#1..................#',
      '###############.#####',
      '###############.#####',
      '###############g#####',
      '#####################',
    ], { fovRadius: 6 });
    const after = ok(step(s, { type: 'explore', user: 'p1' }));
    const stop = after.recent.find((e) => e.type === 'run-stopped');
    expect(stop).toMatchObject({ reason: 'monster-in-view', run: 'explore' });
    expect(after.players[0]!.x).toBeGreaterThan(3);
    expect(after.players[0]!.x).toBeLessThanOrEqual(16);
  });

  it('GIVEN stairs the party has not seen WHEN travelling THEN it is refused; once seen, travel walks there', () => {
    const s = drawState([
      '##########################',
      '#1......................>#',
      '##########################',
    ], { fovRadius: 4 });
    expect(step(s, { type: 'travel', user: 'p1' })).toEqual({ ok: false, code: 'stairs-not-seen' });
    expect(legalMoves(s, 'p1').canTravel).toBe(false);
    let t = ok(step(s, { type: 'explore', user: 'p1' }));
    expect(t.recent).toContainEqual(expect.objectContaining({ type: 'run-stopped', reason: 'explored', run: 'explore' }));
    expect(step(t, { type: 'explore', user: 'p1' })).toEqual({ ok: false, code: 'nothing-to-explore' });
    t = ok(step(t, { type: 'travel', user: 'p1' }));
    expect(t.players[0]!.x).toBe(24);
    expect(step(t, { type: 'travel', user: 'p1' })).toEqual({ ok: false, code: 'already-there' });
  });
});

describe('explore and travel keep their distance', () => {
  const room = (state: GameState['monsters'][number]['state']): GameState => {
    const s = drawState([
      '#################',
      '#...............#',
      '#1.......s.....>#',
      '#...............#',
      '#################',
    ], { fovRadius: 20 });
    s.explored.fill(1);
    s.monsters[0]!.state = state;
    return s;
  };
  const gap = (s: GameState): number => {
    const p = s.players[0]!;
    return Math.min(...s.monsters.map((m) => Math.max(Math.abs(m.x - p.x), Math.abs(m.y - p.y))));
  };

  it('GIVEN an awake healer in view between a player and the stairs WHEN travelling THEN the walk stops close to it, never next to it, and says why', () => {
    // A shaman that has seen the party hangs back and never leads an attack: it holds no one in rounds or runs.
    const after = ok(step(room('hunt'), { type: 'travel', user: 'p1' }));
    expect(after.recent).toContainEqual(expect.objectContaining({ type: 'run-stopped', reason: 'monster-near', run: 'travel' }));
    expect(gap(after)).toBe(NEAR_DISTANCE);
    expect(after.players[0]!.x).toBeGreaterThan(1);
  });

  it('GIVEN a player already close to an awake monster in view WHEN exploring or travelling THEN both are refused with the reason and the buttons are off; a step away frees them', () => {
    const s = room('retreat');
    s.players[0]!.x = 7;
    expect(step(s, { type: 'travel', user: 'p1' })).toEqual({ ok: false, code: 'monster-near' });
    expect(step(s, { type: 'explore', user: 'p1' })).toMatchObject({ ok: false });
    expect(legalMoves(s, 'p1')).toMatchObject({ canTravel: false, canExplore: false });
    s.players[0]!.x = 2;
    expect(legalMoves(s, 'p1').canTravel).toBe(true);
  });

  it('GIVEN an unaware monster close by WHEN travelling THEN the player may sneak past it (it stops only if the monster notices)', () => {
    const s = room('wander');
    s.players[0]!.x = 7;
    expect(legalMoves(s, 'p1').canTravel).toBe(true);
    expect(step(s, { type: 'travel', user: 'p1' }).ok).toBe(true);
  });
});

describe('recovery', () => {
  it('GIVEN a player at full health with a potion WHEN drinking THEN it is refused and no turn passes; the button is off', () => {
    const s = drawState(['#####', '#1..#', '#####']);
    s.players[0]!.pack = { potion: 1 };
    expect(step(s, { type: 'use', user: 'p1' })).toEqual({ ok: false, code: 'full-health' });
    expect(legalMoves(s, 'p1').canUse).toBe(false);
    s.players[0]!.hp = 10;
    expect(legalMoves(s, 'p1').canUse).toBe(true);
  });

  it('GIVEN a hurt player with a monster in view WHEN resting THEN it is refused with a reason; out of view, rest heals', () => {
    const s = drawState(['##########', '#1.....g.#', '##########']);
    s.players[0]!.hp = 10;
    expect(step(s, { type: 'rest', user: 'p1' })).toEqual({ ok: false, code: 'monster-in-view' });
    expect(legalMoves(s, 'p1').canRest).toBe(false);
    const alone = drawState(['##########', '#1.......#', '##########']);
    alone.players[0]!.hp = 18;
    const after = ok(step(alone, { type: 'rest', user: 'p1' }));
    expect(after.players[0]!.hp).toBe(alone.players[0]!.maxHp);
    expect(after.turn).toBeGreaterThan(10);
  });

  it('GIVEN a kill WHEN a player earns enough experience THEN they level up: more max hp and attack', () => {
    let s = drawState(['#######', '#1T...#', '#######']);
    s.players[0]!.xp = 9;
    s.monsters[0]!.hp = 1;
    for (let i = 0; i < 20 && s.monsters.length > 0; i++) s = ok(step(s, { type: 'move', user: 'p1', dir: 'e' }));
    const p = s.players[0]!;
    expect(p.level).toBe(2);
    expect(p.maxHp).toBe(29);
    expect(p.attack).toBe(5);
  });
});

describe('difficulty that fits the party', () => {
  it('GIVEN more living players WHEN a level is stocked THEN it holds more monsters; hard holds more than easy', () => {
    const c = defaultConfig({ width: 60, height: 30 });
    expect(monsterCount(c, 1, 4)).toBeGreaterThan(monsterCount(c, 1, 2));
    expect(monsterCount(c, 1, 2)).toBeGreaterThan(monsterCount(c, 1, 1));
    expect(monsterCount({ ...c, difficulty: 'hard' }, 1, 1)).toBeGreaterThan(monsterCount({ ...c, difficulty: 'easy' }, 1, 1));
  });

  it('GIVEN a rules version with a party rule WHEN a party stocks a level THEN its own monster steps and extra potions apply; versions without keep one potion count', () => {
    for (const row of RULES) {
      for (const mapKind of row.mapKinds) {
        const c = defaultConfig({ width: 80, height: 40, mapKind, rules: row.version });
        const solo = monsterCount(c, 1, 1);
        if (row.party) {
          // Both counts are rounded: the party's is within the solo count's rounding, scaled, of the exact share.
          const factor = 1 + 3 * row.party.step[mapKind];
          expect(Math.abs(monsterCount(c, 1, 4) - solo * factor)).toBeLessThanOrEqual(factor / 2 + 0.5);
          expect(itemCounts(c, 4).potions).toBeGreaterThan(itemCounts(c, 1).potions);
        } else {
          expect(itemCounts(c, 4)).toEqual(itemCounts(c, 1));
        }
      }
    }
  });

  it('GIVEN a running game WHEN players join THEN each joiner brings monsters, placed out of everyone\'s sight', () => {
    let s = newGame(defaultConfig({ seed: 5, width: 60, height: 30 }));
    const join = (u: string): void => {
      s = ok(step(s, { type: 'join', user: u, name: u } as Action));
    };
    join('a');
    const solo = s.monsters.length;
    join('b');
    join('c');
    join('d');
    expect(s.monsters.length).toBeGreaterThan(solo + 3);
    expect(new Set(s.monsters.map((m) => `${m.kind}${m.label}`)).size).toBe(s.monsters.length);
  });
});

describe('saves from schema 3', () => {
  it('GIVEN a game saved by the previous version WHEN loaded THEN it migrates and play goes on', () => {
    const raw: unknown = JSON.parse(readFileSync(new URL('./fixtures/save-schema3.json', import.meta.url), 'utf8'));
    const parsed = parseGameState(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    expect(parsed.migratedFrom).toBe(3);
    let s = parsed.state;
    expect(s.players.every((p) => p.level === 1 && p.xp === 0 && p.pack.lure === undefined)).toBe(true);
    expect(new Set(s.monsters.map((m) => `${m.kind}${m.label}`)).size).toBe(s.monsters.length);
    for (const a of [{ type: 'wait', user: 'u1' }, { type: 'explore', user: 'u2' }] as Action[]) s = ok(step(s, a));
    expect(parseGameState(JSON.parse(JSON.stringify(s))).ok).toBe(true);
  });
});

describe('saves from schema 4', () => {
  it('GIVEN a game saved before the item table (potions and lures as counts) WHEN loaded THEN they are in the pack, the sword is wielded, and play goes on', () => {
    const raw: unknown = JSON.parse(readFileSync(new URL('./fixtures/save-schema4.json', import.meta.url), 'utf8'));
    const parsed = parseGameState(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    expect(parsed.migratedFrom).toBe(4);
    let s = parsed.state;
    const ann = s.players.find((p) => p.id === 'u1')!;
    expect([ann.pack, ann.weapon, ann.armour]).toEqual([{ potion: 3, lure: 2 }, 'sword', null]);
    expect(s.monsters.every((m) => m.stunned === 0)).toBe(true);
    expect(s.tally).toEqual({ kills: {}, used: {} });
    s.players[0]!.hp = 5;
    for (const a of [{ type: 'use', user: 'u1' }, { type: 'throw', user: 'u1', dir: 'e', distance: 1 }, { type: 'wait', user: 'u2' }] as Action[]) {
      const r = step(s, a);
      // A throw may find a wall east of Ann: then the lure stays in the pack and the turn is not used.
      if (r.ok) s = r.state;
      else expect(r.code).toBe('no-room-to-throw');
    }
    expect(s.players[0]!.pack.potion).toBe(2);
    expect(s.tally.used.potion).toBe(1);
    expect(parseGameState(JSON.parse(JSON.stringify(s))).ok).toBe(true);
  });

  it('GIVEN a finished game saved before recaps WHEN loaded THEN its summary gains a recap with the score', () => {
    const raw = JSON.parse(readFileSync(new URL('./fixtures/save-schema4.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const over = { ...raw, status: 'over', summary: { outcome: 'defeat', depth: 2, turns: 300, kills: [{ id: 'u1', name: 'Ann', kills: 4 }] } };
    const parsed = parseGameState(over);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    expect(parsed.state.summary!.recap).toEqual({ ending: { how: 'killed', depth: 2, turn: 300 }, kills: {}, used: {}, deepest: 2, score: 240 });
  });
});

describe('noticing', () => {
  it.each([
    [1, 100],
    [2, 100],
    [5, 63],
    [8, 25],
    [12, 15],
  ])('GIVEN a player %i tiles from an unaware monster (sight 8) WHEN it looks THEN it notices with %i%% chance', (d, pct) => {
    expect(noticeChance(d, 8)).toBe(pct);
  });

  it('GIVEN unaware goblins at the edge of sight WHEN many seeds are tried THEN some overlook the player and some notice', () => {
    let noticed = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = drawState(['##############', '#1.......g...#', '##############'], { seed });
      const r = step(s, { type: 'wait', user: 'p1' });
      if (r.ok && r.state.monsters[0]!.state !== 'wander') noticed++;
    }
    expect(noticed).toBeGreaterThan(3);
    expect(noticed).toBeLessThan(37);
  });
});

describe('the buttons helper', () => {
  it('GIVEN a fresh player on an unexplored level with a lure WHEN asked THEN explore and throw are possible, travel, rest and drink are not', () => {
    const s = drawState(['####################', '#1.................#', '####################'], { fovRadius: 4 });
    s.players[0]!.pack = { lure: 1 };
    s.explored[1 * s.width + 1] = 1;
    s.explored[1 * s.width + 2] = 1;
    const l = legalMoves(s, 'p1');
    expect(l).toMatchObject({ canExplore: true, canThrow: true, canTravel: false, canRest: false, canUse: false });
  });
});

describe('fleeing to safety', () => {
  it('GIVEN a bloodied goblin between a deep dead-end spur and a loop WHEN it flees THEN it runs along the loop, where it cannot be cornered', () => {
    let s = drawState([
      '###########',
      '#.........#',
      '#.#######.#',
      '#1...g....#',
      '#####.#####',
      '#####.#####',
      '#####.#####',
      '#####.#####',
      '#####.#####',
      '#####.#####',
      '###########',
    ], { fovRadius: 12 });
    s.monsters[0]!.hp = 1;
    for (let i = 0; i < 3; i++) s = ok(step(s, { type: 'wait', user: 'p1' }));
    const g = s.monsters[0]!;
    expect(g.state).toBe('flee');
    expect(g.y).toBe(3);
    expect(g.x).toBe(8);
  });
});
