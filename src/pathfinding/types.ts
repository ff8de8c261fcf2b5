/**
 * Shared conventions of the grid algorithms.
 *
 * A map is `width`, `height` and a mask (`Uint8Array`, nonzero = passable / transparent) indexed
 * `y * width + x`. Callers GUARANTEE that the outer border of every map is impassable and opaque:
 * the hot loops rely on it to skip bounds checks. Starts, goals and origins on the border are
 * handled without reading outside the arrays, but are treated as isolated (no path, nothing seen).
 */

/** Neighbourhood: 4 (orthogonal) or 8 (orthogonal + diagonal, each step costs 1, no corner-cutting rule). */
export type Topology = 4 | 8;

/** Value of unreached cells in distance fields (far above any real distance, safe to add small numbers to). */
export const UNREACHABLE = 0x3fffffff;

/** True when index `i` lies strictly inside the map (not on the border, not outside). */
export function isInterior(i: number, width: number, height: number): boolean {
  if (!(i >= 0 && i < width * height) || !Number.isInteger(i)) return false;
  const y = (i / width) | 0;
  const x = i - y * width;
  return x > 0 && y > 0 && x < width - 1 && y < height - 1;
}
