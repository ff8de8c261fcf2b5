import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/grid/rng.js';
import { cellularCavern, draftFromAscii, draftToAscii, emptyDraft, keepLargestRegion, narrowNecks, runPipeline } from '../../src/mapgen/index.js';
import { bordersAreWalls, openCount, regionCount } from './helpers.js';

/** Counts 32-bit draws, to see how many fills the cavern step made. */
class CountingRng extends Rng {
  draws = 0;
  override nextU32(): number {
    this.draws++;
    return super.nextU32();
  }
}

const cave = (w: number, h: number, seed: number) => runPipeline(emptyDraft(w, h), Rng.fromSeed(seed), [cellularCavern(), keepLargestRegion]);

describe('cellularCavern + keepLargestRegion', () => {
  it('PROPERTY: one connected region covering at least 20% of the map, inside a wall border', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 120 }), fc.integer({ min: 12, max: 80 }), fc.nat(), (w, h, seed) => {
        const d = cave(w, h, seed);
        expect(regionCount(d)).toBe(1);
        expect(bordersAreWalls(d)).toBe(true);
        expect(openCount(d)).toBeGreaterThanOrEqual(Math.ceil(0.2 * w * h));
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('GIVEN the same seed THEN the cave is identical bit for bit; different seeds differ', () => {
    expect(cave(80, 40, 9).tiles).toEqual(cave(80, 40, 9).tiles);
    expect(cave(80, 40, 9).tiles).not.toEqual(cave(80, 40, 10).tiles);
  });

  it('GIVEN a first fill whose largest region is tiny THEN it refills with the same rng and keeps a big cave', () => {
    // Seed 8 on 30x20 is pinned: its first fill leaves no region of 20%, its second does.
    const fill = (28 * 18) / 4; // four tiles per 32-bit draw
    const rng = new CountingRng(Rng.fromSeed(8).save());
    const d = runPipeline(emptyDraft(30, 20), rng, [cellularCavern(), keepLargestRegion]);
    expect(rng.draws).toBe(2 * fill);
    expect(openCount(d)).toBeGreaterThanOrEqual(120);
  });

  it('GIVEN an all-wall fill THEN it gives up after a bounded number of fills and returns solid rock', () => {
    const rng = new CountingRng(Rng.fromSeed(1).save());
    const d = cellularCavern(1, 4)(emptyDraft(20, 12), rng);
    expect(openCount(d)).toBe(0);
    expect(rng.draws).toBe(8 * ((18 * 10) / 4));
  });

  it('GIVEN no wall fill and no smoothing THEN the interior is all floor', () => {
    const d = cellularCavern(0, 0)(emptyDraft(20, 12), Rng.fromSeed(1));
    expect(openCount(d)).toBe(18 * 10);
    expect(bordersAreWalls(d)).toBe(true);
  });

  it('GIVEN an all-floor interior THEN smoothing walls only the four inner corners (they see 5 walls, 4-5 rule)', () => {
    const d = cellularCavern(0, 3)(emptyDraft(20, 12), Rng.fromSeed(1));
    const rows = draftToAscii(d);
    expect(rows[1]).toBe('##' + '.'.repeat(16) + '##');
    expect(rows[2]).toBe('#' + '.'.repeat(18) + '#');
    expect(rows[10]).toBe('##' + '.'.repeat(16) + '##');
    expect(openCount(d)).toBe(18 * 10 - 4);
  });

  it('GIVEN invalid parameters THEN it throws', () => {
    expect(() => cellularCavern(1.2)).toThrow(/fillWalls/);
    expect(() => cellularCavern(0.45, -1)).toThrow(/iterations/);
  });
});

describe('keepLargestRegion', () => {
  it('GIVEN three pockets THEN only the biggest survives', () => {
    const d = draftFromAscii([
      '##########',
      '#..#...#.#',
      '#..#...###',
      '####...#.#',
      '##########',
    ]);
    keepLargestRegion(d, Rng.fromSeed(1));
    expect(draftToAscii(d)).toEqual([
      '##########',
      '####...###',
      '####...###',
      '####...###',
      '##########',
    ]);
  });

  it('GIVEN an open border THEN it refuses (every map has a solid border)', () => {
    const d = emptyDraft(5, 5);
    d.tiles[0] = 1;
    expect(() => keepLargestRegion(d, Rng.fromSeed(1))).toThrow(/border/);
  });
});

describe('narrowNecks', () => {
  it('GIVEN two halls joined by a neck two tiles wide THEN the neck keeps one lane', () => {
    const d = draftFromAscii(['###########', '#...###...#', '#.........#', '#.........#', '#...###...#', '###########']);
    expect(draftToAscii(narrowNecks(d, Rng.fromSeed(1)), false)).toEqual(['###########', '#...###...#', '#...###...#', '#.........#', '#...###...#', '###########']);
  });

  it('GIVEN a neck three tiles wide THEN it stays open', () => {
    const rows = ['###########', '#...###...#', '#.........#', '#.........#', '#.........#', '#...###...#', '###########'];
    expect(draftToAscii(narrowNecks(draftFromAscii(rows), Rng.fromSeed(1)), false)).toEqual(rows);
  });

  it('PROPERTY: caverns stay one region, with fewer or equal open tiles', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 100 }), fc.integer({ min: 12, max: 60 }), fc.nat(), (width, height, seed) => {
        const d = runPipeline(emptyDraft(width, height), Rng.fromSeed(seed), [cellularCavern(), keepLargestRegion]);
        const before = openCount(d);
        narrowNecks(d, Rng.fromSeed(seed));
        expect(regionCount(d)).toBe(1);
        expect(openCount(d)).toBeLessThanOrEqual(before);
        expect(bordersAreWalls(d)).toBe(true);
      }),
      { seed: 11, numRuns: 80 },
    );
  });
});
