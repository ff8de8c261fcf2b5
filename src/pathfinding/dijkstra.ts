import { UNREACHABLE, isInterior, type Topology } from './types.js';

/** Fixed-point scale of flee maps: one step costs FLEE_SCALE, and an approach distance d starts at -1.2 * d * FLEE_SCALE = -12 d. */
export const FLEE_SCALE = 10;
/** -1.2 * FLEE_SCALE: with a scale of 10 the flee map stays exact in integers. */
const FLEE_START = -12;

/** Largest map (in cells) a DistanceField accepts: 65,536, e.g. 256 x 256. */
export const MAX_FIELD_CELLS = 1 << 16;

// Scratch buffers shared by every DistanceField. They are module constants on purpose: V8 compiles
// accesses to a constant typed array with its address and length folded in, which made the hot
// loops about 1.8x faster than the same code on per-instance buffers (no registers spent on array
// bases and lengths). Calls are synchronous and results are copied out, so sharing is invisible.
/** Working distances / flee values. */
const WORK = new Int32Array(MAX_FIELD_CELLS);
/** Copy of the passability mask; a byte is cleared when its cell is reached. */
const OPEN = new Uint8Array(MAX_FIELD_CELLS);
/** FIFO of cells (breadth-first search, and relaxed cells of the flee rescan). */
const QUEUE = new Int32Array(MAX_FIELD_CELLS);
/** Value each queued flee cell had when queued. */
const QUEUE_KEY = new Int32Array(MAX_FIELD_CELLS);
/** Flee sources sorted by starting value, and those values. */
const ORDER = new Int32Array(MAX_FIELD_CELLS);
const ORDER_KEY = new Int32Array(MAX_FIELD_CELLS);
/** Counting-sort buckets, one per approach distance. */
const COUNTS = new Int32Array(MAX_FIELD_CELLS + 1);

/**
 * Reusable Dijkstra-map builder for one map size (at most MAX_FIELD_CELLS cells).
 *
 * Every step costs 1, so a distance field is a multi-source breadth-first search over a typed
 * queue: cells leave the queue in distance order, which is what a bucket queue would give, without
 * the buckets. Relies on the wall border (see types.ts) to skip bounds checks.
 */
