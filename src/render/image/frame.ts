/**
 * Which part of the level the image map shows. Tiles are always drawn at 2x (32 px), so a picture's tile size on a
 * phone depends only on how many tiles wide it is. The one sizing rule: a picture shows at most
 * tilesAcross(minimum tile) tiles, PHONE_IMAGE_CSS (the narrowest width an embed image is drawn at on a 360 px phone)
 * divided by the smallest tile that may be shown. The shared picture keeps a tile >= MIN_TILE_CSS.public (17 tiles
 * across), with the server's `mobile` setting >= MIN_TILE_CSS.private like a private view (13 tiles across).
 *
 * How the public picture chooses (no living player ever disappears):
 * 1. the explored level (and every player) when it fits the view: the whole level, as large as it fits;
 * 2. else the camera frames the "focus": the largest group of living players that fits the view, preferring a group
 *    that is fighting (a monster seen within FIGHT_RANGE of one of them, or one that traded blows with one of them in
 *    the last step), then the lower slot; the monsters they fight are kept in frame when they fit, then the monsters
 *    coming for the party, nearest first. Of the places that hold the focus the view takes the one that shows the most
 *    explored cells (the least black), then the one nearest to centred on the focus;
 * 3. every living player outside that frame gets a small window (STRIP_VIEW, 3 x 3 tiles around them, the same tile size) in
 *    a strip under the picture, in slot order, then every monster trading blows with a player that is still off it
 *    (a shot from afar); one window covers everything that stands inside it.
 */
import type { GameState, Monster } from '../../engine/types.js';
import { threatens } from '../../engine/pace.js';
import { placeCamera, type Viewport } from '../camera.js';

/** The frames of one picture: the main view, and the strip windows of living players outside it. */
export interface Frame {
  view: Viewport;
  strip: Viewport[];
}

/**
 * How wide an embed image is drawn on a 360 px phone, in CSS px. Discord's phone client: about 300 (issue 17's
 * measurement; an embed image fills the embed's width there). The preview's Discord-like layout: 360 minus the 68 px
 * avatar gutter, the 16 px right margin, the 4 px colour bar and 12 + 16 px of embed padding = 244 on the shared
 * message, 242 in an ephemeral reply (its 2 px bar); test/preview measures it in Chromium. The pictures are sized for
 * the narrowest, so a tile keeps its minimum in all of them.
 */
export const PHONE_IMAGE_WIDTHS = { discord: 300, preview: 242 } as const;
/** The width every picture is sized for (see PHONE_IMAGE_WIDTHS): the narrowest. */
export const PHONE_IMAGE_CSS = Math.min(...Object.values(PHONE_IMAGE_WIDTHS));
/** Smallest tile on a 360 px phone, in CSS px: the shared picture and a private view. */
export const MIN_TILE_CSS = { public: 14, private: 18 } as const;
/** Rows of a private picture's main view (9 keeps the controller within one phone screen). */
export const VIEW_ROWS = 9;

/** Most tiles across a picture may be so that a tile shows at least `minTileCss` CSS px wide on a 360 px phone. */
export function tilesAcross(minTileCss: number): number {
  return Math.floor(PHONE_IMAGE_CSS / minTileCss);
}

/**
 * Largest public view, in tiles (17 x 32 px = 544 px, shown 242-244 CSS px wide: 14.2-14.4 CSS px a tile). Square: on
 * a phone the picture is as tall as it is wide, so the map is the largest part of the game message (test/preview).
 */
export const PUBLIC_VIEW = { width: tilesAcross(MIN_TILE_CSS.public), height: tilesAcross(MIN_TILE_CSS.public) } as const;
/** The public view with the server's `mobile` setting: as large tiles as a private view (13 x 13: 18.6-18.8 CSS px). */
export const PHONE_PUBLIC_VIEW = { width: tilesAcross(MIN_TILE_CSS.private), height: tilesAcross(MIN_TILE_CSS.private) } as const;
/**
 * Rows a solo game's shared picture has beyond its width: its message has one player line, so a picture a little
 * taller than wide (17 x 20, or 13 x 16 with `mobile`) keeps the map over half of a phone's message in a fight and
 * the message within a phone's screen (test/preview measures both).
 */
export const SOLO_EXTRA_ROWS = 3;

