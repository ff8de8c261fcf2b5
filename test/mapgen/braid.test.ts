import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/grid/rng.js';
import { addRooms, braid, draftFromAscii, emptyDraft, huntAndKill, runPipeline, sparsify } from '../../src/mapgen/index.js';
import { allDeadEnds, bordersAreWalls, distances, openCount, openSquares, regionCount } from './helpers.js';

describe('braid', () => {
  it('GIVEN two facing dead ends THEN one knock removes both (it prefers a dead-end neighbour)', () => {
    const d = draftFromAscii([
      '#########',
      '#.......#',
      '#.#.#.#.#',
      '#.#.#.#.#',
      '#.#####.#',
      '#.......#',
      '#########',
    ]);
    d.deadEnds = allDeadEnds(d);
    expect(d.deadEnds).toEqual([3 * 9 + 3, 3 * 9 + 5]);
    braid(1)(d, Rng.fromSeed(1));
    expect(d.deadEnds).toEqual([]);
    // Exactly one wall was knocked: the one between the two spurs.
    expect(openCount(d)).toBe(25);
    expect(d.tiles[3 * 9 + 4]).toBe(1);
  });

  it('PROPERTY: braiding reduces dead ends, keeps one region and the border, and keeps deadEnds exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 9, max: 80 }), fc.integer({ min: 9, max: 50 }), fc.nat(), (w, h, seed) => {
        const rng = Rng.fromSeed(seed);
        const d = huntAndKill(emptyDraft(w, h), rng);
        const before = d.deadEnds.length;
        braid(0.5)(d, rng);
        expect(d.deadEnds).toEqual(allDeadEnds(d));
        if (before >= 2) expect(d.deadEnds.length).toBeLessThan(before);
        expect(regionCount(d)).toBe(1);
        expect(bordersAreWalls(d)).toBe(true);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('GIVEN fraction 1 THEN no dead end is left on a normal maze; fraction 0 changes nothing', () => {
    const rng = Rng.fromSeed(5);
    const d = huntAndKill(emptyDraft(41, 21), rng);
    const copy = d.tiles.slice();
    braid(0)(d, rng);
    expect(d.tiles).toEqual(copy);
    braid(1)(d, rng);
    expect(d.deadEnds).toEqual([]);
    expect(allDeadEnds(d)).toEqual([]);
  });

  it('GIVEN a fraction outside [0, 1] THEN it throws', () => {
    expect(() => braid(1.5)).toThrow(/fraction/);
    expect(() => braid(Number.NaN)).toThrow(/fraction/);
  });
});

describe('addRooms', () => {
  it('PROPERTY: rooms open 2x2 blocks (a perfect maze has none) without disconnecting or breaching the border', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 80 }), fc.integer({ min: 12, max: 50 }), fc.nat(), (w, h, seed) => {
        const rng = Rng.fromSeed(seed);
        const d = huntAndKill(emptyDraft(w, h), rng);
        expect(openSquares(d)).toBe(0);
        addRooms(3)(d, rng);
        expect(openSquares(d)).toBeGreaterThan(0);
        expect(regionCount(d)).toBe(1);
        expect(bordersAreWalls(d)).toBe(true);
        expect(d.deadEnds).toEqual(allDeadEnds(d));
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('GIVEN one room of fixed size 5 THEN exactly a 5x5 block at odd corners is opened', () => {
    const d = runPipeline(emptyDraft(21, 13), Rng.fromSeed(2), [addRooms(1, 5, 5)]);
    expect(openCount(d)).toBe(25);
    const first = d.tiles.indexOf(1);
    expect((first % 21) % 2).toBe(1);
    expect(Math.floor(first / 21) % 2).toBe(1);
    expect(distances(d, first).filter((v) => v >= 0)).toHaveLength(25);
  });

  it('GIVEN impossible sizes THEN it throws', () => {
    expect(() => addRooms(-1)).toThrow(/count/);
    expect(() => addRooms(1, 4, 4)).toThrow(/odd size/);
  });
});

describe('sparsify (rules version 3 mazes)', () => {
  it('GIVEN a spur three tiles long off a loop WHEN two tiles of floor may go THEN the spur’s last two are walled back; the loop stays', () => {
    const d = draftFromAscii([
      '#########',
      '#.......#',
      '#.#####.#',
      '#.......#',
      '####.####',
      '####.####',
      '####.####',
      '#########',
    ]);
    d.deadEnds = allDeadEnds(d);
    expect(d.deadEnds).toEqual([6 * 9 + 4]);
    sparsify(2.5 / 19)(d, Rng.fromSeed(1));
    expect([d.tiles[6 * 9 + 4], d.tiles[5 * 9 + 4], d.tiles[4 * 9 + 4]]).toEqual([0, 0, 1]);
    expect(d.deadEnds).toEqual([4 * 9 + 4]);
    expect(regionCount(d)).toBe(1);
  });

  it('PROPERTY: sparsifying a maze removes floor, keeps one region and the border, and leaves deadEnds exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 9, max: 80 }), fc.integer({ min: 9, max: 50 }), fc.nat(), fc.double({ min: 0.05, max: 0.9, noNaN: true }), (w, h, seed, fraction) => {
        const rng = Rng.fromSeed(seed);
        const d = runPipeline(emptyDraft(w, h), rng, [huntAndKill]);
        const before = openCount(d);
        sparsify(fraction)(d, rng);
        expect(openCount(d)).toBeLessThan(before);
        expect(openCount(d)).toBeGreaterThanOrEqual(Math.ceil(before * (1 - fraction)));
        expect(regionCount(d)).toBe(1);
        expect(bordersAreWalls(d)).toBe(true);
        expect([...d.deadEnds].sort((a, b) => a - b)).toEqual(allDeadEnds(d).sort((a, b) => a - b));
      }),
      { numRuns: 60 },
    );
  });
});
