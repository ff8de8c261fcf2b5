/** Independent checks for generated maps: a plain BFS and small counters, written separately from src/mapgen. */
import { Tile } from '../../src/grid/tiles.js';
import type { Draft } from '../../src/mapgen/index.js';

/** Path distances (4-way through non-wall tiles) from `start`; -1 where unreachable. Deliberately naive. */
export function distances(d: Draft, start: number): number[] {
  const dist = new Array<number>(d.tiles.length).fill(-1);
  if (d.tiles[start] === Tile.Wall) return dist;
  dist[start] = 0;
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head]!;
    const x = i % d.width;
    const y = Math.floor(i / d.width);
    const visit = (nx: number, ny: number): void => {
      if (nx < 0 || ny < 0 || nx >= d.width || ny >= d.height) return;
      const j = ny * d.width + nx;
      if (d.tiles[j] === Tile.Wall || dist[j] !== -1) return;
      dist[j] = dist[i]! + 1;
      queue.push(j);
    };
    visit(x, y - 1);
    visit(x - 1, y);
    visit(x + 1, y);
    visit(x, y + 1);
  }
  return dist;
}

/** Number of non-wall tiles. */
export function openCount(d: Draft): number {
  let c = 0;
  for (const t of d.tiles) if (t !== Tile.Wall) c++;
  return c;
}

/** True when every tile on the outer ring is a wall. */
export function bordersAreWalls(d: Draft): boolean {
  for (let x = 0; x < d.width; x++) {
    if (d.tiles[x] !== Tile.Wall || d.tiles[(d.height - 1) * d.width + x] !== Tile.Wall) return false;
  }
  for (let y = 0; y < d.height; y++) {
    if (d.tiles[y * d.width] !== Tile.Wall || d.tiles[y * d.width + d.width - 1] !== Tile.Wall) return false;
  }
  return true;
}

/** Open orthogonal neighbours of tile i (out of bounds counts as wall). */
export function openAround(d: Draft, i: number): number {
  const x = i % d.width;
  const y = Math.floor(i / d.width);
  let c = 0;
  if (y > 0 && d.tiles[i - d.width] !== Tile.Wall) c++;
  if (x > 0 && d.tiles[i - 1] !== Tile.Wall) c++;
  if (x < d.width - 1 && d.tiles[i + 1] !== Tile.Wall) c++;
  if (y < d.height - 1 && d.tiles[i + d.width] !== Tile.Wall) c++;
  return c;
}

/** Number of 4-connected open regions. */
export function regionCount(d: Draft): number {
  const seen = new Uint8Array(d.tiles.length);
  let regions = 0;
  for (let i = 0; i < d.tiles.length; i++) {
    if (d.tiles[i] === Tile.Wall || seen[i]) continue;
    regions++;
    distances(d, i).forEach((v, j) => {
      if (v >= 0) seen[j] = 1;
    });
  }
  return regions;
}

/** Number of 2x2 blocks that are entirely open (a perfect maze has none; rooms make them). */
export function openSquares(d: Draft): number {
  let c = 0;
  for (let y = 0; y + 1 < d.height; y++) {
    for (let x = 0; x + 1 < d.width; x++) {
      const i = y * d.width + x;
      if (d.tiles[i] && d.tiles[i + 1] && d.tiles[i + d.width] && d.tiles[i + d.width + 1]) c++;
    }
  }
  return c;
}

/** Every dead end of the map: open tiles with exactly one open neighbour, in index order. */
export function allDeadEnds(d: Draft): number[] {
  const out: number[] = [];
  for (let i = 0; i < d.tiles.length; i++) if (d.tiles[i] !== Tile.Wall && openAround(d, i) === 1) out.push(i);
  return out;
}

/** Chebyshev distance between two tile indices. */
export function chebyshev(d: Draft, a: number, b: number): number {
  return Math.max(Math.abs((a % d.width) - (b % d.width)), Math.abs(Math.floor(a / d.width) - Math.floor(b / d.width)));
}
