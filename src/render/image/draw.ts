/** Draws a view model into a buffer of palette indices: terrain tiles, items, monsters with their label letter, players ringed in their slot colour with their number. */
import { ITEMS } from '../../engine/items.js';
import { MONSTERS } from '../../engine/monsters.js';
import { Cell } from '../glyphs.js';
import { slotIndex, type ViewModel } from '../view-model.js';
import { glyph, GLYPH_H, GLYPH_W } from './font.js';
import { Ink, PALETTE, sprite, tileSet, type Bitmap, type TileSet } from './tiles.js';


/** A drawn picture: its size in pixels, its pixels as indices into `palette` (RGB bytes), and each living player's marker centre in pixels. */
export interface Picture {
  width: number;
  height: number;
  px: Uint8Array;
  palette: Uint8Array;
  markers: { playerId: string; x: number; y: number }[];
}

/** Copies an opaque tile four pixels at a time (tile sizes and picture widths are multiples of 4, so rows stay aligned). */
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

/** A character at (x, y) in `ink` with a one-pixel black outline, `scale` pixels per font pixel. */
function text(px: Uint8Array, stride: number, ch: string, x: number, y: number, scale: number, ink: number): void {
  const rows = glyph(ch);
  fill(px, stride, x - 1, y - 1, GLYPH_W * scale + 2, GLYPH_H * scale + 2, Ink.Outline);
  for (let r = 0; r < GLYPH_H; r++) {
    for (let c = 0; c < GLYPH_W; c++) {
      if ((rows[r]! >> (GLYPH_W - 1 - c)) & 1) fill(px, stride, x + c * scale, y + r * scale, scale, scale, ink);
    }
  }
}

/** A ring `t` pixels thick along the inside of a tile. */
function ring(px: Uint8Array, stride: number, x: number, y: number, s: number, t: number, colour: number): void {
  fill(px, stride, x, y, s, t, colour);
  fill(px, stride, x, y + s - t, s, t, colour);
  fill(px, stride, x, y, t, s, colour);
  fill(px, stride, x + s - t, y, t, s, colour);
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

/** Draws `model` with tiles of `tileSize` pixels (16, or 8 for wide views). */
export function drawPicture(model: ViewModel, tileSize: number): Picture {
  const set = tileSet(tileSize);
  const s = set.size;
  const { view } = model;
  const width = view.width * s;
  const height = view.height * s;
  if (scratch.length < width * height) {
    scratch = new Uint8Array(width * height);
    scratch32 = new Uint32Array(scratch.buffer);
  }
  const px = scratch.subarray(0, width * height);
  const stride32 = width >> 2;
  for (let vy = 0; vy < view.height; vy++) {
    for (let vx = 0; vx < view.width; vx++) {
      blitOpaque(scratch32, stride32, terrainTile(set, model.terrain[vy * view.width + vx]!), vx * s, vy * s);
    }
  }
  const at = (x: number, y: number): [number, number] => [(x - view.x) * s, (y - view.y) * s];
  // Player numbers: 2 px per font pixel on 16 px tiles, 1 px on 8 px tiles; monster letters 1 px (the sprite shows through).
  const scale = s >= 16 ? 2 : 1;
  for (const it of model.items) {
    const [x, y] = at(it.x, it.y);
    blit(px, width, sprite(set, ITEMS[it.kind].art.tile), x, y);
  }
  for (const m of model.monsters) {
    const [x, y] = at(m.x, m.y);
    blit(px, width, sprite(set, MONSTERS[m.kind].art.tile), x, y);
    if (m.letter.length === 1) text(px, width, m.letter, x + s - GLYPH_W - 1, y + s - GLYPH_H - 1, 1, Ink.MonsterLabel);
  }
  const markers: Picture['markers'] = [];
  for (const p of model.players) {
    const [x, y] = at(p.x, p.y);
    const colour = Ink.Slot0 + slotIndex(p.slot);
    blit(px, width, p.alive ? set.tiles.hero : set.tiles.fallen, x, y);
    text(px, width, p.marker, x + 1 + (s >= 16 ? 1 : 0), y + 1 + (s >= 16 ? 1 : 0), scale, p.isViewer ? Ink.White : colour);
    // The ring last: on 8 px tiles the number's outline reaches the tile's edge.
    ring(px, width, x, y, s, p.isViewer && s >= 16 ? 2 : 1, colour);
    if (p.alive) markers.push({ playerId: p.id, x: x + (s >> 1), y: y + (s >> 1) });
  }
  return { width, height, px, palette: PALETTE, markers };
}
