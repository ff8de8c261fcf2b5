import { isInterior, type Topology } from './types.js';

/** Largest map (in cells) an AStar accepts: 65,536, e.g. 256 x 256. */
export const MAX_ASTAR_CELLS = 1 << 16;

// Scratch buffers shared by every AStar, module constants on purpose: V8 compiles accesses to a
// constant typed array with its address and length folded in, which frees registers in the hot
// loop. Searches are synchronous and the path is copied out, so sharing is invisible.
/** Generation stamp of the search that last reached each cell (so nothing is cleared between searches). */
const STAMP = new Uint32Array(MAX_ASTAR_CELLS);
const G = new Int32Array(MAX_ASTAR_CELLS);
const F = new Int32Array(MAX_ASTAR_CELLS);
const PARENT = new Int32Array(MAX_ASTAR_CELLS);
/** Three stacks of MAX_ASTAR_CELLS entries: a bucket never holds the same cell twice (each push lowers its f). */
const STACKS = new Int32Array(MAX_ASTAR_CELLS * 3);
let lastStamp = 0;

/**
 * Reusable A* searcher for one map size: buffers allocated once (module-wide scratch, see above;
 * at most MAX_ASTAR_CELLS cells).
 *
 * Every step costs 1 (diagonals too, in 8-dir), so the open list is a bucket queue keyed by
 * f = g + h instead of a binary heap: with a consistent heuristic f never decreases, and one step
 * raises it by 0, 1 or 2, so three (8-dir) or two (4-dir, where f keeps its parity) LIFO stacks
 * suffice. LIFO inside a bucket favours the deepest node, which keeps the search narrow.
 * Visited cells are recognised by a generation stamp, so nothing is cleared between searches.
 * Relies on the wall border (see types.ts): neighbours of interior cells are never read out of range.
 */
