/** The table of render styles (where the map goes, its glyphs, its size caps) and the glyphs each map cell has in them. */
import type { Item, MonsterKind } from '../engine/types.js';
import { codePoints } from './text.js';

/** Map drawing style: a PNG picture attached to the embed, emoji in the embed, or ASCII in a code block. */
export type RenderStyle = 'image' | 'emoji' | 'ascii';

/** Cell codes: terrain seen now, terrain remembered (dimmed), then things drawn over visible terrain. */
export const Cell = {
  Unknown: 0,
  Wall: 1,
  Floor: 2,
  Stairs: 3,
  DimWall: 4,
  DimFloor: 5,
  DimStairs: 6,
  Potion: 7,
  Goblin: 8,
  Orc: 9,
  Troll: 10,
  Corpse: 11,
  Viewer: 12,
  /** Player in slot s is Cell.Slot0 + s. */
  Slot0: 13,
  /** A lure on the floor (after the eight slots). */
  Lure: 21,
} as const;

/** Number of player slots that have a marker. */
export const SLOT_COUNT = 8;

/*
 * ASCII: classic roguelike letters. Remembered terrain uses other characters so that "seen now" stands out:
 * '+' for a remembered wall (still reads as solid next to the blank unknown) and '·' (U+00B7, Latin-1, present in
 * every monospace font and one code point) for a remembered floor, a fainter dot than '.'. Stairs keep '>' when
 * remembered: they are the landmark players walk back to, and nothing is ever drawn on remembered tiles.
 */
const ASCII: readonly string[] = [' ', '#', '.', '>', '+', '·', '>', '!', 'g', 'o', 'T', '%', '@', '1', '2', '3', '4', '5', '6', '7', '8', '&'];

/*
 * Emoji: every map glyph is ONE code point with default emoji presentation (no VS16, no ZWJ), so a tile costs 1 of
 * Discord's budget and every row has the same width. Unknown is ⬛, which melts into Discord's dark theme; walls seen
 * now are 🧱 (unmistakable against ⬛), remembered walls the grey 🪨; floor seen now is the calm brown 🟫 (the white
 * ⬜ outshone everything else in the embed) and remembered floor 🔲 (dark with a rim: "floor, but not lit").
 * Monsters differ in shape and colour, not only in face: 👺 goblin (red mask), 🐗 orc (the tusked boar; the old 👹
 * was a second red mask), 🧌 troll; players the eight coloured circles by slot, and the acting player 🧙.
 */
const EMOJI: readonly string[] = [
  '⬛', '🧱', '🟫', '🔽', '🪨', '🔲', '🔽', '🧪', '👺', '🐗', '🧌', '💀', '🧙',
  '🔵', '🟢', '🟡', '🟣', '🟠', '🔴', '⚪', '🟤', '🏮',
];

/** Where a style puts the map in a message. */
export type MapPlace = 'attachment' | 'embed' | 'code-block';

/** One render style: where its map goes, its glyphs (the image style's HUD and legend use the emoji ones), and its largest view in tiles on desktop and on a phone. */
export interface StyleSpec {
  place: MapPlace;
  glyphs: readonly string[];
  caps: { desktop: { width: number; height: number }; mobile: { width: number; height: number } };
}

/*
 * Caps, in tiles. Emoji render about 22 px wide in an embed whose text column is about 430-480 px on desktop: 19 fit;
 * a 360 px phone fits 11 without wrapping. A code block holds 61 ASCII columns on desktop and 28-30 on a phone: the
 * mobile ASCII view is 29 wide. Odd sizes put the viewer exactly in the middle. The image scales to the width by
 * itself, so its caps only bound the picture's size (64 x 48 tiles of 16 px).
 */
/** The render styles: adding one touches this table and its art. */
export const STYLES: Readonly<Record<RenderStyle, StyleSpec>> = {
  image: { place: 'attachment', glyphs: EMOJI, caps: { desktop: { width: 64, height: 48 }, mobile: { width: 64, height: 48 } } },
  emoji: { place: 'embed', glyphs: EMOJI, caps: { desktop: { width: 19, height: 13 }, mobile: { width: 11, height: 11 } } },
  ascii: { place: 'code-block', glyphs: ASCII, caps: { desktop: { width: 61, height: 25 }, mobile: { width: 29, height: 17 } } },
};

/** Every render style, in the table's order. */
export const RENDER_STYLES = Object.keys(STYLES) as RenderStyle[];

/** Glyph table of a style, indexed by cell code. */
export function glyphTable(style: RenderStyle): readonly string[] {
  return STYLES[style].glyphs;
}

/** Largest code-point cost of one map tile in a style (1 for both tables; computed so that a table edit can't break the budget). */
export function tileCost(style: RenderStyle): number {
  let max = 0;
  for (const g of glyphTable(style)) max = Math.max(max, codePoints(g));
  return max;
}

/** Marker of a player slot (0..7): a digit in ASCII, a coloured circle in emoji. */
export function playerMarker(slot: number, style: RenderStyle): string {
  const s = ((slot % SLOT_COUNT) + SLOT_COUNT) % SLOT_COUNT;
  return glyphTable(style)[Cell.Slot0 + s]!;
}

const MONSTER_CELL: Readonly<Record<MonsterKind, number>> = { goblin: Cell.Goblin, orc: Cell.Orc, troll: Cell.Troll };

/** Cell code of a monster kind. */
export function monsterCell(kind: MonsterKind): number {
  return MONSTER_CELL[kind];
}

const ITEM_CELL: Readonly<Record<Item['kind'], number>> = { potion: Cell.Potion, lure: Cell.Lure };

/** Cell code of an item kind. */
export function itemCell(kind: Item['kind']): number {
  return ITEM_CELL[kind];
}

/** Marker of a monster kind (g/o/T or 👺/👹/🧌), for legends and labels. */
export function monsterMarker(kind: MonsterKind, style: RenderStyle): string {
  return glyphTable(style)[MONSTER_CELL[kind]]!;
}

/** What each non-player glyph means, in legend order. */
export const LEGEND_NAMES: readonly (readonly [number, string])[] = [
  [Cell.Goblin, 'goblin'],
  [Cell.Orc, 'orc'],
  [Cell.Troll, 'troll'],
  [Cell.Potion, 'potion'],
  [Cell.Lure, 'lure'],
  [Cell.Stairs, 'stairs'],
  [Cell.Corpse, 'fallen'],
];
