/** The table of render styles (where the map goes, its glyphs, its size caps) and the glyphs each map cell has in them. */
import { ITEMS, ITEM_KINDS } from '../engine/items.js';
import { MONSTERS, MONSTER_KINDS } from '../engine/monsters.js';
import type { Art, ItemKind, MonsterKind } from '../engine/types.js';
import { codePoints } from './text.js';
import { PHONE_PUBLIC_VIEW, PUBLIC_VIEW } from './image/frame.js';

/** Map drawing style: a PNG picture attached to the embed, emoji in the embed, or ASCII in a code block (a row of STYLES). */
export type RenderStyle = keyof typeof STYLES;

/**
 * Cell codes: terrain seen now, terrain remembered (dimmed), the fallen, the viewer and the eight player slots, then
 * one code per monster kind and one per item kind, in their tables' order (monsterCell, itemCell).
 */
export const Cell = {
  Unknown: 0,
  Wall: 1,
  Floor: 2,
  Stairs: 3,
  DimWall: 4,
  DimFloor: 5,
  DimStairs: 6,
  Corpse: 7,
  Viewer: 8,
  /** Player in slot s is Cell.Slot0 + s. */
  Slot0: 9,
} as const;

/** Number of player slots that have a marker. */
export const SLOT_COUNT = 8;

/** First monster cell and first item cell; every cell code is below CELL_COUNT. */
const MONSTER_BASE = Cell.Slot0 + SLOT_COUNT;
const ITEM_BASE = MONSTER_BASE + MONSTER_KINDS.length;
export const CELL_COUNT = ITEM_BASE + ITEM_KINDS.length;

/*
 * ASCII: classic roguelike letters. Remembered terrain uses other characters so that "seen now" stands out:
 * '+' for a remembered wall (still reads as solid next to the blank unknown) and '·' (U+00B7, Latin-1, present in
 * every monospace font and one code point) for a remembered floor, a fainter dot than '.'. Stairs keep '>' when
 * remembered: they are the landmark players walk back to, and nothing is ever drawn on remembered tiles.
 *
 * Emoji: every map glyph is ONE code point with default emoji presentation (no VS16, no ZWJ), so a tile costs 1 of
 * Discord's budget and every row has the same width. Unknown is ⬛, which melts into Discord's dark theme; walls seen
 * now are 🧱 (unmistakable against ⬛), remembered walls the grey 🪨; floor seen now is the calm brown 🟫 (the white
 * ⬜ outshone everything else in the embed) and remembered floor 🔲 (dark with a rim: "floor, but not lit").
 * Players are the eight coloured circles by slot, and the acting player 🧙. Monsters and items take their art from
 * their tables' rows (src/engine/monsters.ts, items.ts).
 */
const FIXED_ART: readonly Art[] = [
  { emoji: '⬛', ascii: ' ', tile: '' },
  { emoji: '🧱', ascii: '#', tile: 'wall' },
  { emoji: '🟫', ascii: '.', tile: 'floor' },
  { emoji: '🔽', ascii: '>', tile: 'stairs' },
  { emoji: '🪨', ascii: '+', tile: 'wall' },
  { emoji: '🔲', ascii: '·', tile: 'floor' },
  { emoji: '🔽', ascii: '>', tile: 'stairs' },
  { emoji: '💀', ascii: '%', tile: 'fallen' },
  { emoji: '🧙', ascii: '@', tile: 'hero' },
  ...['🔵', '🟢', '🟡', '🟣', '🟠', '🔴', '⚪', '🟤'].map((emoji, n) => ({ emoji, ascii: String(n + 1), tile: 'hero' })),
];

/** The art of every cell code, indexed by cell: fixed cells, then the monster table's rows, then the item table's. */
export const CELL_ART: readonly Art[] = [...FIXED_ART, ...MONSTER_KINDS.map((k) => MONSTERS[k].art), ...ITEM_KINDS.map((k) => ITEMS[k].art)];

/** Where a style puts the map in a message. */
export type MapPlace = 'attachment' | 'embed' | 'code-block';

/**
 * One render style: where its map goes, which art it draws a kind with (the image style's HUD and legend use the
 * emoji), how a glyph is quoted in a legend or list, and its largest view in tiles on desktop and on a phone.
 */
export interface StyleSpec {
  place: MapPlace;
  art: (a: Art) => string;
  quote: (glyph: string) => string;
  /** How many of a kind a player carries, as the HUD writes it ("🧪2", "potion 2"). */
  count: (glyph: string, name: string, n: number) => string;
  /** How an HP bar is drawn: coloured emoji squares, or `[####------]` in a code span. */
  bar: 'squares' | 'hashes';
  /** HP in a party line: a coloured heart with the numbers (one phone line), or the whole bar. */
  badge: 'heart' | 'bar';
  /** How a player is shown in a party line: their map glyph, or (the picture) their slot ring and the number on it. */
  player: 'glyph' | 'numbered-ring';
  /** The words between a party line's parts and its marks: what the player carries, idle, and their part in a round. */
  marks: { sep: string; idle: string; fighting: string; acted: string; waiting: string };
  /** Where the shared message's HUD (party, monsters, log) goes: the embed's description when the map leaves it free, or fields. */
  hud: 'description' | 'fields';
  /** What `render` means to an admin (`/rogue-config`). */
  summary: string;
  caps: { desktop: { width: number; height: number }; mobile: { width: number; height: number } };
}

