/** Which controls make sense for a user right now (for enabling and disabling buttons). */
import { Tile } from '../grid/tiles.js';
import type { Direction, GameState, Monster } from './types.js';
import { DIRECTIONS, DIRECTION_DELTA } from './types.js';

/** What stepping onto a tile runs into: the one rule behind moves, bump attacks and the buttons. */
export type Bump = { kind: 'wall' } | { kind: 'ally' } | { kind: 'monster'; monster: Monster } | { kind: 'open' };

/** What a player stepping onto (x, y) would run into (a corpse is no obstacle). */
export function bumpAt(state: GameState, x: number, y: number): Bump {
  if (state.tiles[y * state.width + x] === Tile.Wall) return { kind: 'wall' };
  if (state.players.some((q) => q.alive && q.x === x && q.y === y)) return { kind: 'ally' };
  const monster = state.monsters.find((m) => m.x === x && m.y === y);
  return monster ? { kind: 'monster', monster } : { kind: 'open' };
}

const ORTHOGONAL = DIRECTIONS.slice(0, 4);

export interface LegalMoves {
  canAct: boolean;
  moves: Partial<Record<Direction, 'move' | 'attack' | 'blocked'>>;
  canDescend: boolean;
  canUse: boolean;
}

/** Legal moves of one user; everything is refused for strangers, the dead, finished games and players who already acted this round. */
export function legalMoves(state: GameState, userId: string): LegalMoves {
  const dirs = state.config.topology === 4 ? ORTHOGONAL : DIRECTIONS;
  const p = state.players.find((q) => q.id === userId);
  const canAct =
    !!p && p.alive && state.status === 'playing' && !(state.config.turnMode === 'rounds' && state.acted.includes(p.id));
  const moves: LegalMoves['moves'] = {};
  for (const d of dirs) {
    if (!p || !canAct) {
      moves[d] = 'blocked';
      continue;
    }
    const [dx, dy] = DIRECTION_DELTA[d];
    const bump = bumpAt(state, p.x + dx, p.y + dy);
    moves[d] = bump.kind === 'monster' ? 'attack' : bump.kind === 'open' ? 'move' : 'blocked';
  }
  return {
    canAct,
    moves,
    canDescend: canAct && !!p && state.tiles[p.y * state.width + p.x] === Tile.Stairs,
    canUse: canAct && !!p && p.potions > 0,
  };
}
