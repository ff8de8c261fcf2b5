/** Glyph tables: what each map cell looks like in the ASCII and emoji styles, looked up by a small cell code. */
import type { MonsterKind } from '../engine/types.js';
import { codePoints } from './text.js';

/** Map drawing style: ASCII in a code block, or emoji in an embed. */
export type RenderStyle = 'emoji' | 'ascii';

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
} as const;

/** Number of player slots that have a marker. */
export const SLOT_COUNT = 8;

/*
 * ASCII: classic roguelike letters. Remembered terrain uses other characters so that "seen now" stands out:
 * '+' for a remembered wall (still reads as solid next to the blank unknown) and '·' (U+00B7, Latin-1, present in
 * every monospace font and one code point) for a remembered floor, a fainter dot than '.'. Stairs keep '>' when
 * remembered: they are the landmark players walk back to, and nothing is ever drawn on remembered tiles.
 */
const ASCII: readonly string[] = [' ', '#', '.', '>', '+', '·', '>', '!', 'g', 'o', 'T', '%', '@', '1', '2', '3', '4', '5', '6', '7', '8'];

/*
 * Emoji: every map glyph is ONE code point with default emoji presentation (no VS16, no ZWJ), so a tile costs 1 of
 * Discord's budget and every row has the same width. Unknown is ⬛, which melts into Discord's dark theme; walls seen
 * now are 🧱 (unmistakable against ⬛), remembered walls the flat, darker 🟫; floor seen now is the lit ⬜ and
 * remembered floor 🔲 (dark with a rim: "floor, but not lit"). Monsters get distinct faces 👺 goblin, 👹 orc,
 * 🧌 troll; players the eight coloured circles by slot, and the acting player 🧙 (the emoji twin of '@').
 */
const EMOJI: readonly string[] = [
  '⬛', '🧱', '⬜', '🔽', '🟫', '🔲', '🔽', '🧪', '👺', '👹', '🧌', '💀', '🧙',
  '🔵', '🟢', '🟡', '🟣', '🟠', '🔴', '⚪', '🟤',
];

/** Glyph table of a style, indexed by cell code. */
export function glyphTable(style: RenderStyle): readonly string[] {
  return style === 'ascii' ? ASCII : EMOJI;
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
  [Cell.Stairs, 'stairs'],
  [Cell.Corpse, 'fallen'],
];
