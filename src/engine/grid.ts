/** Tile codes stored in a map's Uint8Array, one byte per cell at index y * width + x. */
export const Tile = { Wall: 0, Floor: 1, Stairs: 2 } as const;
export type TileCode = (typeof Tile)[keyof typeof Tile];

/** A rectangular tile grid. Generated maps always have a solid wall border. */
export interface Grid {
  width: number;
  height: number;
  tiles: Uint8Array;
}

/** Smallest and largest map the engine accepts. */
export const MIN_WIDTH = 20;
export const MIN_HEIGHT = 12;
export const MAX_SIDE = 200;

/** True when a tile code can be walked on and seen through. */
export function isOpen(tile: number): boolean {
  return tile !== Tile.Wall;
}

/** Passability/transparency mask (1 = open) of a grid, for the grid algorithms. */
export function openMask(grid: Grid, out: Uint8Array = new Uint8Array(grid.tiles.length)): Uint8Array {
  const t = grid.tiles;
  for (let i = 0; i < t.length; i++) out[i] = t[i] === Tile.Wall ? 0 : 1;
  return out;
}
