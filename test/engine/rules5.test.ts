/**
 * Tests of rules version 5: in a party, a monster that fled and came back fights on to the end (party.fleesOnce, the
 * monster's `returned` mark; alone, and under version 4, it runs again); mazes carved at 0.9 of the map's sides in
 * its middle, holding as many monsters a tile as before and a little more (maze.scale, maze.density).
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/engine/config.js';
import { newGame, step } from '../../src/engine/game.js';
import { monsterCount } from '../../src/engine/level.js';
import { Tile } from '../../src/grid/tiles.js';
import { MONSTERS } from '../../src/engine/monsters.js';
import { LATEST_RULES, rulesFor } from '../../src/engine/rules.js';
import { parseGameState } from '../../src/engine/state-schema.js';
import { MaskBytes } from '../../src/engine/bytes.js';
import type { Action, GameState } from '../../src/engine/types.js';
import { drawState, hunting, ofType, ok, play } from './fixtures.js';

/** A room with a door west to a long loop (the lizard's den of rules4.test.ts); '2' adds a second hero beside the first. */
const den = (party: boolean): string[] => [
  '###############',
  '#.............#',
  '#.#########.#.#',
  '#.#.......#...#',
  `#.#.1l${party ? '2' : '.'}...#.#.#`,
  '#.#.......#.#.#',
  '#.#####.###.#.#',
  '#.............#',
  '###############',
];

const waits = (n: number): Action[] => Array.from({ length: n }, () => ({ type: 'wait', user: 'p1' }) as Action);

/** A lizard hidden in the loop's far corner, fleeing with 4 hp, left to heal and come back (about 25 turns). */
function comeBack(rules: number, party: boolean): GameState {
  const s = drawState(den(party), { rules });
  for (const p of s.players) p.hp = p.maxHp = 500;
  const liz = s.monsters[0]!;
  Object.assign(liz, { x: 13, y: 7, state: 'flee', hp: 4 });
  let at = s;
  let returned = 0;
  for (let k = 0; k < 30 && returned === 0; k++) {
    const r = step(at, { type: 'wait', user: 'p1' });
    returned += r.ok ? ofType(r.events, 'returned').length : 0;
    at = ok(r);
  }
  expect(returned).toBe(1);
  // It comes back for the heroes: wait until it stands next to one (in sight).
  const near = (g: GameState): boolean => g.players.some((p) => Math.max(Math.abs(p.x - g.monsters[0]!.x), Math.abs(p.y - g.monsters[0]!.y)) <= 1);
  for (let k = 0; k < 20 && !near(at); k++) at = ok(step(at, { type: 'wait', user: 'p1' }));
  expect(near(at)).toBe(true);
  return at;
}

/** Bloodies the lizard where it stands and lets one monster phase pass: its state after it. */
function bloodied(s: GameState): string {
  const h = hunting(s);
  const liz = h.monsters[0]!;
  liz.hp = Math.floor(liz.maxHp * MONSTERS.lizard.bloodied);
  return ok(step(h, { type: 'wait', user: 'p1' })).monsters[0]!.state;
}

