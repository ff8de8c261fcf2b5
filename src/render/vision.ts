/**
 * The party's sight for rendering, without allocation: the engine's rule (symmetric shadowcasting from every living
 * player, radius config.fovRadius, walls opaque; see engine computeVisibility) computed into one reused mask.
 * engine computeVisibility allocates a full-map mask per player (about 130 µs on 200x200); this costs a few µs.
 * A test checks that both agree.
 */
import { Fov } from '../pathfinding/index.js';
import type { GameState } from '../engine/types.js';

/** A visibility mask in which cell i is seen now when mask[i] === mark (a generation counter spares clearing). */
export interface SeenMask {
  mask: Uint8Array;
  mark: number;
}

let fov: Fov | null = null;
let mask = new Uint8Array(0);
let mark = 0;

/**
 * Cells any living player sees now; when no one is alive (a lost run), what the fallen saw last, so that the
 * game-over screen shows the final scene. The mask is reused by the next call: read it before rendering another state.
 */
export function partySight(state: GameState): SeenMask {
  const size = state.width * state.height;
  if (!fov || fov.width !== state.width || fov.height !== state.height) {
    fov = new Fov(state.width, state.height);
    mask = new Uint8Array(size);
    mark = 0;
  }
  mark++;
  if (mark > 255) {
    mask.fill(0);
    mark = 1;
  }
  // Tile.Wall is 0, exactly the "opaque" value Fov tests for, so the tiles serve as the transparency mask.
  const anyAlive = state.players.some((p) => p.alive);
  for (const p of state.players) if (p.alive || !anyAlive) fov.compute(state.tiles, p.x, p.y, state.config.fovRadius, mask, mark);
  return { mask, mark };
}
