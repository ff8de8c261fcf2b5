/** Cellular-automata caverns: random fill, 4-5 smoothing, then keep the largest connected cave. */
import { Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import type { Draft, Step } from './draft.js';
import { largestRegion } from '../grid/flood.js';
import { int32Scratch, Slot, uint8Scratch } from '../grid/scratch.js';

/** Fill attempts before settling for the best cave seen. */
const MAX_ATTEMPTS = 8;
/** A cave whose largest region covers less than this share of the map is refilled. */
const MIN_REGION_SHARE = 0.2;

/**
 * Cellular-automata cavern: random fill (~45% walls), N smoothing iterations (4-5 rule: a tile becomes wall
 * when 5 or more of the 9 tiles around and including it are walls), solid border. If the largest region is
 * tiny (< 20% of the map) the fill is retried, up to 8 times with the same rng, keeping the best attempt.
 * Overwrites all tiles (mutates and returns the draft); pair it with keepLargestRegion.
 */
export function cellularCavern(fillWalls = 0.45, iterations = 4): Step {
  if (!(fillWalls >= 0 && fillWalls <= 1)) throw new Error(`cellularCavern fillWalls must be in [0, 1], got ${fillWalls}`);
  if (!Number.isInteger(iterations) || iterations < 0) throw new Error(`cellularCavern iterations must be a non-negative integer, got ${iterations}`);
  // A tile needs only 8 random bits (fillWalls is rounded to 1/256), so one 32-bit draw fills four tiles:
  // the draws were most of this step's cost.
  const threshold = Math.round(fillWalls * 256);
  return (draft: Draft, rng: Rng): Draft => {
    const { width, height, tiles } = draft;
    const n = width * height;
    const scratch = uint8Scratch(Slot.A, n);
    // smooth() writes only interior tiles, so the scratch border must be wall from the start.
    scratch.fill(Tile.Wall);
    const labels = int32Scratch(Slot.A, n);
    const queue = int32Scratch(Slot.B, n);
    const wanted = Math.ceil(MIN_REGION_SHARE * n);
    let best: Uint8Array | undefined;
    let bestSize = -1;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      randomFill(tiles, width, height, rng, threshold);
      for (let k = 0; k < iterations; k++) {
        smooth(tiles, scratch, width, height);
        // Copy back instead of swapping so the draft keeps owning `tiles`; a copy is cheap next to the pass.
        tiles.set(scratch);
      }
      const { size } = largestRegion(tiles, width, height, labels, queue);
      if (size >= wanted) return draft;
      if (size > bestSize) {
        bestSize = size;
        best = tiles.slice();
      }
    }
    if (best) tiles.set(best);
    return draft;
  };
}

/** Border walls, interior walls with probability threshold / 256. */
function randomFill(tiles: Uint8Array, width: number, height: number, rng: Rng, threshold: number): void {
  tiles.fill(Tile.Wall);
  let pool = 0;
  let poolLeft = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      if (poolLeft === 0) {
        pool = rng.nextU32();
        poolLeft = 4;
      }
      // Branch-free "byte < threshold ? Wall (0) : Floor (1)": the sign bit of threshold - 1 - byte.
      tiles[row + x] = (threshold - 1 - (pool & 0xff)) >>> 31;
      pool >>>= 8;
      poolLeft--;
    }
  }
}

/**
 * One 4-5 pass from src into dst (border left as wall). With Floor = 1 and Wall = 0 (relied on here), a tile is
 * floor when at least 5 of its 3x3 block are floor; column sums roll along the row so each tile costs one new column.
 */
function smooth(src: Uint8Array, dst: Uint8Array, width: number, height: number): void {
  for (let y = 1; y < height - 1; y++) {
    const r1 = y * width;
    const r0 = r1 - width;
    const r2 = r1 + width;
    let c0 = src[r0]! + src[r1]! + src[r2]!;
    let c1 = src[r0 + 1]! + src[r1 + 1]! + src[r2 + 1]!;
    for (let x = 1; x < width - 1; x++) {
      const c2 = src[r0 + x + 1]! + src[r1 + x + 1]! + src[r2 + x + 1]!;
      // Branch-free "sum >= 5 ? Floor : Wall" for sums 0..9 (the branch mispredicts on a random fill).
      dst[r1 + x] = (c0 + c1 + c2 + 3) >> 3;
      c0 = c1;
      c1 = c2;
    }
  }
}

/** Keeps only the largest 4-connected open region; every other open tile becomes wall. Mutates and returns the draft. */
export const keepLargestRegion: Step = (draft: Draft): Draft => {
  const { width, height, tiles } = draft;
  const n = width * height;
  const labels = int32Scratch(Slot.A, n);
  const { label } = largestRegion(tiles, width, height, labels, int32Scratch(Slot.B, n));
  // Branch-free "labels[i] === label ? keep : Wall": same is 1 exactly when the xor is 0. Wall is 0.
  for (let i = 0; i < n; i++) {
    const diff = labels[i]! ^ label;
    tiles[i] = tiles[i]! * (((diff | -diff) >>> 31) ^ 1);
  }
  return draft;
};

/**
 * Chokepoints: every neck of the cave exactly two tiles wide (open pair between walls, across or down) loses one
 * lane, so a cave's halls are joined by one-tile passages a player can hold against a pack. A tile is walled only
 * when its open neighbours stay joined around it (a "simple point"), so no region is cut off. Mutates and returns
 * the draft.
 */
export const narrowNecks: Step = (draft: Draft): Draft => {
  const { width, height, tiles } = draft;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (tiles[i] === Tile.Wall) continue;
      // Across: wall, this, open, wall. Down: the same in the column.
      const across = tiles[i - 1] === Tile.Wall && tiles[i + 1] !== Tile.Wall && x + 2 < width && tiles[i + 2] === Tile.Wall;
      const down = tiles[i - width] === Tile.Wall && tiles[i + width] !== Tile.Wall && y + 2 < height && tiles[i + 2 * width] === Tile.Wall;
      if ((across || down) && isSimple(tiles, width, i)) tiles[i] = Tile.Wall;
    }
  }
  return draft;
};

/** Ring offsets of the 8 neighbours, clockwise from north-west. */
const RING: readonly (readonly [number, number])[] = [[-1, -1], [0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]];

/**
 * True when walling tile i keeps its open 4-neighbours joined through the ring of its 8 neighbours (walking the ring,
 * the open tiles that touch a 4-neighbour form one run): then every path through i has a way around it.
 */
function isSimple(tiles: Uint8Array, width: number, i: number): boolean {
  const open = RING.map(([dx, dy]) => tiles[i + dy * width + dx] !== Tile.Wall);
  // A diagonal tile only links its two orthogonal ring neighbours when it is open; count runs of open tiles around the
  // ring that contain an orthogonal neighbour (ring indices 1, 3, 5, 7).
  let runs = 0;
  for (let k = 0; k < 8; k++) {
    if (!open[k] || open[(k + 7) % 8]) continue;
    // A run starts at k: does it hold an orthogonal tile?
    let orth = false;
    for (let j = k; open[j % 8] && j < k + 8; j++) if (j % 2 === 1) orth = true;
    if (orth) runs++;
  }
  // All eight open (no run start): one surrounding run.
  return open.every(Boolean) || runs <= 1;
}