/** The shared picture's cap for a party of `players`: `cap`, a solo game's SOLO_EXTRA_ROWS taller. */
export function sharedCap(cap: { readonly width: number; readonly height: number }, players: number): { width: number; height: number } {
  return players === 1 ? { width: cap.width, height: cap.height + SOLO_EXTRA_ROWS } : { width: cap.width, height: cap.height };
}

/** A replay frame's view (the GIF keeps the wide picture it was first drawn with, so recorded replays stay the same). */
export const REPLAY_VIEW = { width: tilesAcross(MIN_TILE_CSS.public), height: VIEW_ROWS } as const;
/** A private view (the viewer in the middle), in tiles: 13 x 32 px = 416 px, shown 242 CSS px wide: 18.6 CSS px a tile. */
export const PRIVATE_VIEW = { width: tilesAcross(MIN_TILE_CSS.private), height: VIEW_ROWS } as const;
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

/** Whether (x, y) lies inside the viewport. */
export function inside(v: Viewport, x: number, y: number): boolean {
  return x >= v.x && y >= v.y && x < v.x + v.width && y < v.y + v.height;
}

const dist = (ax: number, ay: number, bx: number, by: number): number => Math.max(Math.abs(ax - bx), Math.abs(ay - by));

/**
 * The strip windows: one for each living player outside `view`, in slot order, then one for each fought monster still
 * off the picture (a shot from afar); one window covers everything that stands inside it.
 */
function stripFor(state: GameState, view: Viewport, fought: readonly { x: number; y: number }[]): Viewport[] {
  const out: Viewport[] = [];
  const living = state.players.filter((p) => p.alive).sort((a, b) => a.slot - b.slot);
  for (const p of [...living, ...fought]) {
    if (inside(view, p.x, p.y) || out.some((w) => inside(w, p.x, p.y))) continue;
    out.push(placeCamera(state.width, state.height, STRIP_VIEW.width, STRIP_VIEW.height, p.x, p.y));
  }
  return out;
}

/**
 * Each living player's foes: the monsters seen now within FIGHT_RANGE of them, and those that traded a blow (hit or
 * miss, either way) with them in the last step, such as an archer's arrow or a ranger's shot from afar.
 */
export function foesOf(state: GameState, visible: Uint8Array, mark: number): Map<string, Monster[]> {
  const W = state.width;
  const seen = state.monsters.filter((m) => m.hp > 0 && visible[m.y * W + m.x] === mark);
  const byId = new Map(state.monsters.filter((m) => m.hp > 0).map((m) => [m.id, m]));
  const out = new Map<string, Monster[]>();
  for (const p of state.players) {
    if (!p.alive) continue;
    const near = seen.filter((m) => dist(p.x, p.y, m.x, m.y) <= FIGHT_RANGE);
    for (const e of state.recent) {
      if (e.type !== 'attacked' && e.type !== 'missed') continue;
      const [a, b] = [e.attacker, e.target];
      const other = a.kind === 'player' && a.id === p.id && b.kind === 'monster' ? b : b.kind === 'player' && b.id === p.id && a.kind === 'monster' ? a : null;
      const m = other?.kind === 'monster' ? byId.get(other.id) : undefined;
      if (m && !near.includes(m)) near.push(m);
    }
    out.set(p.id, near);
  }
  return out;
}

/**
 * Where a view of w x h goes so that it holds `focus`: of the places inside the map that hold it, the one showing the
 * most explored cells (the least black), then the one nearest to centred on the focus.
 */
