import { describe, expect, it } from 'vitest';
import { Tile } from '../../src/grid/tiles.js';
import { Rng } from '../../src/grid/rng.js';
import {
  cullUnreachable,
  draftFromAscii,
  draftToAscii,
  emptyDraft,
  placeItems,
  placeOnDeadEnds,
  placePlayerStarts,
  placeRandomly,
  placeStairsFar,
  placeStart,
  runPipeline,
} from '../../src/mapgen/index.js';
import { allDeadEnds, chebyshev } from './helpers.js';

const rng = () => Rng.fromSeed(1);
const at = (width: number, x: number, y: number) => y * width + x;

describe('placeStart', () => {
  it('GIVEN no start THEN it picks a floor tile, the same one for the same seed', () => {
    const rows = ['#######', '#.#.#.#', '#######'];
    const a = placeStart(draftFromAscii(rows), Rng.fromSeed(3));
    const b = placeStart(draftFromAscii(rows), Rng.fromSeed(3));
    expect(a.tiles[a.start]).toBe(Tile.Floor);
    expect(a.start).toBe(b.start);
    const seen = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((s) => placeStart(draftFromAscii(rows), Rng.fromSeed(s)).start));
    expect([...seen].sort((a, b) => a - b)).toEqual([8, 10, 12]);
  });

  it('GIVEN a start already set THEN it is kept', () => {
    const d = draftFromAscii(['#####', '#.@.#', '#####']);
    expect(placeStart(d, rng()).start).toBe(7);
  });

  it('GIVEN no floor at all THEN it throws', () => {
    expect(() => placeStart(emptyDraft(5, 5), rng())).toThrow(/no floor/);
  });
});

describe('cullUnreachable', () => {
  it('GIVEN pockets cut off from the start THEN they become wall and spots there are dropped', () => {
    const d = draftFromAscii([
      '##########',
      '#@..#..#.#',
      '#...#..###',
      '##########',
    ]);
    d.itemSpots = [at(10, 5, 1), at(10, 2, 2)];
    d.monsterSpots = [at(10, 8, 1)];
    cullUnreachable(d, rng());
    expect(draftToAscii(d)).toEqual([
      '##########',
      '#@..######',
      '#.!.######',
      '##########',
    ]);
    expect(d.monsterSpots).toEqual([]);
  });

  it('GIVEN no start THEN it throws', () => {
    expect(() => cullUnreachable(draftFromAscii(['###', '#.#', '###']), rng())).toThrow(/start/);
  });
});

describe('placeStairsFar', () => {
  it('GIVEN a corridor THEN the stairs go to its far end', () => {
    const d = placeStairsFar(draftFromAscii(['############', '#@.........#', '############']), rng());
    expect(d.stairs).toBe(at(12, 10, 1));
  });

  it('GIVEN a big room beside the start and one long corridor THEN the stairs go deep down the corridor', () => {
    // A 12x12 room (farthest tile 22 steps away) and a 38-tile corridor leaving from the start. The farthest 10%
    // by count would reach back into the room's far corner; the 60%-of-max-distance floor (23 steps) prevents it.
    const rows = ['#'.repeat(52), '#' + '.'.repeat(11) + '@' + '.'.repeat(38) + '#'];
    for (let y = 2; y <= 12; y++) rows.push('#' + '.'.repeat(12) + '#'.repeat(39));
    rows.push('#'.repeat(52));
    for (let seed = 0; seed < 20; seed++) {
      const d = placeStairsFar(draftFromAscii(rows), Rng.fromSeed(seed));
      expect(Math.floor(d.stairs / 52)).toBe(1);
      expect(d.stairs % 52).toBeGreaterThanOrEqual(12 + 23);
    }
  });

  it('GIVEN the start alone THEN no stairs are placed', () => {
    expect(placeStairsFar(draftFromAscii(['###', '#@#', '###']), rng()).stairs).toBe(-1);
  });
});

describe('placePlayerStarts', () => {
  it('GIVEN a room THEN players fill the start and its nearest tiles in BFS order (up, left, right, down)', () => {
    const d = draftFromAscii(['#####', '#...#', '#.@.#', '#...#', '#####']);
    placePlayerStarts(4)(d, rng());
    expect(d.playerStarts).toEqual([at(5, 2, 2), at(5, 2, 1), at(5, 1, 2), at(5, 3, 2)]);
  });

  it('GIVEN the stairs next to the start THEN no player stands on them', () => {
    const d = draftFromAscii(['#####', '#.>.#', '#.@.#', '#####']);
    placePlayerStarts(3)(d, rng());
    expect(d.playerStarts).toEqual([at(5, 2, 2), at(5, 1, 2), at(5, 3, 2)]);
  });

  it('GIVEN fewer reachable tiles than players THEN it places as many as fit', () => {
    const d = draftFromAscii(['#####', '#@.##', '#####']);
    expect(placePlayerStarts(5)(d, rng()).playerStarts).toEqual([6, 7]);
  });
});

