/** Test helpers: game states drawn as ASCII pictures, so that a render test shows its map. */
import type { GameConfig, GameState } from '../../src/engine/types.js';
import { drawState as drawEngineState } from '../engine/fixtures.js';

/** Options of a drawn state: who the digits are, who is dead, what the party remembers. */
export interface DrawOptions {
  /** Names by slot digit ('1' -> names[0]); default "P1", "P2"... */
  names?: readonly string[];
  /** Slot digits of fallen players (drawn where the digit is). */
  dead?: readonly string[];
  /** Remembered cells: 'x' = explored, anything else not; default: everything explored. */
  explored?: readonly string[];
  config?: Partial<GameConfig>;
  overrides?: Partial<GameState>;
}

/**
 * A GameState from a picture, drawn with the engine tests' legend (see test/engine/fixtures.ts): '#' wall, '.' floor,
 * '>' stairs, '!' potion, 'g'/'o'/'T' goblin/orc/troll, '1'..'8' the player in slot 0..7 (id "p1".."p8").
 * For rendering, the party has seen everything (unless `explored` says otherwise), monsters are hunting,
 * and each player carries a potion.
 */
export function drawState(rows: readonly string[], opts: DrawOptions = {}): GameState {
  const state = drawEngineState([...rows], { maxPlayers: 8 });
  // Render tests may set any config value they want to see in the HUD, valid for the engine or not.
  state.config = { ...state.config, width: state.width, height: state.height, ...opts.config };
  state.explored = opts.explored ? mask(opts.explored, 'x') : new Uint8Array(state.width * state.height).fill(1);
  for (const m of state.monsters) m.state = 'hunt';
  for (const p of state.players) {
    p.name = opts.names?.[p.slot] ?? p.name;
    p.pack = { potion: 1 };
    p.alive = !(opts.dead ?? []).includes(String(p.slot + 1));
  }
  return { ...state, ...opts.overrides };
}

/** A 0/1 mask from a picture: `on` characters are 1 (default: anything but '.' and ' '). */
export function mask(rows: readonly string[], on?: string): Uint8Array {
  const width = Math.max(...rows.map((r) => r.length));
  const out = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const c = row[x]!;
      out[y * width + x] = on !== undefined ? (c === on ? 1 : 0) : c === '.' || c === ' ' ? 0 : 1;
    }
  });
  return out;
}

/** A mask with every cell set (everything seen now). */
export function allSeen(state: GameState): Uint8Array {
  return new Uint8Array(state.width * state.height).fill(1);
}

/**
 * An emoji description split into the map's rows (the leading lines with no space: tiles only) and what follows them
 * (legend, HUD and log, right under the map: on a phone a blank line is a line).
 */
export function splitEmojiMap(description: string): { rows: string[]; under: string[] } {
  const lines = description.split('\n');
  const n = lines.findIndex((l) => /\s/u.test(l) || l === '');
  const end = n === -1 ? lines.length : n;
  return { rows: lines.slice(0, end), under: lines.slice(end) };
}

/** Rows of a rendered map (an ASCII message's code block, or the emoji map at the top of the description). */
export function mapRows(text: string): string[] {
  return text.startsWith('```\n') ? text.slice(4, text.lastIndexOf('\n```')).split('\n') : splitEmojiMap(text).rows;
}
