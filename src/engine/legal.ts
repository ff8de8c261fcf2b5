/** Which controls make sense for a user right now (for enabling and disabling buttons). */
import { Tile } from './grid.js';
import type { Direction, GameState } from './types.js';
import { DIRECTIONS, DIRECTION_DELTA } from './types.js';

export interface LegalMoves {
  canAct: boolean;
  moves: Partial<Record<Direction, 'move' | 'attack' | 'blocked'>>;
  canDescend: boolean;
  canUse: boolean;
}

/** Legal moves of one user; everything is refused for strangers, the dead, finished games and players who already acted this round. */
export function legalMoves(state: GameState, userId: string): LegalMoves {
  const dirs = state.config.topology === 4 ? DIRECTIONS.slice(0, 4) : DIRECTIONS;
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
    const x = p.x + dx;
    const y = p.y + dy;
    if (state.tiles[y * state.width + x] === Tile.Wall || state.players.some((q) => q.alive && q.x === x && q.y === y)) moves[d] = 'blocked';
    else if (state.monsters.some((m) => m.x === x && m.y === y)) moves[d] = 'attack';
    else moves[d] = 'move';
  }
  return {
    canAct,
    moves,
    canDescend: canAct && !!p && state.tiles[p.y * state.width + p.x] === Tile.Stairs,
    canUse: canAct && !!p && p.potions > 0,
  };
}