describe('placeOnDeadEnds', () => {
  const comb = [
    '#############',
    '#.#.#.#.#.#.#',
    '#.#.#.#.#.#.#',
    '#...........#',
    '#############',
  ];

  it('GIVEN many dead ends THEN about half get a monster, capped, never on the start, players or stairs', () => {
    let total = 0;
    for (let seed = 0; seed < 40; seed++) {
      const d = draftFromAscii(comb);
      d.deadEnds = allDeadEnds(d);
      d.start = d.deadEnds[0]!;
      d.playerStarts = [d.deadEnds[0]!, d.deadEnds[1]!];
      d.stairs = d.deadEnds[5]!;
      placeOnDeadEnds(3)(d, Rng.fromSeed(seed));
      expect(d.monsterSpots.length).toBeLessThanOrEqual(3);
      expect(new Set(d.monsterSpots).size).toBe(d.monsterSpots.length);
      for (const m of d.monsterSpots) {
        expect(d.deadEnds).toContain(m);
        expect([d.start, d.stairs, ...d.playerStarts]).not.toContain(m);
      }
      total += placeOnDeadEnds(100)(draftWithEnds(comb), Rng.fromSeed(seed)).monsterSpots.length;
    }
    // 6 dead ends, each kept with probability 0.5: 3 per map on average.
    expect(total / 40).toBeGreaterThan(2);
    expect(total / 40).toBeLessThan(4);
  });

  it('GIVEN a minimum distance THEN dead ends that close to the start get no monster', () => {
    for (let seed = 0; seed < 20; seed++) {
      const d = draftWithEnds(comb);
      d.start = at(13, 1, 3);
      placeOnDeadEnds(100, 4)(d, Rng.fromSeed(seed));
      // Dead ends sit at x = 1, 3, ..., 11 on row 1; only x >= 7 are more than 4 steps (Chebyshev) away.
      for (const m of d.monsterSpots) expect(m % 13).toBeGreaterThanOrEqual(7);
    }
  });

  it('GIVEN cap 0 THEN no monster is placed', () => {
    expect(placeOnDeadEnds(0)(draftWithEnds(comb), rng()).monsterSpots).toEqual([]);
  });
});

function draftWithEnds(rows: string[]) {
  const d = draftFromAscii(rows);
  d.deadEnds = allDeadEnds(d);
  return d;
}

describe('placeRandomly', () => {
  it('GIVEN a cave THEN monsters are distinct free floor tiles farther than minDist (Chebyshev) from the start', () => {
    const d = runPipeline(draftFromAscii(openRoom(30, 20)), rng(), [placeStart, placeStairsFar, placePlayerStarts(3), placeRandomly(25, 5)]);
    expect(d.monsterSpots).toHaveLength(25);
    expect(new Set(d.monsterSpots).size).toBe(25);
    for (const m of d.monsterSpots) {
      expect(d.tiles[m]).toBe(Tile.Floor);
      expect(chebyshev(d, m, d.start)).toBeGreaterThan(5);
      expect([d.stairs, ...d.playerStarts]).not.toContain(m);
    }
  });

  it('GIVEN more monsters than room THEN it gives up after bounded tries with fewer spots', () => {
    const d = draftFromAscii(['#######', '#@....#', '#######']);
    placeRandomly(50, 1)(d, rng());
    expect(d.monsterSpots.length).toBeLessThanOrEqual(3);
    for (const m of d.monsterSpots) expect(chebyshev(d, m, d.start)).toBeGreaterThan(1);
  });
});

describe('placeItems', () => {
  it('GIVEN monsters and players THEN potions land on distinct floor tiles none of them use', () => {
    const d = runPipeline(draftFromAscii(openRoom(20, 12)), rng(), [placeStart, placeStairsFar, placePlayerStarts(4), placeRandomly(10, 2), placeItems(30)]);
    expect(d.itemSpots).toHaveLength(30);
    expect(new Set(d.itemSpots).size).toBe(30);
    const taken = new Set([d.start, d.stairs, ...d.playerStarts, ...d.monsterSpots]);
    for (const i of d.itemSpots) {
      expect(d.tiles[i]).toBe(Tile.Floor);
      expect(taken.has(i)).toBe(false);
    }
  });

  it('GIVEN a negative count THEN it throws', () => {
    expect(() => placeItems(-1)).toThrow(/count/);
  });
});

function openRoom(w: number, h: number): string[] {
  const wall = '#'.repeat(w);
  return [wall, ...Array.from({ length: h - 2 }, () => '#' + '.'.repeat(w - 2) + '#'), wall];
}
