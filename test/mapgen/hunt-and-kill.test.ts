import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Tile } from '../../src/grid/tiles.js';
import { Rng } from '../../src/grid/rng.js';
import { draftToAscii, emptyDraft, huntAndKill } from '../../src/mapgen/index.js';
import { allDeadEnds, bordersAreWalls, distances, openAround, openCount } from './helpers.js';

const maze = (w: number, h: number, seed: number) => huntAndKill(emptyDraft(w, h), Rng.fromSeed(seed));

describe('huntAndKill', () => {
  it('GIVEN seed 1 WHEN a 21x13 maze is carved THEN it matches the pinned drawing and dead ends', () => {
    const d = maze(21, 13, 1);
    expect(draftToAscii(d)).toEqual([
      '#####################',
      '#.....#.............#',
      '#.#####.#####.###.#.#',
      '#.#...#.....#.#...#.#',
      '#.#.#.#####.#.#.###.#',
      '#.#.#.......#.#.#.#.#',
      '#.#.#########.#.#.#.#',
      '#...#.......#.#.#...#',
      '#####.#####.#.#.#####',
      '#.....#...#.#.#.....#',
      '#.#####.#.#.#.#####.#',
      '#.......#.#...#.....#',
      '#####################',
    ]);
    expect(d.deadEnds).toEqual([26, 122, 240, 246]);
  });

  it('GIVEN an even size THEN the last row and column stay wall as well as the border', () => {
    const d = maze(20, 12, 1);
    const rows = draftToAscii(d);
    expect(rows[10]).toBe('#'.repeat(20));
    expect(rows.every((r) => r[18] === '#')).toBe(true);
    expect(bordersAreWalls(d)).toBe(true);
  });

  it('PROPERTY: the maze is perfect (a spanning tree of the cells) with a wall border', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 90 }), fc.integer({ min: 5, max: 60 }), fc.nat(), (w, h, seed) => {
        const d = maze(w, h, seed);
        const cells = ((w - 1) >> 1) * ((h - 1) >> 1);
        // A tree on `cells` nodes has cells - 1 passages, each one open tile between two cells.
        expect(openCount(d)).toBe(2 * cells - 1);
        // ...and it is connected: every open tile is reachable from the first cell.
        const dist = distances(d, w + 1);
        expect(dist.filter((v) => v >= 0).length).toBe(2 * cells - 1);
        expect(bordersAreWalls(d)).toBe(true);
        // Every cell (odd coordinates inside the cell grid) is carved; tiles at two even coordinates never are.
        const lastCellX = 2 * ((w - 1) >> 1) - 1;
        const lastCellY = 2 * ((h - 1) >> 1) - 1;
        let wrong = 0;
        for (let i = 0; i < d.tiles.length; i++) {
          const x = i % w;
          const y = Math.floor(i / w);
          const isCell = x % 2 === 1 && y % 2 === 1 && x <= lastCellX && y <= lastCellY;
          if (isCell && d.tiles[i] !== Tile.Floor) wrong++;
          if (x % 2 === 0 && y % 2 === 0 && d.tiles[i] !== Tile.Wall) wrong++;
        }
        expect(wrong).toBe(0);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('PROPERTY: the recorded dead ends are exactly the open tiles with one open neighbour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 60 }), fc.integer({ min: 5, max: 40 }), fc.nat(), (w, h, seed) => {
        const d = maze(w, h, seed);
        expect(d.deadEnds).toEqual(allDeadEnds(d));
        for (const i of d.deadEnds) expect(openAround(d, i)).toBe(1);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('GIVEN the same seed THEN the maze is identical; different seeds usually differ', () => {
    expect(maze(41, 21, 7).tiles).toEqual(maze(41, 21, 7).tiles);
    const distinct = new Set([1, 2, 3, 4, 5, 6].map((s) => draftToAscii(maze(41, 21, s)).join('')));
    expect(distinct.size).toBe(6);
  });

  it('GIVEN a draft that already has floor THEN the maze overwrites it', () => {
    const d = emptyDraft(21, 13);
    d.tiles.fill(Tile.Floor);
    huntAndKill(d, Rng.fromSeed(1));
    expect(d.tiles).toEqual(maze(21, 13, 1).tiles);
  });

  it('GIVEN a draft smaller than 5x5 THEN it throws', () => {
    expect(() => huntAndKill(emptyDraft(4, 9), Rng.fromSeed(1))).toThrow(/at least 5x5/);
  });

  it('GIVEN the 200x200 maximum THEN it still carves a perfect maze', () => {
    const d = maze(200, 200, 3);
    expect(openCount(d)).toBe(2 * 99 * 99 - 1);
  });
});