export class DistanceField {
  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number) {
    if (!(width > 0 && height > 0 && width * height <= MAX_FIELD_CELLS)) {
      throw new RangeError(`DistanceField supports 1 to ${MAX_FIELD_CELLS} cells, got ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
  }

  /** Multi-goal distance field (steps) into `out` (length width*height, allocated here when omitted). Cells farther than `limit` steps (default: unlimited) and unreachable cells get UNREACHABLE; goals get 0 even when impassable (a goal on the border gets 0 but spreads nothing). Returns out. */
  compute(passable: Uint8Array, goals: ArrayLike<number>, topology: Topology, limit: number = UNREACHABLE, out?: Int32Array): Int32Array {
    const w = this.width;
    const h = this.height;
    const size = w * h;
    if (passable.length !== size) throw new RangeError(`passable has ${passable.length} cells, expected ${size}`);
    WORK.fill(UNREACHABLE, 0, size);
    OPEN.set(passable);
    let tail = 0;
    for (let k = 0; k < goals.length; k++) {
      const goal = goals[k]!;
      if (!(goal >= 0 && goal < size) || WORK[goal] === 0) continue;
      WORK[goal] = 0;
      OPEN[goal] = 0;
      if (isInterior(goal, w, h)) QUEUE[tail++] = goal;
    }
    let head = 0;
    if (topology === 4) {
      while (head < tail) {
        const u = QUEUE[head++]!;
        const d = WORK[u]!;
        if (d >= limit) break; // FIFO order: everything left is at least as far
        const nd = d + 1;
        let n = u - w;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u + w;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u + 1;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u - 1;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
      }
    } else {
      while (head < tail) {
        const u = QUEUE[head++]!;
        const d = WORK[u]!;
        if (d >= limit) break;
        const nd = d + 1;
        let n = u - w;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u + w;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u + 1;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u - 1;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u - w + 1;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u - w - 1;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u + w + 1;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
        n = u + w - 1;
        if (OPEN[n] !== 0) { OPEN[n] = 0; WORK[n] = nd; QUEUE[tail++] = n; }
      }
    }
    const field = out ?? new Int32Array(size);
    field.set(WORK.subarray(0, size));
    return field;
  }

  /**
   * Flee map from an approach field: every reachable, passable interior cell starts at
   * -1.2 * approach * FLEE_SCALE (= -12 * approach), then the map is rescanned so that no cell is
   * worth more than a neighbour plus FLEE_SCALE. Far-away cells pull their surroundings down, so
   * the lowest values lead AWAY from the goals and around corners rather than into dead ends.
   * Values are integers; lower is better to step to; cells that are unreachable in `approach`,
   * impassable, or on the border stay UNREACHABLE.
   */
  flee(passable: Uint8Array, approach: Int32Array, topology: Topology, out?: Int32Array): Int32Array {
    const w = this.width;
    const h = this.height;
    const size = w * h;
    if (passable.length !== size || approach.length !== size) throw new RangeError(`passable and approach must have ${size} cells`);
    WORK.fill(UNREACHABLE, 0, size);
    // Counting sort of the taking-part cells by approach distance, farthest first: they have the
    // lowest starting values, so they seed the rescan in increasing value order.
    let maxA = -1;
    for (let y = 1; y < h - 1; y++) {
      const end = y * w + w - 1;
      for (let i = y * w + 1; i < end; i++) {
        const a = approach[i]!;
        if (a !== UNREACHABLE && a >= 0 && a < size && passable[i] !== 0) {
          if (a > maxA) {
            COUNTS.fill(0, maxA + 1, a + 1);
            maxA = a;
          }
          COUNTS[a]!++;
          WORK[i] = FLEE_START * a;
        }
      }
    }
    let sources = 0;
    for (let a = maxA; a >= 0; a--) {
      const c = COUNTS[a]!;
      COUNTS[a] = sources;
      sources += c;
    }
    for (let y = 1; y < h - 1; y++) {
      const end = y * w + w - 1;
      for (let i = y * w + 1; i < end; i++) {
        const v = WORK[i]!;
        if (v !== UNREACHABLE) {
          const slot = COUNTS[approach[i]!]!++;
          ORDER[slot] = i;
          ORDER_KEY[slot] = v;
        }
      }
    }
    // Dijkstra with every cell a source: equal step costs make the queue of relaxed cells
    // monotone, so merging it with the sorted sources yields cells in nondecreasing value.
    let si = 0;
    let head = 0;
    let tail = 0;
    const eight = topology === 8;
    while (si < sources || head < tail) {
      let u: number;
      let key: number;
      if (head < tail && (si >= sources || QUEUE_KEY[head]! <= ORDER_KEY[si]!)) {
        u = QUEUE[head]!;
        key = QUEUE_KEY[head++]!;
      } else {
        u = ORDER[si]!;
        key = ORDER_KEY[si++]!;
      }
      if (WORK[u] !== key) continue; // improved since this entry was queued
      const cand = key + FLEE_SCALE;
      let n: number;
      let v: number;
      // UNREACHABLE marks walls and cells not taking part: they are never relaxed.
      n = u - w; v = WORK[n]!;
      if (v > cand && v !== UNREACHABLE) { WORK[n] = cand; QUEUE[tail] = n; QUEUE_KEY[tail++] = cand; }
      n = u + w; v = WORK[n]!;
      if (v > cand && v !== UNREACHABLE) { WORK[n] = cand; QUEUE[tail] = n; QUEUE_KEY[tail++] = cand; }
      n = u + 1; v = WORK[n]!;
      if (v > cand && v !== UNREACHABLE) { WORK[n] = cand; QUEUE[tail] = n; QUEUE_KEY[tail++] = cand; }
      n = u - 1; v = WORK[n]!;
      if (v > cand && v !== UNREACHABLE) { WORK[n] = cand; QUEUE[tail] = n; QUEUE_KEY[tail++] = cand; }
      if (eight) {
        n = u - w + 1; v = WORK[n]!;
        if (v > cand && v !== UNREACHABLE) { WORK[n] = cand; QUEUE[tail] = n; QUEUE_KEY[tail++] = cand; }
        n = u - w - 1; v = WORK[n]!;
        if (v > cand && v !== UNREACHABLE) { WORK[n] = cand; QUEUE[tail] = n; QUEUE_KEY[tail++] = cand; }
        n = u + w + 1; v = WORK[n]!;
        if (v > cand && v !== UNREACHABLE) { WORK[n] = cand; QUEUE[tail] = n; QUEUE_KEY[tail++] = cand; }
        n = u + w - 1; v = WORK[n]!;
        if (v > cand && v !== UNREACHABLE) { WORK[n] = cand; QUEUE[tail] = n; QUEUE_KEY[tail++] = cand; }
      }
    }
    const field = out ?? new Int32Array(size);
    field.set(WORK.subarray(0, size));
    return field;
  }
}

/** The best neighbour index of `from` to step to on a field (strictly lower value than `from`), considering only cells where `canEnter(index)` is true; -1 when no neighbour improves. Ties broken in a fixed order (n, s, e, w, ne, nw, se, sw) so results are deterministic. */
export function downhill(field: Int32Array, width: number, from: number, topology: Topology, canEnter?: (index: number) => boolean): number {
  const size = field.length;
  if (!(from >= 0 && from < size)) return -1;
  const x = from % width;
  // Guards keep a border `from` from reading outside the array or wrapping to the next row.
  const hasN = from >= width;
  const hasS = from + width < size;
  const hasE = x < width - 1;
  const hasW = x > 0;
  let best = -1;
  let bestV = field[from]!;
  let n: number;
  let v: number;
  if (hasN) { n = from - width; v = field[n]!; if (v < bestV && (!canEnter || canEnter(n))) { best = n; bestV = v; } }
  if (hasS) { n = from + width; v = field[n]!; if (v < bestV && (!canEnter || canEnter(n))) { best = n; bestV = v; } }
  if (hasE) { n = from + 1; v = field[n]!; if (v < bestV && (!canEnter || canEnter(n))) { best = n; bestV = v; } }
  if (hasW) { n = from - 1; v = field[n]!; if (v < bestV && (!canEnter || canEnter(n))) { best = n; bestV = v; } }
  if (topology === 8) {
    if (hasN && hasE) { n = from - width + 1; v = field[n]!; if (v < bestV && (!canEnter || canEnter(n))) { best = n; bestV = v; } }
    if (hasN && hasW) { n = from - width - 1; v = field[n]!; if (v < bestV && (!canEnter || canEnter(n))) { best = n; bestV = v; } }
    if (hasS && hasE) { n = from + width + 1; v = field[n]!; if (v < bestV && (!canEnter || canEnter(n))) { best = n; bestV = v; } }
    if (hasS && hasW) { n = from + width - 1; v = field[n]!; if (v < bestV && (!canEnter || canEnter(n))) { best = n; bestV = v; } }
  }
  return best;
}

/** Breadth-first flood from `start` (e.g. mapgen reachability): out[i] = steps from start, or -1 when not reached; returns the number of cells reached (0 when start is outside the map). A start on the border is reached but spreads nothing. Allocates its queue. */
export function floodFill(passable: Uint8Array, width: number, height: number, start: number, topology: Topology, out?: Int32Array): number {
  const size = width * height;
  const dist = out ?? new Int32Array(size);
  dist.fill(-1);
  if (!(start >= 0 && start < size) || !Number.isInteger(start)) return 0;
  dist[start] = 0;
  if (!isInterior(start, width, height)) return 1;
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  const w = width;
  const eight = topology === 8;
  while (head < tail) {
    const u = queue[head++]!;
    const nd = dist[u]! + 1;
    let n = u - w;
    if (passable[n] !== 0 && dist[n] === -1) { dist[n] = nd; queue[tail++] = n; }
    n = u + w;
    if (passable[n] !== 0 && dist[n] === -1) { dist[n] = nd; queue[tail++] = n; }
    n = u + 1;
    if (passable[n] !== 0 && dist[n] === -1) { dist[n] = nd; queue[tail++] = n; }
    n = u - 1;
    if (passable[n] !== 0 && dist[n] === -1) { dist[n] = nd; queue[tail++] = n; }
    if (eight) {
      n = u - w + 1;
      if (passable[n] !== 0 && dist[n] === -1) { dist[n] = nd; queue[tail++] = n; }
      n = u - w - 1;
      if (passable[n] !== 0 && dist[n] === -1) { dist[n] = nd; queue[tail++] = n; }
      n = u + w + 1;
      if (passable[n] !== 0 && dist[n] === -1) { dist[n] = nd; queue[tail++] = n; }
      n = u + w - 1;
      if (passable[n] !== 0 && dist[n] === -1) { dist[n] = nd; queue[tail++] = n; }
    }
  }
  return tail;
}
