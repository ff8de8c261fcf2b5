/**
 * Which part of the level the image map shows. Tiles are always drawn at 2x (32 px), so a picture's tile size on a
 * phone depends only on how many tiles wide it is: an embed image is shown at most PHONE_IMAGE_CSS (244) CSS px
 * wide on a 360 px phone, so a view of at most PUBLIC_VIEW.width tiles keeps a tile >= 14 CSS px, and a private view
 * of PRIVATE_VIEW.width tiles keeps it >= 18.
 *
 * How the public picture chooses (no living player ever disappears):
 * 1. the explored level (and every player) when it fits PUBLIC_VIEW: the whole level, as large as it fits;
 * 2. else the camera frames the "focus": the largest group of living players that fits PUBLIC_VIEW, preferring a group
 *    that is fighting (a monster seen within FIGHT_RANGE of one of them), then the lower slot; the monsters they fight
 *    are kept in frame when they fit;
 * 3. every living player outside that frame gets a small window (STRIP_VIEW, 3 x 3 tiles around them, the same tile size) in
 *    a strip under the picture, in slot order; one window covers every player that stands inside it.
 */
import type { GameState } from '../../engine/types.js';
import { placeCamera, type Viewport } from '../camera.js';

/** The frames of one picture: the main view, and the strip windows of living players outside it. */
export interface Frame {
  view: Viewport;
  strip: Viewport[];
}

/**
 * Widest an embed image is drawn on a 360 px phone, in CSS px: Discord's is about 300; the preview's layout (avatar
 * gutter, embed padding) leaves 244, measured in Chromium by test/preview. We size for the narrower.
 */
export const PHONE_IMAGE_CSS = 244;
/** Smallest tile on a 360 px phone, in CSS px: the shared picture and a private view. */
export const MIN_TILE_CSS = { public: 14, private: 18 } as const;

/** Largest public view, in tiles (17 x 32 px = 544 px, shown 244 CSS px wide: 14.4 CSS px a tile; 9 high keeps the message short). */
export const PUBLIC_VIEW = { width: Math.floor(PHONE_IMAGE_CSS / MIN_TILE_CSS.public), height: 9 } as const;
/** A private view (the viewer in the middle), in tiles: 13 x 32 px = 416 px, shown 244 CSS px wide: 18.8 CSS px a tile. */
export const PRIVATE_VIEW = { width: Math.floor(PHONE_IMAGE_CSS / MIN_TILE_CSS.private), height: 9 } as const;
/** A strip window around a player outside the main view, in tiles. */
export const STRIP_VIEW = { width: 3, height: 3 } as const;
/** A monster this close (steps, diagonals counting one) to a player is one the player is fighting. */
export const FIGHT_RANGE = 2;

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

/** Whether a box padded by `pad` fits a view of w x h tiles. */
function fitsIn(b: Box, pad: number, w: number, h: number): boolean {
  return b.x1 - b.x0 + 1 + 2 * pad <= w && b.y1 - b.y0 + 1 + 2 * pad <= h;
}

/** A box padded by `pad` cells, as a viewport clamped to the map. */
function boxView(b: Box, pad: number, w: number, h: number): Viewport {
  const x = Math.max(0, b.x0 - pad);
  const y = Math.max(0, b.y0 - pad);
  return { x, y, width: Math.min(w - 1, b.x1 + pad) - x + 1, height: Math.min(h - 1, b.y1 + pad) - y + 1 };
}

/** Whether (x, y) lies inside the viewport. */
export function inside(v: Viewport, x: number, y: number): boolean {
  return x >= v.x && y >= v.y && x < v.x + v.width && y < v.y + v.height;
}

const dist = (ax: number, ay: number, bx: number, by: number): number => Math.max(Math.abs(ax - bx), Math.abs(ay - by));

/** The strip windows for the living players outside `view`, in slot order, one window per group that fits in one. */
function stripFor(state: GameState, view: Viewport): Viewport[] {
  const out: Viewport[] = [];
  const living = state.players.filter((p) => p.alive).sort((a, b) => a.slot - b.slot);
  for (const p of living) {
    if (inside(view, p.x, p.y) || out.some((w) => inside(w, p.x, p.y))) continue;
    out.push(placeCamera(state.width, state.height, STRIP_VIEW.width, STRIP_VIEW.height, p.x, p.y));
  }
  return out;
}

/**
 * The public picture's frame (see the module comment). `visible[i] === mark` marks the cells seen now: only monsters
 * seen now count as fought.
 */
export function publicFrame(state: GameState, visible: Uint8Array, mark: number): Frame {
  const W = state.width;
  const H = state.height;
  const cap = PUBLIC_VIEW;
  let all: Box | null = null;
  for (let i = 0; i < state.explored.length; i++) if (state.explored[i] !== 0) all = grow(all, i % W, Math.floor(i / W));
  for (const p of state.players) all = grow(all, p.x, p.y);
  if (!all) return { view: placeCamera(W, H, cap.width, cap.height, W >> 1, H >> 1), strip: [] };
  // The whole explored level fits: show it (with a cell of margin when that fits too).
  if (fitsIn(all, 1, cap.width, cap.height)) return { view: boxView(all, 1, W, H), strip: [] };
  if (fitsIn(all, 0, cap.width, cap.height)) return { view: boxView(all, 0, W, H), strip: [] };
  const living = state.players.filter((p) => p.alive).sort((a, b) => a.slot - b.slot);
  const seen = state.monsters.filter((m) => m.hp > 0 && visible[m.y * W + m.x] === mark);
  const foes = (px: number, py: number): typeof seen => seen.filter((m) => dist(px, py, m.x, m.y) <= FIGHT_RANGE);
  let best: { box: Box; fighting: boolean; size: number } | null = null;
  for (const seed of living) {
    let box = grow(null, seed.x, seed.y);
    let size = 1;
    const others = living.filter((q) => q !== seed).sort((a, b) => dist(seed.x, seed.y, a.x, a.y) - dist(seed.x, seed.y, b.x, b.y) || a.slot - b.slot);
    for (const q of others) {
      const bigger = grow(box, q.x, q.y);
      if (fitsIn(bigger, 1, cap.width, cap.height)) {
        box = bigger;
        size++;
      }
    }
    const members = living.filter((q) => q.x >= box.x0 && q.x <= box.x1 && q.y >= box.y0 && q.y <= box.y1);
    const fighting = members.some((q) => foes(q.x, q.y).length > 0);
    // Keep what the group fights in frame when it still fits.
    for (const q of members) {
      for (const m of foes(q.x, q.y)) {
        const bigger = grow(box, m.x, m.y);
        if (fitsIn(bigger, 1, cap.width, cap.height)) box = bigger;
      }
    }
    if (!best || (fighting && !best.fighting) || (fighting === best.fighting && size > best.size)) best = { box, fighting, size };
  }
  const focus = best?.box ?? all;
  const cx = Math.floor((focus.x0 + focus.x1) / 2);
  const cy = Math.floor((focus.y0 + focus.y1) / 2);
  const view = placeCamera(W, H, cap.width, cap.height, cx, cy);
  return { view, strip: stripFor(state, view) };
}

/** A private picture's frame: PRIVATE_VIEW around the viewer (or the party's centre when they are not in the game). */
export function privateFrame(state: GameState, target: { x: number; y: number }): Frame {
  return { view: placeCamera(state.width, state.height, PRIVATE_VIEW.width, PRIVATE_VIEW.height, target.x, target.y), strip: [] };
}