/*
 * Caps, in tiles. Emoji render about 22 px wide in an embed whose text column is about 430-480 px on desktop: 19 fit;
 * a 360 px phone fits 11 without wrapping. A code block holds 61 ASCII columns on desktop and 28-30 on a phone: the
 * mobile ASCII view is 29 wide. Odd sizes put the viewer exactly in the middle. The image scales to the width by
 * itself: its caps are the shared picture's main view, sized by the phone tile rule of image/frame.ts (mobile: larger
 * tiles, fewer columns).
 */
const emojiArt = (a: Art): string => a.emoji;
const asIs = (g: string): string => g;
const glyphCount = (g: string, _name: string, n: number): string => `${g}${n}`;
const EMOJI_MARKS = { sep: ' ', idle: ' idle', fighting: ' fighting', acted: ' acted', waiting: ' to act' };
/** The render styles, one row each carrying its behaviour: adding one touches this table (and, for a new kind of art, the Art type). */
export const STYLES = {
  image: {
    place: 'attachment', art: emojiArt, quote: asIs, count: glyphCount, bar: 'squares', badge: 'heart', player: 'numbered-ring', marks: EMOJI_MARKS,
    hud: 'description', summary: 'image map (a picture)', caps: { desktop: PUBLIC_VIEW, mobile: PHONE_PUBLIC_VIEW },
  },
  emoji: {
    place: 'embed', art: emojiArt, quote: asIs, count: glyphCount, bar: 'squares', badge: 'heart', player: 'glyph', marks: EMOJI_MARKS,
    hud: 'fields', summary: 'emoji map in an embed', caps: { desktop: { width: 19, height: 13 }, mobile: { width: 11, height: 11 } },
  },
  ascii: {
    place: 'code-block', art: (a) => a.ascii, quote: (g) => `\`${g}\``, count: (_g, name, n) => `${name} ${n}`, bar: 'hashes', badge: 'bar', player: 'glyph',
    marks: { sep: ' · ', idle: ' · idle', fighting: ' · fighting', acted: ' · acted', waiting: ' · to act' },
    hud: 'description', summary: 'ASCII map in a code block', caps: { desktop: { width: 61, height: 25 }, mobile: { width: 29, height: 17 } },
  },
} as const satisfies Record<string, StyleSpec>;

/** Every render style, in the table's order (the one list: settings, prefs and the stored game derive from it). */
export const RENDER_STYLES = Object.keys(STYLES) as [RenderStyle, ...RenderStyle[]];

/** The row of a style. */
export function styleSpec(style: RenderStyle): StyleSpec {
  return STYLES[style];
}

/** A value for every style row, computed from the row (a table keyed by style that can't miss one). */
export function byStyle<T>(f: (style: RenderStyle, spec: StyleSpec) => T): Record<RenderStyle, T> {
  const out: Partial<Record<RenderStyle, T>> = {};
  for (const s of RENDER_STYLES) out[s] = f(s, STYLES[s]);
  return out as Record<RenderStyle, T>;
}

const GLYPHS = byStyle((_s, spec) => CELL_ART.map((a) => spec.art(a)));

/** Glyph table of a style, indexed by cell code (derived from the cell art and the style's row). */
export function glyphTable(style: RenderStyle): readonly string[] {
  return GLYPHS[style];
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

/** Cell code of a monster kind. */
export function monsterCell(kind: MonsterKind): number {
  return MONSTER_BASE + MONSTER_KINDS.indexOf(kind);
}

/** Cell code of an item kind. */
export function itemCell(kind: ItemKind): number {
  return ITEM_BASE + ITEM_KINDS.indexOf(kind);
}

/** Marker of a monster kind in a style (its art), for legends and labels. */
export function monsterMarker(kind: MonsterKind, style: RenderStyle): string {
  return styleSpec(style).art(MONSTERS[kind].art);
}

/** Marker of an item kind in a style (its art), for the HUD and buttons. */
export function itemMarker(kind: ItemKind, style: RenderStyle): string {
  return styleSpec(style).art(ITEMS[kind].art);
}

/** What each non-player glyph means, in legend order: the monster table, the item table, the stairs and the fallen (English, catalogue key). */
export const LEGEND_NAMES: readonly (readonly [number, string, string])[] = [
  ...MONSTER_KINDS.map((k) => [monsterCell(k), MONSTERS[k].legend, `legend.${k}`] as const),
  ...ITEM_KINDS.map((k) => [itemCell(k), ITEMS[k].legend, `legend.${k}`] as const),
  [Cell.Stairs, 'stairs', 'legend.stairs'],
  [Cell.Corpse, 'fallen', 'legend.fallen'],
];
