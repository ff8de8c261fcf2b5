/**
 * The one direction table: the engine's id, the word players type (`/rogue move direction:north`), the d-pad
 * button's emoji, and the short words also accepted. Everything else about directions is derived from it.
 */
import type { Direction } from '../../src/engine/types.js';

interface DirectionRow {
  dir: Direction;
  word: string;
  emoji: string;
  aliases: readonly string[];
}

/** In d-pad order: the four cardinal directions, then the diagonals. */
export const DIRECTION_TABLE = [
  { dir: 'n', word: 'north', emoji: '⬆️', aliases: ['n', 'up'] },
  { dir: 's', word: 'south', emoji: '⬇️', aliases: ['s', 'down'] },
  { dir: 'e', word: 'east', emoji: '➡️', aliases: ['e', 'right'] },
  { dir: 'w', word: 'west', emoji: '⬅️', aliases: ['w', 'left'] },
  { dir: 'ne', word: 'northeast', emoji: '↗️', aliases: ['ne'] },
  { dir: 'nw', word: 'northwest', emoji: '↖️', aliases: ['nw'] },
  { dir: 'se', word: 'southeast', emoji: '↘️', aliases: ['se'] },
  { dir: 'sw', word: 'southwest', emoji: '↙️', aliases: ['sw'] },
] as const satisfies readonly DirectionRow[];

/** Direction words as players type them, in d-pad order. */
export const DIRECTION_WORDS = DIRECTION_TABLE.map((r) => r.word) as unknown as readonly [(typeof DIRECTION_TABLE)[number]['word'], ...(typeof DIRECTION_TABLE)[number]['word'][]];
export type DirectionWord = (typeof DIRECTION_TABLE)[number]['word'];

/** Word -> engine direction. */
export const WORD_TO_DIRECTION = Object.fromEntries(DIRECTION_TABLE.map((r) => [r.word, r.dir])) as Record<DirectionWord, Direction>;

/** Engine direction -> word. */
export const DIRECTION_TO_WORD = Object.fromEntries(DIRECTION_TABLE.map((r) => [r.dir, r.word])) as Record<Direction, DirectionWord>;

/** Engine direction -> the d-pad button's emoji. */
export const DIRECTION_EMOJI = Object.fromEntries(DIRECTION_TABLE.map((r) => [r.dir, r.emoji])) as Record<Direction, string>;

/** Short words accepted for a direction (`direction:n`, `up`), also by the terminal's button presses. */
export const DIRECTION_ALIASES: Readonly<Record<string, DirectionWord>> = Object.fromEntries(DIRECTION_TABLE.flatMap((r) => r.aliases.map((a) => [a, r.word])));
