import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Tile } from '../../src/grid/tiles.js';
import { Rng } from '../../src/grid/rng.js';
import { emptyDraft, roomsAndCorridors, type Draft } from '../../src/mapgen/index.js';
import { bordersAreWalls } from './helpers.js';

/** Top-left corners of 3x3 all-floor blocks: each lies inside a room (corridors are one tile wide). */
function roomCells(d: Draft): number[] {
  const out: number[] = [];
  for (let y = 1; y < d.height - 3; y++) {
    for (let x = 1; x < d.width - 3; x++) {
      let all = true;
      for (let dy = 0; dy < 3 && all; dy++) for (let dx = 0; dx < 3 && all; dx++) all = d.tiles[(y + dy) * d.width + x + dx] === Tile.Floor;
      if (all) out.push(y * d.width + x);
    }
  }
  return out;
}

/** Open tiles with exactly two open 4-neighbours facing each other: straight corridor pieces. */
function corridorTiles(d: Draft): number {
  let n = 0;
  const w = d.width;
  for (let i = w; i < d.tiles.length - w; i++) {
    if (d.tiles[i] === Tile.Wall) continue;
    const ns = d.tiles[i - w] !== Tile.Wall && d.tiles[i + w] !== Tile.Wall && d.tiles[i - 1] === Tile.Wall && d.tiles[i + 1] === Tile.Wall;
    const ew = d.tiles[i - 1] !== Tile.Wall && d.tiles[i + 1] !== Tile.Wall && d.tiles[i - w] === Tile.Wall && d.tiles[i + w] === Tile.Wall;
    if (ns || ew) n++;
  }
  return n;
}

describe('roomsAndCorridors', () => {
  it('PROPERTY: a solid border, rooms (3x3 open blocks) and one-tile corridors between them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 120 }), fc.integer({ min: 12, max: 80 }), fc.nat(), (width, height, seed) => {
        const d = roomsAndCorridors()(emptyDraft(width, height), Rng.fromSeed(seed));
        expect(bordersAreWalls(d)).toBe(true);
        expect(roomCells(d).length).toBeGreaterThan(0);
        expect(corridorTiles(d)).toBeGreaterThan(0);
      }),
      { seed: 7, numRuns: 60 },
    );
  });

  it('GIVEN a 60x30 map THEN it holds several rooms and less open floor than a cave', () => {
    const d = roomsAndCorridors()(emptyDraft(60, 30), Rng.fromSeed(3));
    const open = d.tiles.reduce((a, t) => a + (t === Tile.Wall ? 0 : 1), 0);
    expect(open / d.tiles.length).toBeLessThan(0.45);
    expect(roomCells(d).length).toBeGreaterThan(40);
  });

  it.each([[0], [-1], [Number.NaN]])('GIVEN tilesPerRoom %d THEN it throws', (n) => {
    expect(() => roomsAndCorridors(n)).toThrow(/tilesPerRoom/);
  });
});
