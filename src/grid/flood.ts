/**
 * Breadth-first helpers over a tile array (4-way, any non-wall tile is open); typed arrays, no per-cell
 * allocation. They require a solid wall border (every map has one), which lets the loops skip bounds checks.
 */
import { Tile, hasSolidBorder } from './tiles.js';

/** Throws a programmer error unless every border tile is a wall (the precondition of the flood helpers). */
export function assertSolidBorder(tiles: Uint8Array, width: number, height: number): void {
  if (!hasSolidBorder(tiles, width, height)) throw new Error('map border must be solid wall');
}

/**
 * BFS from `start` through non-wall tiles. Writes dist[i] (-1 where unreached) and the visiting order into
 * order[0..count); returns count. Neighbours are taken in the fixed order up, left, right, down, so the order
 * is deterministic. Stops early once `limit` tiles are found (the order prefix is the same as a full run's;
 * dist is then only valid for those). Throws if the border is not solid wall.
 */
export function bfs(
  tiles: Uint8Array,
  width: number,
  height: number,
  start: number,
  dist: Int32Array,
  order: Int32Array,
  limit?: number,
): number {
  assertSolidBorder(tiles, width, height);
  dist.fill(-1);
  const n = width * height;
  const cap = limit ?? n;
  if (start < 0 || start >= n || tiles[start] === Tile.Wall) return 0;
  dist[start] = 0;
  order[0] = start;
  let head = 0;
  let tail = 1;
  // Open tiles are interior (solid border), so all four neighbours exist: no bounds checks. The neighbour
  // tests are branch-free: on real maps they are unpredictable, and mispredictions made the branchy version
  // 1.5-2.7x slower. c = 1 when j is open ((-tile) >>> 31: any non-zero code) and unreached (dist -1 has the
  // sign bit); then dist[j] goes from -1 to d, and j is written at the tail either way but only kept if c = 1.
  // tail never reaches n (the border is wall), so the speculative write stays in bounds.
  while (head < tail && tail < cap) {
    const i = order[head++]!;
    const d1 = dist[i]! + 2;
    let j = i - width;
    let c = ((-tiles[j]!) >>> 31) & (dist[j]! >>> 31);
    dist[j] = dist[j]! + c * d1;
    order[tail] = j;
    tail += c;
    j = i - 1;
    c = ((-tiles[j]!) >>> 31) & (dist[j]! >>> 31);
    dist[j] = dist[j]! + c * d1;
    order[tail] = j;
    tail += c;
    j = i + 1;
    c = ((-tiles[j]!) >>> 31) & (dist[j]! >>> 31);
    dist[j] = dist[j]! + c * d1;
    order[tail] = j;
    tail += c;
    j = i + width;
    c = ((-tiles[j]!) >>> 31) & (dist[j]! >>> 31);
    dist[j] = dist[j]! + c * d1;
    order[tail] = j;
    tail += c;
  }
  return tail < cap ? tail : cap;
}

/**
 * Labels the 4-connected open regions (labels[i] = 1.. for open tiles, 0 for walls) and returns the label and
 * size of the largest one (label 0, size 0 when there is no open tile). Ties go to the region found first in
 * row-major order, which keeps the result deterministic. Throws if the border is not solid wall.
 */
export function largestRegion(
  tiles: Uint8Array,
  width: number,
  height: number,
  labels: Int32Array,
  queue: Int32Array,
): { label: number; size: number } {
  assertSolidBorder(tiles, width, height);
  const WALL = Tile.Wall;
  labels.fill(0);
  const n = width * height;
  let next = 0;
  let bestLabel = 0;
  let bestSize = 0;
  for (let s = 0; s < n; s++) {
    if (tiles[s] === WALL || labels[s] !== 0) continue;
    const label = ++next;
    labels[s] = label;
    queue[0] = s;
    let head = 0;
    let tail = 1;
    // Branch-free like bfs(): c = 1 when j is open and still unlabelled ((labels - 1) >>> 31 is 1 for 0 only).
    while (head < tail) {
      const i = queue[head++]!;
      let j = i - width;
      let c = ((-tiles[j]!) >>> 31) & ((labels[j]! - 1) >>> 31);
      labels[j] = labels[j]! + c * label;
      queue[tail] = j;
      tail += c;
      j = i - 1;
      c = ((-tiles[j]!) >>> 31) & ((labels[j]! - 1) >>> 31);
      labels[j] = labels[j]! + c * label;
      queue[tail] = j;
      tail += c;
      j = i + 1;
      c = ((-tiles[j]!) >>> 31) & ((labels[j]! - 1) >>> 31);
      labels[j] = labels[j]! + c * label;
      queue[tail] = j;
      tail += c;
      j = i + width;
      c = ((-tiles[j]!) >>> 31) & ((labels[j]! - 1) >>> 31);
      labels[j] = labels[j]! + c * label;
      queue[tail] = j;
      tail += c;
    }
    if (tail > bestSize) {
      bestSize = tail;
      bestLabel = label;
    }
  }
  return { label: bestLabel, size: bestSize };
}

/** Number of open (non-wall) orthogonal neighbours of tile i; out-of-bounds counts as wall. */
export function openNeighbours(tiles: Uint8Array, width: number, height: number, i: number): number {
  const x = i % width;
  const y = (i - x) / width;
  let c = 0;
  if (y > 0 && tiles[i - width] !== Tile.Wall) c++;
  if (x > 0 && tiles[i - 1] !== Tile.Wall) c++;
  if (x < width - 1 && tiles[i + 1] !== Tile.Wall) c++;
  if (y < height - 1 && tiles[i + width] !== Tile.Wall) c++;
  return c;
}
