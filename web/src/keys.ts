/** The keyboard: arrows, WASD and vi keys move; numbers use the listed items; a few letters for the context actions. */
import type { Direction } from '../../src/engine/types.js';
import type { WireAction } from '../../src/adapters/web/protocol.js';

/** Key -> direction (arrows, WASD, vi keys with their diagonals, and the numeric keypad). */
export const MOVE_KEYS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'n', ArrowDown: 's', ArrowLeft: 'w', ArrowRight: 'e',
  w: 'n', s: 's', a: 'w', d: 'e',
  k: 'n', j: 's', h: 'w', l: 'e', y: 'nw', u: 'ne', b: 'sw', n: 'se',
  Numpad8: 'n', Numpad2: 's', Numpad4: 'w', Numpad6: 'e', Numpad7: 'nw', Numpad9: 'ne', Numpad1: 'sw', Numpad3: 'se',
};

/** Key -> an argument-less action. */
export const ACTION_KEYS: Readonly<Record<string, WireAction>> = {
  '.': { type: 'wait' }, ' ': { type: 'wait' }, Numpad5: { type: 'wait' },
  '>': { type: 'descend' }, f: { type: 'fight' }, x: { type: 'explore' }, t: { type: 'travel' }, r: { type: 'rest' },
};

/** What a key press asks for: an action, an item's index (numbers 1-9), or nothing. */
export function keyAction(e: { key: string; code: string }): WireAction | { type: 'item'; index: number } | null {
  const dir = MOVE_KEYS[e.key] ?? MOVE_KEYS[e.code];
  if (dir) return { type: 'move', dir };
  const act = ACTION_KEYS[e.key] ?? ACTION_KEYS[e.code];
  if (act) return act;
  if (/^[1-9]$/.test(e.key) && !e.code.startsWith('Numpad')) return { type: 'item', index: Number(e.key) - 1 };
  return null;
}
