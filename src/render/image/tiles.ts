/** The image map's palette and tile bitmaps: the atlas decoded once into palette indices, with dimmed twins for remembered terrain and 8 px halves for wide views. */
import { ATLAS_BASE64, ATLAS_PALETTE, TILE_SIZE, type TileName } from './atlas.js';

/** A square bitmap of palette indices; 0 is transparent (index 0, the unknown colour, never appears in a tile). */
export interface Bitmap {
  size: number;
  px: Uint8Array;
  /** The same pixels, four to a word (for copying opaque tiles). */
  px32: Uint32Array;
}

function bitmap(size: number, px: Uint8Array): Bitmap {
  return { size, px, px32: new Uint32Array(px.buffer, px.byteOffset, px.length >> 2) };
}

/** A tile set at one size: each atlas tile, and the dimmed terrain. */
export interface TileSet {
  size: number;
  tiles: Readonly<Record<TileName, Bitmap>>;
  dim: Readonly<Record<'wall' | 'floor' | 'stairs', Bitmap>>;
  /** A never-seen cell: the unknown colour all over. */
  unknown: Bitmap;
}

/** Fixed palette entries: unknown cells, the eight slot colours, marker ink, outline and monster labels. */
export const Ink = { Unknown: 0, Slot0: 1, White: 9, Outline: 10, MonsterLabel: 11 } as const;

/** Slot colours, matching the party list's circles 🔵 🟢 🟡 🟣 🟠 🔴 ⚪ 🟤 (Discord's Twemoji colours). */
export const SLOT_COLOURS: readonly number[] = [0x55acee, 0x78b159, 0xfdcb58, 0xaa8ed6, 0xf4900c, 0xdd2e44, 0xe6e7e8, 0xc1694f];

/** Never-seen cells: near-black, a shade off Discord's dark embed so the picture's edge shows. */
export const UNKNOWN_COLOUR = 0x060608;

// Atlas colour p (1-based) is palette entry ATLAS_BASE + p, its dimmed twin DIM_BASE + p.
const ATLAS_BASE = 15;
const DIM_BASE = ATLAS_BASE + 120;

/** Remembered terrain: half the brightness, tinted towards blue, so that it reads as "seen before, not now". */
export function dimColour(c: number): number {
  const r = ((c >> 16) & 255) * 0.45;
  const g = ((c >> 8) & 255) * 0.45;
  const b = Math.min(255, (c & 255) * 0.5 + 16);
  return ((r | 0) << 16) | ((g | 0) << 8) | (b | 0);
}

/** The 256-colour palette as RGB bytes (a PNG PLTE chunk's body). */
export const PALETTE: Uint8Array = (() => {
  const colours = new Array<number>(256).fill(0);
  colours[Ink.Unknown] = UNKNOWN_COLOUR;
  SLOT_COLOURS.forEach((c, i) => (colours[Ink.Slot0 + i] = c));
  colours[Ink.White] = 0xffffff;
  colours[Ink.Outline] = 0x000000;
  colours[Ink.MonsterLabel] = 0xffeca0;
  ATLAS_PALETTE.forEach((c, i) => {
    colours[ATLAS_BASE + 1 + i] = c;
    colours[DIM_BASE + 1 + i] = dimColour(c);
  });
  const out = new Uint8Array(256 * 3);
  colours.forEach((c, i) => out.set([(c >> 16) & 255, (c >> 8) & 255, c & 255], i * 3));
  return out;
})();

function decodeTile(b64: string, base: number): Bitmap {
  const bin = atob(b64);
  const px = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) {
    const p = bin.charCodeAt(i);
    px[i] = p === 0 ? 0 : base + p;
  }
  return bitmap(TILE_SIZE, px);
}

/** Half size: the top-left pixel of each 2x2 block (sharp, no blending). */
function halved(b: Bitmap): Bitmap {
  const s = b.size >> 1;
  const px = new Uint8Array(s * s);
  for (let y = 0; y < s; y++) for (let x = 0; x < s; x++) px[y * s + x] = b.px[2 * y * b.size + 2 * x]!;
  return bitmap(s, px);
}

function mapTiles<T extends string>(rec: Readonly<Record<T, Bitmap>>, f: (b: Bitmap) => Bitmap): Record<T, Bitmap> {
  return Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, f(v as Bitmap)])) as Record<T, Bitmap>;
}

const FULL: TileSet = {
  size: TILE_SIZE,
  tiles: Object.fromEntries(Object.entries(ATLAS_BASE64).map(([k, v]) => [k, decodeTile(v, ATLAS_BASE)])) as Record<TileName, Bitmap>,
  dim: {
    wall: decodeTile(ATLAS_BASE64.wall, DIM_BASE),
    floor: decodeTile(ATLAS_BASE64.floor, DIM_BASE),
    stairs: decodeTile(ATLAS_BASE64.stairs, DIM_BASE),
  },
  unknown: bitmap(TILE_SIZE, new Uint8Array(TILE_SIZE * TILE_SIZE).fill(Ink.Unknown)),
};
const HALF: TileSet = { size: TILE_SIZE >> 1, tiles: mapTiles(FULL.tiles, halved), dim: mapTiles(FULL.dim, halved), unknown: halved(FULL.unknown) };

/** The tile set of a tile size: 16 px, or 8 px when a spread-out party needs a wide view. */
export function tileSet(size: number): TileSet {
  return size === HALF.size ? HALF : FULL;
}

/**
 * The sprite a table row names (its art.tile). Every row's tile is in the atlas (test/engine/tables.test.ts walks
 * them); a name the atlas lacks is a programmer error and throws with the name.
 */
export function sprite(set: TileSet, name: string): Bitmap {
  const b = (set.tiles as Readonly<Record<string, Bitmap>>)[name];
  if (!b) throw new Error(`no image tile named "${name}" in the atlas (add it to scripts/build-atlas.ts)`);
  return b;
}
