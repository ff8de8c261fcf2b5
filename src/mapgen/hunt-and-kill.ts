/** Hunt-and-kill maze generator: a long random walk, then a row scan ("hunt") for where to resume. */
import { Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import type { Draft, Step } from './draft.js';
import { Slot, uint8Scratch } from '../grid/scratch.js';

/**
 * Hunt-and-kill maze: cells at odd coordinates, carve every other cell; when stuck, hunt (scan) for an unvisited
 * cell next to a visited one. Records dead ends (floor cells with exactly one open orthogonal neighbour) in
 * draft.deadEnds. Works for any width/height >= 5 (even sizes leave the last row/column as wall).
 * Overwrites all tiles of the draft (mutates and returns it).
 */
export const huntAndKill: Step = (draft: Draft, rng: Rng): Draft => {
  const { width, height } = draft;
  if (width < 5 || height < 5) throw new Error(`huntAndKill needs a draft of at least 5x5, got ${width}x${height}`);
  const tiles = draft.tiles;
  // Locals rather than Tile.* property loads in the hot loops.
  const WALL = Tile.Wall;
  const FLOOR = Tile.Floor;
  tiles.fill(WALL);
  const cw = (width - 1) >> 1;
  const ch = (height - 1) >> 1;
  const w2 = 2 * width;
  // Visited cells, 1 byte each, with a frame of always-visited cells around the grid so the walk needs no
  // bounds checks: cell (cx, cy) is at (cy + 1) * vw + cx + 1.
  const vw = cw + 2;
  const vis = uint8Scratch(Slot.B, vw * (ch + 2)).fill(1);
  for (let y = 1; y <= ch; y++) vis.fill(0, y * vw + 1, y * vw + 1 + cw);
  // Per direction (up, left, right, down): step in the visited grid, step in tiles, the wall in between, row change.
  const vStep = [-vw, -1, 1, vw];
  const tStep = [-w2, -2, 2, w2];
  const wallAt = [-width, -1, 1, width];
  const rowStep = [-1, 0, 0, 1];
  // Unvisited cells per cell row: lets the hunt skip finished rows instead of rescanning them.
  const rowLeft = new Int32Array(ch).fill(cw);
  const cx = rng.int(0, cw - 1);
  let cy = rng.int(0, ch - 1);
  let t = (2 * cy + 1) * width + 2 * cx + 1;
  let v = (cy + 1) * vw + cx + 1;
  tiles[t] = FLOOR;
  vis[v] = 1;
  rowLeft[cy]!--;
  let remaining = cw * ch - 1;
  let huntRow = 0;
  // A choice needs only 16 random bits, so one 32-bit draw serves two choices (rng calls dominate otherwise).
  let pool = 0;
  let poolLeft = 0;

  while (remaining > 0) {
    // Kill: random walk to unvisited neighbours until stuck. Arithmetic instead of branches: the neighbour
    // tests are coin flips that a branch predictor gets wrong half the time.
    for (;;) {
      const up = 1 - vis[v - vw]!;
      const left = 1 - vis[v - 1]!;
      const right = 1 - vis[v + 1]!;
      const down = 1 - vis[v + vw]!;
      const n = up + left + right + down;
      if (n === 0) break;
      // k = index of the chosen direction among the open ones, uniform up to a 1/65536 bias for n = 3.
      let k = 0;
      if (n > 1) {
        if (poolLeft === 0) {
          pool = rng.nextU32();
          poolLeft = 2;
        }
        k = ((pool & 0xffff) * n) >>> 16;
        pool >>>= 16;
        poolLeft--;
      }
      // The k-th open direction in the order up, left, right, down: count the prefix sums k has reached
      // ((a - b) >>> 31 is 1 exactly when a < b).
      const dir = 3 - ((k - up) >>> 31) - ((k - up - left) >>> 31) - ((k - up - left - right) >>> 31);
      tiles[t + wallAt[dir]!] = FLOOR;
      t += tStep[dir]!;
      v += vStep[dir]!;
      cy += rowStep[dir]!;
      tiles[t] = FLOOR;
      vis[v] = 1;
      rowLeft[cy]!--;
      remaining--;
    }
    if (remaining === 0) break;

    // Hunt: first unvisited cell (row-major from the first unfinished row) that touches a visited one. Below
    // a finished row every unvisited cell qualifies, so this scan is short. Tiles (floor = visited) are used
    // here because the frame of vis would count the outside as visited.
    while (rowLeft[huntRow] === 0) huntRow++;
    let found = false;
    for (let y = huntRow; y < ch && !found; y++) {
      if (rowLeft[y] === 0) continue;
      const rowBase = (2 * y + 1) * width + 1;
      for (let x = 0; x < cw; x++) {
        const u = rowBase + 2 * x;
        if (tiles[u] !== WALL) continue;
        const up = y > 0 && tiles[u - w2] !== WALL;
        const left = x > 0 && tiles[u - 2] !== WALL;
        const right = x < cw - 1 && tiles[u + 2] !== WALL;
        const down = y < ch - 1 && tiles[u + w2] !== WALL;
        const n = (up ? 1 : 0) + (left ? 1 : 0) + (right ? 1 : 0) + (down ? 1 : 0);
        if (n === 0) continue;
        let k = 0;
        if (n > 1) {
          if (poolLeft === 0) {
            pool = rng.nextU32();
            poolLeft = 2;
          }
          k = ((pool & 0xffff) * n) >>> 16;
          pool >>>= 16;
          poolLeft--;
        }
        // Knock through to the chosen visited neighbour, then resume the walk from the new cell.
        if (up && k-- === 0) tiles[u - width] = FLOOR;
        else if (left && k-- === 0) tiles[u - 1] = FLOOR;
        else if (right && k-- === 0) tiles[u + 1] = FLOOR;
        else tiles[u + width] = FLOOR;
        tiles[u] = FLOOR;
        rowLeft[y]!--;
        remaining--;
        t = u;
        v = (y + 1) * vw + x + 1;
        vis[v] = 1;
        cy = y;
        found = true;
        break;
      }
    }
    // Unreachable while the cell grid is connected; guards against an infinite loop if that ever breaks.
    if (!found) throw new Error('huntAndKill: hunt found no cell next to the maze');
  }

  draft.deadEnds = findDeadEnds(tiles, width, cw, ch);
  return draft;
};

/** Maze cells (odd coordinates) that are floor with exactly one open orthogonal neighbour. */
function findDeadEnds(tiles: Uint8Array, width: number, cw: number, ch: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < ch; y++) {
    const rowBase = (2 * y + 1) * width + 1;
    for (let x = 0; x < cw; x++) {
      const u = rowBase + 2 * x;
      // Cells never touch the border, so the four neighbours are always in bounds. The maze holds only Wall (0)
      // and Floor (1), so the sum is the open count: no unpredictable branches (this loop was a quarter of the step).
      const open = tiles[u - width]! + tiles[u - 1]! + tiles[u + 1]! + tiles[u + width]!;
      if (open === 1 && tiles[u] !== 0) out.push(u);
    }
  }
  return out;
}
