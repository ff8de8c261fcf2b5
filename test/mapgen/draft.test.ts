import { describe, expect, it } from 'vitest';
import { Tile } from '../../src/grid/tiles.js';
import { Rng } from '../../src/grid/rng.js';
import { draftFromAscii, draftToAscii, emptyDraft, inset, runPipeline, type Step } from '../../src/mapgen/index.js';

describe('emptyDraft', () => {
  it('GIVEN a size THEN every tile is wall and nothing is placed', () => {
    const d = emptyDraft(20, 12);
    expect(d.tiles).toHaveLength(240);
    expect(d.tiles.every((t) => t === Tile.Wall)).toBe(true);
    expect([d.start, d.stairs, d.playerStarts, d.monsterSpots, d.itemSpots, d.deadEnds]).toEqual([-1, -1, [], [], [], []]);
  });

  it.each([
    [2, 10],
    [10, 201],
    [10.5, 10],
    [Number.NaN, 10],
  ])('GIVEN %s x %s THEN it throws a clear error', (w, h) => {
    expect(() => emptyDraft(w, h)).toThrow(/must be an integer in \[3, 200\]/);
  });
});

describe('runPipeline', () => {
  it('GIVEN steps THEN they run in order on the draft returned by the previous one, sharing the rng', () => {
    const calls: string[] = [];
    const mark =
      (name: string): Step =>
      (d, rng) => {
        calls.push(`${name}:${rng.int(0, 9)}`);
        return { ...d, start: d.start + 1 };
      };
    const out = runPipeline(emptyDraft(5, 5), Rng.fromSeed(1), [mark('a'), mark('b'), mark('c')]);
    expect(out.start).toBe(2);
    const r = Rng.fromSeed(1);
    expect(calls).toEqual([`a:${r.int(0, 9)}`, `b:${r.int(0, 9)}`, `c:${r.int(0, 9)}`]);
  });
});

describe('ascii drawing', () => {
  it('GIVEN a drawn map THEN it round-trips and shows the start, stairs and spots', () => {
    const d = draftFromAscii(['#######', '#@..>.#', '#######']);
    expect(d.start).toBe(8);
    expect(d.stairs).toBe(11);
    expect(d.tiles[11]).toBe(Tile.Stairs);
    d.playerStarts = [8, 9];
    d.monsterSpots = [12];
    d.itemSpots = [10];
    expect(draftToAscii(d)).toEqual(['#######', '#@p!>m#', '#######']);
    expect(draftToAscii(d, false)).toEqual(['#######', '#...>.#', '#######']);
  });

  it('GIVEN ragged rows or an open border THEN it throws', () => {
    expect(() => draftFromAscii(['#####', '#..#', '#####'])).toThrow(/length/);
    expect(() => draftFromAscii(['#####', '#....', '#####'])).toThrow(/border/);
  });
});

describe('inset', () => {
  it('GIVEN steps carving a 5x3 draft THEN their tiles and dead ends land in the middle of a 9x7 one, the rest wall', () => {
    const carve: Step = (d) => {
      d.tiles.fill(Tile.Floor);
      d.deadEnds = [0, d.width * d.height - 1];
      return d;
    };
    const d = runPipeline(emptyDraft(9, 7), Rng.fromSeed(1), [inset(5, 3, [carve])]);
    expect(draftToAscii(d, false)).toEqual(['#########', '#########', '##.....##', '##.....##', '##.....##', '#########', '#########']);
    expect(d.deadEnds).toEqual([2 * 9 + 2, 4 * 9 + 6]);
  });
});
