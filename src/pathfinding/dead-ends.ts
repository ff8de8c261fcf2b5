/**
 * Dead-end branches of a map: cells from which the only way on is back (corridor spurs, pockets, and the tree-like
 * parts of a maze), found by peeling cells with at most one open neighbour until none is left. What remains lies on
 * a loop or in an open area. Typed arrays, a reusable queue, no allocation per call.
 */
import type { Topology } from './types.js';

export class DeadEnds {
  private readonly degree: Int32Array;
  private readonly queue: Int32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.degree = new Int32Array(width * height);
    this.queue = new Int32Array(width * height);
  }

  /** Writes 1 into out[i] for every open cell in a dead-end branch, 0 elsewhere; returns how many were marked. */
  compute(passable: Uint8Array, topology: Topology, out: Uint8Array): number {
    const w = this.width;
    const size = w * this.height;
    if (passable.length !== size || out.length !== size) throw new RangeError(`passable and out must have ${size} cells`);
    const deg = this.degree;
    const q = this.queue;
    const eight = topology === 8;
    out.fill(0);
    let tail = 0;
    // The border is solid wall (a precondition of every grid algorithm here), so interior neighbours are in bounds.
    for (let y = 1; y < this.height - 1; y++) {
      for (let i = y * w + 1, end = y * w + w - 1; i < end; i++) {
        if (passable[i] === 0) continue;
        let d = (passable[i - w] !== 0 ? 1 : 0) + (passable[i + w] !== 0 ? 1 : 0) + (passable[i - 1] !== 0 ? 1 : 0) + (passable[i + 1] !== 0 ? 1 : 0);
        if (eight) d += (passable[i - w - 1] !== 0 ? 1 : 0) + (passable[i - w + 1] !== 0 ? 1 : 0) + (passable[i + w - 1] !== 0 ? 1 : 0) + (passable[i + w + 1] !== 0 ? 1 : 0);
        deg[i] = d;
        if (d <= 1) {
          out[i] = 1;
          q[tail++] = i;
        }
      }
    }
    for (let head = 0; head < tail; head++) {
      const u = q[head]!;
      // Peeling u lowers each open neighbour's count; one left with a single way on joins the branch.
      tail = this.peel(u - w, passable, out, tail);
      tail = this.peel(u + w, passable, out, tail);
      tail = this.peel(u - 1, passable, out, tail);
      tail = this.peel(u + 1, passable, out, tail);
      if (eight) {
        tail = this.peel(u - w - 1, passable, out, tail);
        tail = this.peel(u - w + 1, passable, out, tail);
        tail = this.peel(u + w - 1, passable, out, tail);
        tail = this.peel(u + w + 1, passable, out, tail);
      }
    }
    return tail;
  }

  /** Lowers cell n's open-neighbour count; queues and marks it once it has a single way on. Returns the new tail. */
  private peel(n: number, passable: Uint8Array, out: Uint8Array, tail: number): number {
    if (passable[n] === 0 || out[n] !== 0) return tail;
    if (--this.degree[n]! <= 1) {
      out[n] = 1;
      this.queue[tail++] = n;
    }
    return tail;
  }
}
