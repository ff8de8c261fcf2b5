/** Test helpers: game states drawn as ASCII pictures, so that a render test shows its map. */
import { MONSTERS } from '../../src/engine/monsters.js';
import type { GameConfig, GameState, MonsterKind, Player } from '../../src/engine/types.js';

const MONSTER_CHARS: Readonly<Record<string, MonsterKind>> = { g: 'goblin', o: 'orc', T: 'troll' };

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
 * A GameState from a picture: '#' wall, '.' floor, '>' stairs, '!' potion, 'g'/'o'/'T' goblin/orc/troll,
 * '1'..'8' the player in slot 0..7 (id "p1".."p8"). Everything under an item, monster or player is floor.
 */
export function drawState(rows: readonly string[], opts: DrawOptions = {}): GameState {
  const height = rows.length;
  const width = Math.max(...rows.map((r) => r.length));
  const tiles = new Uint8Array(width * height);
  const players: Player[] = [];
  const state: GameState = {
    schema: 2,
    version: 0,
    turn: 0,
    config: {
      seed: 1,
      width,
      height,
      mapKind: 'cavern',
      topology: 4,
      turnMode: 'free',
      difficulty: 'normal',
      maxPlayers: 8,
      fovRadius: 8,
      maxDepth: 5,
      ...opts.config,
    },
    rng: [1, 2, 3, 4],
    depth: 1,
    width,
    height,
    tiles,
    entrance: 0,
    explored: opts.explored ? mask(opts.explored, 'x') : new Uint8Array(width * height).fill(1),
    players,
    monsters: [],
    items: [],
    nextId: 1,
    acted: [],
    status: 'playing',
    summary: null,
    recent: [],
  };
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) {
      const c = row[x] ?? '#';
      const i = y * width + x;
      tiles[i] = c === '#' ? 0 : c === '>' ? 2 : 1;
      const kind = MONSTER_CHARS[c];
      if (kind) {
        state.monsters.push({ id: state.nextId++, kind, x, y, hp: MONSTERS[kind].hp, weapon: 0, state: 'hunt', lastSeen: -1 });
      } else if (c === '!') {
        state.items.push({ id: state.nextId++, kind: 'potion', x, y });
      } else if (c >= '1' && c <= '8') {
        const slot = Number(c) - 1;
        players.push({
          id: `p${c}`,
          name: opts.names?.[slot] ?? `P${c}`,
          slot,
          x,
          y,
          hp: 24,
          maxHp: 24,
          attack: 4,
          defence: 2,
          potions: 1,
          kills: 0,
          alive: !(opts.dead ?? []).includes(c),
        });
      }
    }
  });
  players.sort((a, b) => a.slot - b.slot);
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

/** Rows of a rendered map (an ASCII message's code block, or the emoji map at the top of the description). */
export function mapRows(text: string): string[] {
  const body = text.startsWith('```\n') ? text.slice(4, text.lastIndexOf('\n```')) : text.split('\n\n')[0]!;
  return body.split('\n');
}
