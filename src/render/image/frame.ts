/** Which part of the level the image map shows, and at which tile size: the whole explored level when it fits, else a camera that keeps every living player in frame. */
import type { GameState } from '../../engine/types.js';
import { cameraTarget, placeCamera, type Viewport } from '../camera.js';
import { STYLES } from '../glyphs.js';
import { TILE_SIZE } from './atlas.js';

/** A viewport and the tile size to draw it with. */
export interface Frame {
  view: Viewport;
  tileSize: number;
}

/** Side of a private view (the viewer in the middle), in tiles. */
export const PRIVATE_VIEW = { width: 21, height: 15 } as const;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function grow(b: Box | null, x: number, y: number): Box {
  if (!b) return { x0: x, y0: y, x1: x, y1: y };
  return { x0: Math.min(b.x0, x), y0: Math.min(b.y0, y), x1: Math.max(b.x1, x), y1: Math.max(b.y1, y) };
}

/** A box padded by `pad` cells, as a viewport clamped to the map. */
function boxView(b: Box, pad: number, w: number, h: number): Viewport {
  const x = Math.max(0, b.x0 - pad);
  const y = Math.max(0, b.y0 - pad);
  return { x, y, width: Math.min(w - 1, b.x1 + pad) - x + 1, height: Math.min(h - 1, b.y1 + pad) - y + 1 };
}

/**
 * The public picture's frame: the explored part of the level (and every player) when it fits the caps at 16 px;
 * else a view of the caps' size centred on the living party; when even that can't hold the whole party, 8 px tiles
 * and a view just around the party.
 */
export function publicFrame(state: GameState): Frame {
  const caps = STYLES.image.caps.desktop;
  const W = state.width;
  let explored: Box | null = null;
  for (let i = 0; i < state.explored.length; i++) if (state.explored[i] !== 0) explored = grow(explored, i % W, Math.floor(i / W));
  let party: Box | null = null;
  for (const p of state.players) if (p.alive) party = grow(party, p.x, p.y);
  let all = explored;
  for (const p of state.players) all = grow(all, p.x, p.y);
  if (!all) return { view: placeCamera(W, state.height, caps.width, caps.height, W >> 1, state.height >> 1), tileSize: TILE_SIZE };
  const whole = boxView(all, 1, W, state.height);
  if (whole.width <= caps.width && whole.height <= caps.height) return { view: whole, tileSize: TILE_SIZE };
  const c = cameraTarget(state, null);
  const view = placeCamera(W, state.height, caps.width, caps.height, c.x, c.y);
  if (!party || (party.x0 >= view.x && party.x1 < view.x + view.width && party.y0 >= view.y && party.y1 < view.y + view.height)) {
    return { view, tileSize: TILE_SIZE };
  }
  // Twice the caps at half the tile size: the same picture size, and the party spread over it.
  const wide = placeCamera(W, state.height, caps.width * 2, caps.height * 2, c.x, c.y);
  const fits = party.x0 >= wide.x && party.x1 < wide.x + wide.width && party.y0 >= wide.y && party.y1 < wide.y + wide.height;
  return { view: fits ? wide : boxView(party, 2, W, state.height), tileSize: TILE_SIZE >> 1 };
}

/** A private picture's frame: PRIVATE_VIEW around the viewer (or the party), at 16 px. */
export function privateFrame(state: GameState, viewerId: string | null): Frame {
  const c = cameraTarget(state, viewerId);
  return { view: placeCamera(state.width, state.height, PRIVATE_VIEW.width, PRIVATE_VIEW.height, c.x, c.y), tileSize: TILE_SIZE };
}
