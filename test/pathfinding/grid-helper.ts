/** Test maps drawn as ASCII: '#' is wall, every other character is floor; letters mark positions. */
import type { Topology } from '../../src/pathfinding/index.js';

export interface TestGrid {
  width: number;
  height: number;
  passable: Uint8Array;
  rows: string[];
}

/** Builds a mask from rows of equal length ('#' = wall). */
export function grid(rows: string[]): TestGrid {
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  const passable = new Uint8Array(width * height);
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`row ${y} has length ${row.length}, expected ${width}`);
    for (let x = 0; x < width; x++) passable[y * width + x] = row[x] === '#' ? 0 : 1;
  });
  return { width, height, passable, rows };
}

/** Index of the single cell drawn as `ch`. */
export function at(g: TestGrid, ch: string): number {
  const all = allAt(g, ch);
  if (all.length !== 1) throw new Error(`expected exactly one '${ch}', found ${all.length}`);
  return all[0]!;
}

/** Indices of every cell drawn as `ch`, in index order. */
export function allAt(g: TestGrid, ch: string): number[] {
  const found: number[] = [];
  g.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === ch) found.push(y * g.width + x);
  });
  return found;
}

/** Plain reference BFS (bounds-checked, array queue) used to check the fast implementations. */
export function bfs(passable: Uint8Array, width: number, height: number, goals: number[], topology: Topology): number[] {
  const dist = new Array<number>(width * height).fill(-1);
  const queue: number[] = [];
  for (const goal of goals) {
    if (dist[goal] === -1) {
      dist[goal] = 0;
      queue.push(goal);
    }
  }
  const dirs = topology === 4 ? [[0, -1], [0, 1], [1, 0], [-1, 0]] : [[0, -1], [0, 1], [1, 0], [-1, 0], [1, -1], [-1, -1], [1, 1], [-1, 1]];
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head]!;
    const ux = u % width;
    const uy = Math.floor(u / width);
    for (const [dx, dy] of dirs) {
      const x = ux + dx!;
      const y = uy + dy!;
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const n = y * width + x;
      if (passable[n] && dist[n] === -1) {
        dist[n] = dist[u]! + 1;
        queue.push(n);
      }
    }
  }
  return dist;
}

/** True when b is one step from a in the topology. */
export function adjacent(a: number, b: number, width: number, topology: Topology): boolean {
  const dx = Math.abs((a % width) - (b % width));
  const dy = Math.abs(Math.floor(a / width) - Math.floor(b / width));
  return topology === 4 ? dx + dy === 1 : Math.max(dx, dy) === 1;
}

/** A random map with a wall border, from a list of percent rolls (one per cell) and a wall density. */
export function randomMap(width: number, height: number, rolls: number[], wallPercent: number): TestGrid {
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const border = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      row += border || (rolls[y * width + x] ?? 0) < wallPercent ? '#' : '.';
    }
    rows.push(row);
  }
  return grid(rows);
}

/** Renders a mask as rows ('#' where the mask is zero, mark elsewhere) for readable expectations. */
export function draw(mask: ArrayLike<number>, width: number, height: number, on = '*', off = ' '): string[] {
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += mask[y * width + x] ? on : off;
    rows.push(row);
  }
  return rows;
}
