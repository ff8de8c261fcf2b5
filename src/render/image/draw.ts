/**
 * Draws view models into a buffer of palette indices at 2x (each atlas pixel a 2 x 2 block, 32 px tiles, so Discord's
 * scaling stays sharp): lit terrain brightened, remembered terrain dimmed, stairs framed in gold with a down arrow,
 * items bracketed, monsters with their label letter, players as their sprite over a ring in their slot colour with a
 * number badge, a fallen player as a grave. A picture is a main view and, under it, a strip of small windows.
 */
import { ITEMS } from '../../engine/items.js';
import { MONSTERS } from '../../engine/monsters.js';
import { Cell } from '../glyphs.js';
import { slotIndex, type ViewModel } from '../view-model.js';
import { TILE_SIZE } from './atlas.js';
import { glyph, GLYPH_H, GLYPH_W } from './font.js';
import { Ink, PALETTE, sprite, tileSet, type Bitmap, type TileSet } from './tiles.js';


/** Screen pixels per atlas pixel. */
export const SCALE = 2;
/** Side of a drawn tile, in pixels. */
export const TILE_PX = TILE_SIZE * SCALE;
/** Gap between the main view and the strip, and between strip windows, in pixels. */
export const STRIP_GAP = 8;

/** Inks this module adds to the palette (entries the atlas leaves free). */
export const Extra = { Grave: 12, GraveDark: 13, Gold: 14, Bracket: 15 } as const;

/** A drawn picture: its size in pixels, its pixels as indices into `palette` (RGB bytes), each living player's marker centre, and the ids of the monsters drawn. */
export interface Picture {
  width: number;
  height: number;
  px: Uint8Array;
  palette: Uint8Array;
  markers: { playerId: string; x: number; y: number }[];
  monsters: number[];
}

/** One view model and where its top-left corner goes, in pixels. */
export interface Panel {
  model: ViewModel;
  ox: number;
  oy: number;
}

function bitmap(size: number, px: Uint8Array): Bitmap {
  return { size, px, px32: new Uint32Array(px.buffer, px.byteOffset, px.length >> 2) };
}

/** Each pixel as a SCALE x SCALE block. */
function doubled(b: Bitmap): Bitmap {
  const s = b.size * SCALE;
  const px = new Uint8Array(s * s);
  for (let y = 0; y < s; y++) for (let x = 0; x < s; x++) px[y * s + x] = b.px[Math.floor(y / SCALE) * b.size + Math.floor(x / SCALE)]!;
  return bitmap(s, px);
}

function mapTiles<T extends string>(rec: Readonly<Record<T, Bitmap>>, f: (b: Bitmap) => Bitmap): Record<T, Bitmap> {
  return Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, f(v as Bitmap)])) as Record<T, Bitmap>;
}

const BASE = tileSet(TILE_SIZE);
/** The 2x tile set. */
export const TILES: TileSet = { size: TILE_PX, tiles: mapTiles(BASE.tiles, doubled), dim: mapTiles(BASE.dim, doubled), unknown: doubled(BASE.unknown) };

/** Lit colours: lifted (gamma 0.6) so that lit floor reads clearly brighter than remembered floor and sprites pop. */
export function litColour(c: number): number {
  const lift = (v: number): number => Math.round(255 * Math.pow(v / 255, 0.6));
  return (lift((c >> 16) & 255) << 16) | (lift((c >> 8) & 255) << 8) | lift(c & 255);
}

/** The picture's palette: the atlas palette with every entry a lit tile uses lifted, and this module's inks. */
export const PICTURE_PALETTE: Uint8Array = (() => {
  const out = PALETTE.slice();
  const lit = new Set<number>();
  for (const b of Object.values(BASE.tiles)) for (const p of b.px) if (p !== 0) lit.add(p);
  for (const b of Object.values(BASE.dim)) for (const p of b.px) lit.delete(p);
  for (const i of lit) {
    const c = litColour((out[i * 3]! << 16) | (out[i * 3 + 1]! << 8) | out[i * 3 + 2]!);
    out.set([(c >> 16) & 255, (c >> 8) & 255, c & 255], i * 3);
  }
  const ink: [number, number][] = [[Extra.Grave, 0xa8adb3], [Extra.GraveDark, 0x3c4043], [Extra.Gold, 0xffd24a], [Extra.Bracket, 0xf2f2f2]];
  for (const [i, c] of ink) {
    if (lit.has(i)) throw new Error(`palette entry ${i} is taken by the atlas`);
    out.set([(c >> 16) & 255, (c >> 8) & 255, c & 255], i * 3);
  }
  return out;
})();

/** Copies an opaque tile four pixels at a time (tile sizes, offsets and picture widths are multiples of 4). */
function blitOpaque(px32: Uint32Array, stride32: number, b: Bitmap, ox: number, oy: number): void {
  const w = b.size >> 2;
  const src = b.px32;
  for (let y = 0, o = oy * stride32 + (ox >> 2), i = 0; y < b.size; y++, o += stride32) {
    for (let x = 0; x < w; x++) px32[o + x] = src[i++]!;
  }
}