export class AStar {
  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number) {
    if (!(width > 0 && height > 0 && width * height <= MAX_ASTAR_CELLS)) {
      throw new RangeError(`AStar supports 1 to ${MAX_ASTAR_CELLS} cells, got ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
  }

  /** Shortest path from start to goal (indices). Returns the path as indices EXCLUDING start and INCLUDING goal ([] when start === goal), or null when unreachable. Manhattan heuristic for 4-dir, Chebyshev for 8-dir. `passable` of start is not checked; goal must be passable unless allowBlockedGoal is true (useful to path to a tile occupied by a player). */
  find(passable: Uint8Array, start: number, goal: number, topology: Topology, allowBlockedGoal = false): number[] | null {
    if (start === goal) return [];
    const { width, height } = this;
    // Border or out-of-range endpoints: the border is solid wall, so there is no path (and reading
    // the neighbours of a border cell would leave the array).
    if (!isInterior(start, width, height) || !isInterior(goal, width, height)) return null;
    if (!allowBlockedGoal && passable[goal] === 0) return null;
    if (lastStamp >= 0xfffffffe) {
      STAMP.fill(0);
      lastStamp = 0;
    }
    const stamp = ++lastStamp;
    const found = topology === 4 ? this.search4(passable, start, goal, stamp) : this.search8(passable, start, goal, stamp);
    if (!found) return null;
    const path: number[] = [];
    for (let i = goal; i !== start; i = PARENT[i]!) path.push(i);
    return path.reverse();
  }

  private search4(passable: Uint8Array, start: number, goal: number, stamp: number): boolean {
    const w = this.width;
    const gy = (goal / w) | 0;
    const gx = goal - gy * w;
    const sy = (start / w) | 0;
    const sx = start - sy * w;
    let curF = Math.abs(sx - gx) + Math.abs(sy - gy);
    STAMP[start] = stamp;
    G[start] = 0;
    F[start] = curF;
    PARENT[start] = -1;
    // Two stacks: the current f and f + 2 (4-dir f values all share the parity of the start's h).
    let cur = 0;
    let next = MAX_ASTAR_CELLS;
    let curTop = 1;
    let nextTop = 0;
    STACKS[0] = start;
    for (;;) {
      while (curTop > 0) {
        const u = STACKS[cur + --curTop]!;
        if (F[u] !== curF) continue; // stale: the cell was reached more cheaply later
        const ng = G[u]! + 1;
        const uy = (u / w) | 0;
        const ux = u - uy * w;
        let n: number;
        let nf: number;
        // Moving towards the goal keeps f; moving away raises it by 2.
        n = u - w;
        if (passable[n] !== 0 || n === goal) {
          nf = uy > gy ? curF : curF + 2;
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            if (nf === curF) STACKS[cur + curTop++] = n; else STACKS[next + nextTop++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (nf === curF) STACKS[cur + curTop++] = n; else STACKS[next + nextTop++] = n;
          }
        }
        n = u + w;
        if (passable[n] !== 0 || n === goal) {
          nf = uy < gy ? curF : curF + 2;
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            if (nf === curF) STACKS[cur + curTop++] = n; else STACKS[next + nextTop++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (nf === curF) STACKS[cur + curTop++] = n; else STACKS[next + nextTop++] = n;
          }
        }
        n = u + 1;
        if (passable[n] !== 0 || n === goal) {
          nf = ux < gx ? curF : curF + 2;
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            if (nf === curF) STACKS[cur + curTop++] = n; else STACKS[next + nextTop++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (nf === curF) STACKS[cur + curTop++] = n; else STACKS[next + nextTop++] = n;
          }
        }
        n = u - 1;
        if (passable[n] !== 0 || n === goal) {
          nf = ux > gx ? curF : curF + 2;
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            if (nf === curF) STACKS[cur + curTop++] = n; else STACKS[next + nextTop++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (nf === curF) STACKS[cur + curTop++] = n; else STACKS[next + nextTop++] = n;
          }
        }
      }
      if (nextTop === 0) return false;
      const t = cur;
      cur = next;
      next = t;
      curTop = nextTop;
      nextTop = 0;
      curF += 2;
    }
  }

  private search8(passable: Uint8Array, start: number, goal: number, stamp: number): boolean {
    const w = this.width;
    const gy = (goal / w) | 0;
    const gx = goal - gy * w;
    const sy = (start / w) | 0;
    const sx = start - sy * w;
    let curF = Math.max(Math.abs(sx - gx), Math.abs(sy - gy));
    STAMP[start] = stamp;
    G[start] = 0;
    F[start] = curF;
    PARENT[start] = -1;
    // Three stacks for f, f + 1 and f + 2, rotated as f advances.
    let b0 = 0;
    let b1 = MAX_ASTAR_CELLS;
    let b2 = MAX_ASTAR_CELLS * 2;
    let t0 = 1;
    let t1 = 0;
    let t2 = 0;
    STACKS[0] = start;
    for (;;) {
      while (t0 > 0) {
        const u = STACKS[b0 + --t0]!;
        if (F[u] !== curF) continue; // stale
        const ng = G[u]! + 1;
        const uy = (u / w) | 0;
        const ux = u - uy * w;
        // Chebyshev heuristic of the neighbours, from the three candidate columns and rows.
        const axm = Math.abs(ux - 1 - gx);
        const ax0 = Math.abs(ux - gx);
        const axp = Math.abs(ux + 1 - gx);
        const aym = Math.abs(uy - 1 - gy);
        const ay0 = Math.abs(uy - gy);
        const ayp = Math.abs(uy + 1 - gy);
        let n: number;
        let nf: number;
        let d: number;

        n = u - w; // n
        if (passable[n] !== 0 || n === goal) {
          nf = ng + (ax0 > aym ? ax0 : aym);
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          }
        }
        n = u + w; // s
        if (passable[n] !== 0 || n === goal) {
          nf = ng + (ax0 > ayp ? ax0 : ayp);
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          }
        }
        n = u + 1; // e
        if (passable[n] !== 0 || n === goal) {
          nf = ng + (axp > ay0 ? axp : ay0);
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          }
        }
        n = u - 1; // w
        if (passable[n] !== 0 || n === goal) {
          nf = ng + (axm > ay0 ? axm : ay0);
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          }
        }
        n = u - w + 1; // ne
        if (passable[n] !== 0 || n === goal) {
          nf = ng + (axp > aym ? axp : aym);
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          }
        }
        n = u - w - 1; // nw
        if (passable[n] !== 0 || n === goal) {
          nf = ng + (axm > aym ? axm : aym);
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          }
        }
        n = u + w + 1; // se
        if (passable[n] !== 0 || n === goal) {
          nf = ng + (axp > ayp ? axp : ayp);
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          }
        }
        n = u + w - 1; // sw
        if (passable[n] !== 0 || n === goal) {
          nf = ng + (axm > ayp ? axm : ayp);
          if (STAMP[n] !== stamp) {
            STAMP[n] = stamp; G[n] = ng; F[n] = nf; PARENT[n] = u;
            if (n === goal) return true;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          } else if (ng < G[n]!) {
            G[n] = ng; F[n] = nf; PARENT[n] = u;
            d = nf - curF;
            if (d === 0) STACKS[b0 + t0++] = n; else if (d === 1) STACKS[b1 + t1++] = n; else STACKS[b2 + t2++] = n;
          }
        }
      }
      if (t1 === 0 && t2 === 0) return false;
      const b = b0;
      b0 = b1;
      b1 = b2;
      b2 = b;
      t0 = t1;
      t1 = t2;
      t2 = 0;
      curF += 1;
    }
  }
}
