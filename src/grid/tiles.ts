/**
 * Tile codes stored in a map's Uint8Array, one byte per cell at index y * width + x. Wall is 0 and every other
 * tile is open, so the tiles array itself is the passability and transparency mask of the grid algorithms.
 */
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

/** True when every border tile is a wall: the grid algorithms rely on it to skip bounds checks. */
export function hasSolidBorder(tiles: Uint8Array, width: number, height: number): boolean {
  const last = (height - 1) * width;
  let open = 0;
  for (let x = 0; x < width; x++) open |= tiles[x]! | tiles[last + x]!;
  for (let y = 1; y < height - 1; y++) open |= tiles[y * width]! | tiles[y * width + width - 1]!;
  return open === 0;
}