/** Draws a sprite's non-transparent pixels. */
function blit(px: Uint8Array, stride: number, b: Bitmap, ox: number, oy: number): void {
  const s = b.size;
  for (let y = 0; y < s; y++) {
    const row = (oy + y) * stride + ox;
    for (let x = 0, i = y * s; x < s; x++, i++) {
      const p = b.px[i]!;
      if (p !== 0) px[row + x] = p;
    }
  }
}

function fill(px: Uint8Array, stride: number, x0: number, y0: number, w: number, h: number, colour: number): void {
  for (let y = y0; y < y0 + h; y++) px.fill(colour, y * stride + x0, y * stride + x0 + w);
}

/** A character at (x, y) in `ink`, `scale` pixels per font pixel, on a one-pixel `back` box. */
function text(px: Uint8Array, stride: number, ch: string, x: number, y: number, scale: number, ink: number, back: number = Ink.Outline): void {
  const rows = glyph(ch);
  fill(px, stride, x - 1, y - 1, GLYPH_W * scale + 2, GLYPH_H * scale + 2, back);
  for (let r = 0; r < GLYPH_H; r++) {
    for (let c = 0; c < GLYPH_W; c++) {
      if ((rows[r]! >> (GLYPH_W - 1 - c)) & 1) fill(px, stride, x + c * scale, y + r * scale, scale, scale, ink);
    }
  }
}

/** A ring `t` pixels thick just inside a tile's edge, round (a circle of radius s/2). */
function ring(px: Uint8Array, stride: number, x: number, y: number, s: number, t: number, colour: number): void {
  const cells = ringCells(s, t);
  for (let k = 0; k < cells.length; k += 2) px[(y + cells[k + 1]!) * stride + x + cells[k]!] = colour;
}

/** The cells (dx, dy pairs) of a ring of thickness `t` in an `s` x `s` tile, computed once per shape (a hypot per pixel was a tenth of a picture's drawing). */
const RING_CELLS = new Map<number, Uint16Array>();
function ringCells(s: number, t: number): Uint16Array {
  const key = s * 1024 + t;
  const known = RING_CELLS.get(key);
  if (known) return known;
  const r = s / 2;
  const cells: number[] = [];
  for (let dy = 0; dy < s; dy++) {
    for (let dx = 0; dx < s; dx++) {
      const d = Math.hypot(dx + 0.5 - r, dy + 0.5 - r);
      if (d <= r && d > r - t) cells.push(dx, dy);
    }
  }
  const made = Uint16Array.from(cells);
  RING_CELLS.set(key, made);
  return made;
}

/** A gold frame and a down arrow: stairs never read as wall. */
function stairsMark(px: Uint8Array, stride: number, x: number, y: number, s: number): void {
  fill(px, stride, x, y, s, 2, Extra.Gold);
  fill(px, stride, x, y + s - 2, s, 2, Extra.Gold);
  fill(px, stride, x, y, 2, s, Extra.Gold);
  fill(px, stride, x + s - 2, y, 2, s, Extra.Gold);
  // A down-pointing triangle in the lower right corner, outlined in black.
  const ax = x + s - 13;
  const ay = y + s - 10;
  for (let r = 0; r < 6; r++) {
    fill(px, stride, ax + r - 1, ay + r, 12 - 2 * r + 2, 1, Ink.Outline);
    fill(px, stride, ax + r, ay + r, 12 - 2 * r, 1, Extra.Gold);
  }
}

/** Four white corner brackets: an item on the floor. */
function brackets(px: Uint8Array, stride: number, x: number, y: number, s: number): void {
  const l = 8;
  for (const [cx, cy] of [[x, y], [x + s - l, y], [x, y + s - 2], [x + s - l, y + s - 2]] as const) fill(px, stride, cx, cy, l, 2, Extra.Bracket);
  for (const [cx, cy] of [[x, y], [x + s - 2, y], [x, y + s - l], [x + s - 2, y + s - l]] as const) fill(px, stride, cx, cy, 2, l, Extra.Bracket);
}

/** A headstone with a cross: a fallen player. */
function grave(px: Uint8Array, stride: number, x: number, y: number, s: number): void {
  const w = Math.round(s * 0.6);
  const h = Math.round(s * 0.75);
  const gx = x + ((s - w) >> 1);
  const gy = y + s - h - 3;
  fill(px, stride, gx - 2, y + s - 4, w + 4, 3, Extra.GraveDark); // mound
  fill(px, stride, gx, gy + 4, w, h - 4, Extra.Grave);
  fill(px, stride, gx + 2, gy + 2, w - 4, 2, Extra.Grave);
  fill(px, stride, gx + 4, gy, w - 8, 2, Extra.Grave);
  const cx = gx + (w >> 1) - 1;
  fill(px, stride, cx - 1, gy + 5, 4, 12, Extra.GraveDark);
  fill(px, stride, cx - 5, gy + 8, 12, 4, Extra.GraveDark);
}