function placeOver(state: GameState, focus: Box, w: number, h: number): Viewport {
  const W = state.width;
  const H = state.height;
  const cx = Math.floor((focus.x0 + focus.x1) / 2);
  const cy = Math.floor((focus.y0 + focus.y1) / 2);
  const centred = placeCamera(W, H, w, h, cx, cy);
  const vw = centred.width;
  const vh = centred.height;
  // Summed-area table of explored cells: any view's count in four reads.
  const sum = new Int32Array((W + 1) * (H + 1));
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) sum[(y + 1) * (W + 1) + x + 1] = (state.explored[y * W + x] !== 0 ? 1 : 0) + sum[y * (W + 1) + x + 1]! + sum[(y + 1) * (W + 1) + x]! - sum[y * (W + 1) + x]!;
  const count = (x: number, y: number): number => sum[(y + vh) * (W + 1) + x + vw]! - sum[y * (W + 1) + x + vw]! - sum[(y + vh) * (W + 1) + x]! + sum[y * (W + 1) + x]!;
  const xs = [Math.max(0, focus.x1 - vw + 1), Math.min(W - vw, focus.x0)] as const;
  const ys = [Math.max(0, focus.y1 - vh + 1), Math.min(H - vh, focus.y0)] as const;
  let best = centred;
  let bestCount = count(centred.x, centred.y);
  let bestOff = 0;
  for (let y = ys[0]; y <= ys[1]; y++) {
    for (let x = xs[0]; x <= xs[1]; x++) {
      const n = count(x, y);
      const off = Math.abs(x - centred.x) + Math.abs(y - centred.y);
      if (n > bestCount || (n === bestCount && off < bestOff)) {
        best = { x, y, width: vw, height: vh };
        bestCount = n;
        bestOff = off;
      }
    }
  }
  return best;
}

/**
 * The public picture's frame (see the module comment), at most `cap` tiles. `visible[i] === mark` marks the cells
 * seen now: only monsters seen now count as fought, besides those that traded blows with a player in the last step.
 */
export function publicFrame(state: GameState, visible: Uint8Array, mark: number, cap: { readonly width: number; readonly height: number } = PUBLIC_VIEW): Frame {
  const W = state.width;
  const H = state.height;
  let all: Box | null = null;
  for (let i = 0; i < state.explored.length; i++) if (state.explored[i] !== 0) all = grow(all, i % W, Math.floor(i / W));
  for (const p of state.players) all = grow(all, p.x, p.y);
  if (!all) return { view: placeCamera(W, H, cap.width, cap.height, W >> 1, H >> 1), strip: [] };
  // The whole explored level fits: a full-size view around it (a picture of constant shape, so its height on a phone is known).
  if (fitsIn(all, 0, cap.width, cap.height)) return { view: placeCamera(W, H, cap.width, cap.height, (all.x0 + all.x1) >> 1, (all.y0 + all.y1) >> 1), strip: [] };
  const living = state.players.filter((p) => p.alive).sort((a, b) => a.slot - b.slot);
  const foes = foesOf(state, visible, mark);
  const hunters = state.monsters.filter((m) => m.hp > 0 && visible[m.y * W + m.x] === mark && threatens(m));
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
    const fighting = members.some((q) => (foes.get(q.id) ?? []).length > 0);
    // Keep what the group fights in frame when it still fits (with a cell of margin), then the monsters coming for
    // the party, nearest first, when they fit at all.
    for (const q of members) {
      for (const m of foes.get(q.id) ?? []) {
        const bigger = grow(box, m.x, m.y);
        if (fitsIn(bigger, 1, cap.width, cap.height)) box = bigger;
      }
    }
    const near = (m: Monster): number => Math.min(...members.map((q) => dist(q.x, q.y, m.x, m.y)));
    for (const m of [...hunters].sort((a, b) => near(a) - near(b) || a.id - b.id)) {
      const bigger = grow(box, m.x, m.y);
      if (fitsIn(bigger, 0, cap.width, cap.height)) box = bigger;
    }
    if (!best || (fighting && !best.fighting) || (fighting === best.fighting && size > best.size)) best = { box, fighting, size };
  }
  const view = placeOver(state, best?.box ?? all, cap.width, cap.height);
  // A monster trading blows (next to a player, or in a blow from afar) gets a window when the frame leaves it out.
  const blows = new Set(state.recent.flatMap((e) => (e.type === 'attacked' || e.type === 'missed' ? [e.attacker, e.target] : [])).flatMap((a) => (a.kind === 'monster' ? [a.id] : [])));
  const fought = [...new Set([...foes.values()].flat())].filter((m) => blows.has(m.id) || living.some((p) => dist(p.x, p.y, m.x, m.y) <= 1)).sort((a, b) => a.id - b.id);
  return { view, strip: stripFor(state, view, fought) };
}

/** A private picture's frame: PRIVATE_VIEW around the viewer (or the party's centre when they are not in the game). */
export function privateFrame(state: GameState, target: { x: number; y: number }): Frame {
  return { view: placeCamera(state.width, state.height, PRIVATE_VIEW.width, PRIVATE_VIEW.height, target.x, target.y), strip: [] };
}
