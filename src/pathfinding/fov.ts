/**
 * Reusable field-of-view computer: Albert Ford's symmetric shadowcasting
 * (https://www.albertford.com/shadowcasting/), iterative, with exact integer slopes.
 *
 * Each of the four quadrants is scanned row by row; slopes are fractions (2 col - 1) / (2 depth)
 * kept as numerator/denominator pairs, so no floating-point error can break symmetry.
 * A floor cell is visible when its centre lies inside an unblocked sector (this is what makes
 * the result symmetric); a wall is visible when any part of it is. The view is cut to a circle:
 * a cell at offset (dx, dy) is marked only when dx*dx + dy*dy <= radius*radius.
 * Relies on the wall border (see types.ts): the scan never crosses it, so no bounds checks.
 */
export class Fov {
  readonly width: number;
  readonly height: number;
  /** Pending rows, five ints each: depth, start slope (num, den), end slope (num, den). */
  private stack: Int32Array;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.stack = new Int32Array(5 * 64);
  }

  /** Marks every cell visible from (ox, oy) within `radius` (dx*dx + dy*dy <= radius*radius) into `out` by setting out[i] = value (default 1); does not clear `out` first (so several viewers can be OR-ed into one mask). Walls that bound visible floor are themselves visible. The origin is always visible; an origin on the border sees only itself. */
  compute(transparent: Uint8Array, ox: number, oy: number, radius: number, out: Uint8Array, value = 1): void {
    const w = this.width;
    const h = this.height;
    if (!(ox >= 0 && oy >= 0 && ox < w && oy < h)) return;
    const origin = oy * w + ox;
    out[origin] = value;
    if (ox === 0 || oy === 0 || ox === w - 1 || oy === h - 1 || !(radius >= 1)) return;
    const r2 = radius * radius;
    const maxDepth = Math.floor(radius);
    // Quadrants as (row step, column step): north, south, east, west.
    this.quadrant(transparent, out, value, origin, -w, 1, maxDepth, r2);
    this.quadrant(transparent, out, value, origin, w, 1, maxDepth, r2);
    this.quadrant(transparent, out, value, origin, 1, w, maxDepth, r2);
    this.quadrant(transparent, out, value, origin, -1, w, maxDepth, r2);
  }

  private quadrant(
    transparent: Uint8Array,
    out: Uint8Array,
    value: number,
    origin: number,
    rowStep: number,
    colStep: number,
    maxDepth: number,
    r2: number,
  ): void {
    let stack = this.stack;
    // First row: depth 1, slopes -1 .. 1.
    stack[0] = 1;
    stack[1] = -1;
    stack[2] = 1;
    stack[3] = 1;
    stack[4] = 1;
    let sp = 5;
    while (sp > 0) {
      sp -= 5;
      const depth = stack[sp]!;
      let sN = stack[sp + 1]!;
      let sD = stack[sp + 2]!;
      const eN = stack[sp + 3]!;
      const eD = stack[sp + 4]!;
      // Columns whose centre-extended span meets the sector: round depth*start half up, depth*end half down.
      let minCol = Math.floor((2 * depth * sN + sD) / (2 * sD));
      let maxCol = Math.ceil((2 * depth * eN - eD) / (2 * eD));
      // Floor is seen only when its centre lies inside the sector [start, end] (the symmetric rule).
      // Once the start slope moves past a wall it passes through that cell's left edge, so only
      // the row's initial start slope can exclude a floor centre: two bounds per row suffice.
      const symLo = Math.ceil((depth * sN) / sD);
      const symHi = Math.floor((depth * eN) / eD);
      // Clip to the circle. Cells beyond it can only shadow cells that are farther out still, so
      // skipping them changes nothing inside the circle.
      const reach = Math.floor(Math.sqrt(r2 - depth * depth));
      if (minCol < -reach) minCol = -reach;
      if (maxCol > reach) maxCol = reach;
      const next = depth + 1;
      const twoDepth = 2 * depth;
      let idx = origin + depth * rowStep + minCol * colStep;
      // 0: no previous cell, 1: previous was floor, 2: previous was wall.
      let prev = 0;
      for (let col = minCol; col <= maxCol; col++, idx += colStep) {
        if (transparent[idx] === 0) {
          out[idx] = value;
          if (prev === 1 && next <= maxDepth) {
            if (sp + 5 > stack.length) stack = this.grow();
            stack[sp] = next;
            stack[sp + 1] = sN;
            stack[sp + 2] = sD;
            stack[sp + 3] = 2 * col - 1;
            stack[sp + 4] = twoDepth;
            sp += 5;
          }
          prev = 2;
        } else {
          if (col >= symLo && col <= symHi) out[idx] = value;
          if (prev === 2) {
            sN = 2 * col - 1;
            sD = twoDepth;
          }
          prev = 1;
        }
      }
      if (prev === 1 && next <= maxDepth) {
        if (sp + 5 > stack.length) stack = this.grow();
        stack[sp] = next;
        stack[sp + 1] = sN;
        stack[sp + 2] = sD;
        stack[sp + 3] = eN;
        stack[sp + 4] = eD;
        sp += 5;
      }
    }
  }

  private grow(): Int32Array {
    const bigger = new Int32Array(this.stack.length * 2);
    bigger.set(this.stack);
    this.stack = bigger;
    return bigger;
  }
}

/** True when (bx, by) is visible from (ax, ay) within radius under the same rules as Fov.compute (symmetric: lineOfSight(a, b) === lineOfSight(b, a) for floor cells). Allocates; for occasional checks and tests. */
export function lineOfSight(transparent: Uint8Array, width: number, height: number, ax: number, ay: number, bx: number, by: number, radius: number): boolean {
  if (!(bx >= 0 && by >= 0 && bx < width && by < height)) return false;
  if (ax === bx && ay === by) return ax >= 0 && ay >= 0 && ax < width && ay < height;
  const dx = bx - ax;
  const dy = by - ay;
  if (dx * dx + dy * dy > radius * radius) return false;
  const out = new Uint8Array(width * height);
  new Fov(width, height).compute(transparent, ax, ay, radius, out);
  return out[by * width + bx] === 1;
}