function terrainTile(set: TileSet, cell: number): Bitmap {
  switch (cell) {
    case Cell.Wall:
      return set.tiles.wall;
    case Cell.Floor:
      return set.tiles.floor;
    case Cell.Stairs:
      return set.tiles.stairs;
    case Cell.DimWall:
      return set.dim.wall;
    case Cell.DimFloor:
      return set.dim.floor;
    case Cell.DimStairs:
      return set.dim.stairs;
    default:
      return set.unknown;
  }
}

// The picture buffer is reused between draws (rendering is synchronous); callers copy what they keep.
let scratch = new Uint8Array(0);
let scratch32 = new Uint32Array(0);

/** Draws one panel into the picture buffer; adds markers of players not marked yet and the monsters drawn. */
function drawPanel(px: Uint8Array, px32: Uint32Array, width: number, panel: Panel, markers: Picture['markers'], monsters: number[]): void {
  const set = TILES;
  const s = set.size;
  const { model, ox, oy } = panel;
  const { view } = model;
  const stride32 = width >> 2;
  for (let vy = 0; vy < view.height; vy++) {
    for (let vx = 0; vx < view.width; vx++) {
      const cell = model.terrain[vy * view.width + vx]!;
      blitOpaque(px32, stride32, terrainTile(set, cell), ox + vx * s, oy + vy * s);
      if (cell === Cell.Stairs || cell === Cell.DimStairs) stairsMark(px, width, ox + vx * s, oy + vy * s, s);
    }
  }
  const at = (x: number, y: number): [number, number] => [ox + (x - view.x) * s, oy + (y - view.y) * s];
  for (const it of model.items) {
    const [x, y] = at(it.x, it.y);
    brackets(px, width, x, y, s);
    blit(px, width, sprite(set, ITEMS[it.kind].art.tile), x, y);
  }
  for (const m of model.monsters) {
    const [x, y] = at(m.x, m.y);
    blit(px, width, sprite(set, MONSTERS[m.kind].art.tile), x, y);
    if (m.letter.length === 1) text(px, width, m.letter, x + s - GLYPH_W * 2 - 2, y + s - GLYPH_H * 2 - 2, 2, Ink.MonsterLabel);
    if (!monsters.includes(m.id)) monsters.push(m.id);
  }
  for (const p of model.players) {
    const [x, y] = at(p.x, p.y);
    const colour = Ink.Slot0 + slotIndex(p.slot);
    if (p.alive) {
      blit(px, width, set.tiles.hero, x, y);
      // The ring over the sprite (it only clips the tile's corners), so it shows on any floor.
      ring(px, width, x, y, s, p.isViewer ? 4 : 3, colour);
    } else grave(px, width, x, y, s);
    // The number badge: a dark digit on the slot colour, top left (white on the viewer's own).
    text(px, width, p.marker, x + 2, y + 2, 2, p.isViewer ? Ink.White : Ink.Outline, colour);
    if (p.alive && !markers.some((k) => k.playerId === p.id)) markers.push({ playerId: p.id, x: x + (s >> 1), y: y + (s >> 1) });
  }
}

/** Where each panel of a main view and its strip windows goes: the strip in rows under the main view. */
export function layout(main: ViewModel, strip: readonly ViewModel[]): { width: number; height: number; panels: Panel[] } {
  const s = TILE_PX;
  const mainW = main.view.width * s;
  const mainH = main.view.height * s;
  const panels: Panel[] = [{ model: main, ox: 0, oy: 0 }];
  if (strip.length === 0) return { width: mainW, height: mainH, panels };
  const winW = Math.max(...strip.map((m) => m.view.width)) * s;
  const winH = Math.max(...strip.map((m) => m.view.height)) * s;
  const width = Math.max(mainW, winW);
  const perRow = Math.max(1, Math.floor((width + STRIP_GAP) / (winW + STRIP_GAP)));
  strip.forEach((model, i) => {
    panels.push({ model, ox: (i % perRow) * (winW + STRIP_GAP), oy: mainH + STRIP_GAP + Math.floor(i / perRow) * (winH + STRIP_GAP) });
  });
  const rows = Math.ceil(strip.length / perRow);
  return { width, height: mainH + rows * (winH + STRIP_GAP), panels };
}

/** Draws a main view and its strip windows at 2x. */
export function drawPicture(main: ViewModel, strip: readonly ViewModel[] = []): Picture {
  const { width, height, panels } = layout(main, strip);
  if (scratch.length < width * height) {
    scratch = new Uint8Array(width * height);
    scratch32 = new Uint32Array(scratch.buffer);
  }
  const px = scratch.subarray(0, width * height);
  px.fill(Ink.Outline);
  const markers: Picture['markers'] = [];
  const monsters: number[] = [];
  for (const panel of panels) drawPanel(px, scratch32, width, panel, markers, monsters);
  return { width, height, px, palette: PICTURE_PALETTE, markers, monsters };
}