describe('rules version 5', () => {
  it('GIVEN the rules table THEN version 5 is the newest, its dailies start 2026-11-30 and its parties meet monsters that flee once', () => {
    const v5 = rulesFor(5);
    expect(LATEST_RULES).toBe(5);
    expect(new Date(v5.dailyFrom * 86_400_000).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(v5.party).toMatchObject({ ...rulesFor(4).party, fleesOnce: true });
    expect(rulesFor(4).party?.fleesOnce).toBeUndefined();
    expect(v5.monsters).toEqual(rulesFor(4).monsters);
    expect(v5.difficulty).toBe(rulesFor(4).difficulty);
  });

  it('GIVEN a party under version 5 WHEN a lizard that fled comes back THEN it is marked, and bloodied again it fights on', () => {
    const back = comeBack(5, true);
    expect(back.monsters[0]!.returned).toBe(true);
    expect(bloodied(back)).not.toBe('flee');
  });

  it.each([
    ['a party under version 4', 4, true],
    ['a hero alone under version 5', 5, false],
  ])('GIVEN %s WHEN a lizard that fled comes back THEN it carries no mark and runs again when bloodied', (_, rules, party) => {
    const back = comeBack(rules, party);
    expect(back.monsters[0]!.returned).toBeUndefined();
    expect(bloodied(back)).toBe('flee');
  });

  it('GIVEN a goblin that came back in a party THEN bloodied and alone it fights on (a minion would run)', () => {
    const s = hunting(drawState(['##########', '#1.g....2#', '##########'], { rules: 5 }));
    const gob = s.monsters[0]!;
    gob.hp = 1;
    expect(ok(step(s, { type: 'wait', user: 'p1' })).monsters[0]!.state).toBe('flee');
    gob.returned = true;
    expect(ok(step(s, { type: 'wait', user: 'p1' })).monsters[0]!.state).not.toBe('flee');
  });

  it('GIVEN the mark THEN it survives a save and a load (no schema bump: an optional field)', () => {
    const room = ['####################', '#.1g..............2#', ...Array.from({ length: 9 }, () => '#..................#'), '####################'];
    const s = drawState(room, { rules: 5 });
    s.monsters[0]!.returned = true;
    const { state } = play(s, waits(1));
    const explored = new MaskBytes(state.explored.length);
    explored.set(state.explored);
    const loaded = parseGameState(JSON.parse(JSON.stringify({ ...state, explored })));
    expect(loaded.ok && loaded.state.monsters[0]!.returned).toBe(true);
  });
});

describe('rules version 5: smaller mazes', () => {
  const maze = (rules: number, seed: number): GameState => newGame(defaultConfig({ seed, mapKind: 'maze', width: 60, height: 30, rules }));
  const floor = (s: GameState): number[] => [...s.tiles.keys()].filter((i) => s.tiles[i] !== Tile.Wall);

  it('GIVEN the rules table THEN version 5 carves mazes at 0.9 of the sides, 1.32 monsters a tile where version 4 had 1.25', () => {
    expect(rulesFor(5).maze).toEqual({ ...rulesFor(4).maze, scale: 0.9, density: 1.32 });
    expect(rulesFor(4).maze?.scale).toBeUndefined();
  });

  it('GIVEN seeds 1-8 THEN a version-5 maze of 60x30 lies in the middle 54x27, with about 0.81 of version 4’s floor', () => {
    let ratio = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const v5 = floor(maze(5, seed));
      const v4 = floor(maze(4, seed));
      for (const i of v5) {
        expect(i % 60).toBeGreaterThanOrEqual(3);
        expect(i % 60).toBeLessThan(57);
        expect(Math.floor(i / 60)).toBeGreaterThanOrEqual(1);
        expect(Math.floor(i / 60)).toBeLessThan(28);
      }
      // Version 4's maze reaches the map's edge columns; version 5's stops 3 short of them.
      expect(v4.some((i) => i % 60 === 1 || i % 60 === 58)).toBe(true);
      ratio += v5.length / v4.length / 8;
    }
    // (One maze differs from the next by what the generator culls as unreachable.)
    expect(ratio).toBeGreaterThan(0.72);
    expect(ratio).toBeLessThan(0.9);
  });

  it('GIVEN a maze level THEN version 5 holds 0.81 x 1.32 / 1.25 (about 0.86) of version 4’s monsters', () => {
    const cfg = (rules: number) => defaultConfig({ seed: 1, mapKind: 'maze', width: 120, height: 60, rules, difficulty: 'normal' });
    const ratio = monsterCount(cfg(5), 1, 1) / monsterCount(cfg(4), 1, 1);
    expect(ratio).toBeCloseTo((0.81 * 1.32) / 1.25, 1);
    // Caverns and rooms are as in version 4.
    for (const mapKind of ['cavern', 'rooms'] as const) {
      expect(monsterCount({ ...cfg(5), mapKind }, 3, 2)).toBe(monsterCount({ ...cfg(4), mapKind }, 3, 2));
    }
  });
});
