/** Post-processing for mazes: braiding (removing dead ends) and carving rooms into the cell grid. */
import { Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import type { Draft, Step } from './draft.js';
import { openNeighbours } from '../grid/flood.js';

/**
 * Removes a fraction of dead ends by knocking through a wall to a neighbouring passage (braiding), so parties
 * aren't stuck in one-tile corridors. Knocks prefer a neighbour that is itself a dead end (one wall fixes two).
 * Only adds floor, so connectivity is kept. Updates draft.deadEnds; mutates and returns the draft.
 */
export function braid(fraction: number): Step {
  if (!(fraction >= 0 && fraction <= 1)) throw new Error(`braid fraction must be in [0, 1], got ${fraction}`);
  return (draft: Draft, rng: Rng): Draft => {
    const { width, height, tiles } = draft;
    const order = rng.shuffle(draft.deadEnds.slice());
    const todo = Math.round(fraction * order.length);
    const w2 = 2 * width;
    // Knock candidates: the wall tile between, and the cell behind it.
    const walls = new Int32Array(4);
    const preferred = new Int32Array(4);
    for (let k = 0; k < todo; k++) {
      const u = order[k]!;
      // An earlier knock may already have opened this one.
      if (openNeighbours(tiles, width, height, u) !== 1) continue;
      const x = u % width;
      const y = (u - x) / width;
      let n = 0;
      let p = 0;
      const consider = (wall: number, cell: number): void => {
        if (tiles[wall] !== Tile.Wall || tiles[cell] === Tile.Wall) return;
        walls[n++] = wall;
        if (openNeighbours(tiles, width, height, cell) === 1) preferred[p++] = wall;
      };
      // Stay off the border: the cell behind the wall must be an interior tile.
      if (y - 2 >= 1) consider(u - width, u - w2);
      if (x - 2 >= 1) consider(u - 1, u - 2);
      if (x + 2 <= width - 2) consider(u + 1, u + 2);
      if (y + 2 <= height - 2) consider(u + width, u + w2);
      if (n === 0) continue;
      const wall = p > 0 ? preferred[p === 1 ? 0 : rng.int(0, p - 1)]! : walls[n === 1 ? 0 : rng.int(0, n - 1)]!;
      tiles[wall] = Tile.Floor;
    }
    draft.deadEnds = stillDeadEnds(draft);
    return draft;
  };
}

/**
 * Carves `count` rectangular rooms aligned to the maze's cell grid (odd corners, odd sides between minSize and
 * maxSize tiles), so each room overlaps maze cells and stays connected. Rooms may overlap each other.
 * Updates draft.deadEnds; mutates and returns the draft.
 */
export function addRooms(count: number, minSize = 3, maxSize = 7): Step {
  if (!Number.isInteger(count) || count < 0) throw new Error(`addRooms count must be a non-negative integer, got ${count}`);
  const kMin = Math.ceil((minSize - 1) / 2);
  const kMax = Math.floor((maxSize - 1) / 2);
  if (!Number.isInteger(minSize) || !Number.isInteger(maxSize) || minSize < 1 || kMin > kMax) {
    throw new Error(`addRooms sizes must be integers with room for an odd size in [${minSize}, ${maxSize}]`);
  }
  return (draft: Draft, rng: Rng): Draft => {
    const { width, height, tiles } = draft;
    // The span of tiles covered by maze cells: odd coordinates 1 .. 2*cells-1.
    const spanX = 2 * ((width - 1) >> 1) - 1;
    const spanY = 2 * ((height - 1) >> 1) - 1;
    for (let r = 0; r < count; r++) {
      const w = Math.min(2 * rng.int(kMin, kMax) + 1, spanX);
      const h = Math.min(2 * rng.int(kMin, kMax) + 1, spanY);
      const x0 = 1 + 2 * rng.int(0, (spanX - w) >> 1);
      const y0 = 1 + 2 * rng.int(0, (spanY - h) >> 1);
      for (let y = y0; y < y0 + h; y++) {
        const row = y * width;
        // Only walls become floor, so stairs or other special tiles survive a late call.
        for (let i = row + x0; i < row + x0 + w; i++) if (tiles[i] === Tile.Wall) tiles[i] = Tile.Floor;
      }
    }
    draft.deadEnds = stillDeadEnds(draft);
    return draft;
  };
}

/** The recorded dead ends that still are dead ends: open steps only ever add floor, so no new ones appear. */
function stillDeadEnds(draft: Draft): number[] {
  const { width, height, tiles } = draft;
  return draft.deadEnds.filter((u) => tiles[u] !== Tile.Wall && openNeighbours(tiles, width, height, u) === 1);
}

/**
 * Shortens the dead-end corridors of a maze, pass after pass walling back the tip of each, until `fraction` of its
 * floor is walled (or no dead end is left), so a maze has fewer long blind alleys to walk in and out of. Only a tile
 * with one open neighbour is walled, so the rest stays connected; a dead end that reaches a junction stops there.
 * No draws. Records the dead ends that remain; mutates and returns the draft.
 */
export function sparsify(fraction: number): Step {
  if (!(fraction >= 0 && fraction < 1)) throw new Error(`sparsify fraction must be in [0, 1), got ${fraction}`);
  return (draft: Draft): Draft => {
    const { width, height, tiles } = draft;
    let floor = 0;
    for (let i = 0; i < tiles.length; i++) if (tiles[i] !== Tile.Wall) floor++;
    let budget = Math.floor(fraction * floor);
    let tips = draft.deadEnds.filter((u) => tiles[u] !== Tile.Wall && openNeighbours(tiles, width, height, u) === 1);
    while (budget > 0 && tips.length > 0) {
      const next: number[] = [];
      const had = budget;
      for (const u of tips) {
        if (budget === 0) {
          next.push(u);
          continue;
        }
        if (tiles[u] === Tile.Wall || openNeighbours(tiles, width, height, u) !== 1) continue;
        tiles[u] = Tile.Wall;
        budget--;
        for (const n of [u - width, u - 1, u + 1, u + width]) if (tiles[n] !== Tile.Wall && openNeighbours(tiles, width, height, n) === 1) next.push(n);
      }
      tips = next;
      if (budget === had) break;
    }
    draft.deadEnds = tips.filter((u, i) => tiles[u] !== Tile.Wall && openNeighbours(tiles, width, height, u) === 1 && tips.indexOf(u) === i);
    return draft;
  };
}
