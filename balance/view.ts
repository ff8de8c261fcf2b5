/**
 * What one player can know, and nothing more: the map they have explored (unexplored tiles read as rock), the
 * party (drawn on the map), the monsters the party sees now (with the HUD's "unaware"/"fleeing" notes), their own
 * HUD numbers and the buttons they may press. Policies decide from this, never from the full game state.
 */
import { legalMoves, partySight, roundsNow, Tile, type Direction, type GameState, type LegalMoves, type Monster, type Player } from '../src/engine/index.js';
import { DIRECTION_DELTA, DIRECTIONS } from '../src/engine/index.js';

export interface PlayerView {
  me: Player;
  /** Living party members, me included. */
  party: Player[];
  width: number;
  height: number;
  topology: 4 | 8;
  /** The explored map: tile codes where explored, Tile.Wall elsewhere (a player can't tell unexplored floor from rock). */
  known: Uint8Array;
  /** 1 where explored. */
  explored: Uint8Array;
  /** Index of the stairs once seen, else -1. */
  stairs: number;
  /** Monsters in the party's sight now (copies). */
  monsters: Monster[];
  legal: LegalMoves;
  /** The moves the topology allows, in button order. */
  dirs: readonly Direction[];
  /** The party fights in rounds now (the message says so). */
  rounds: boolean;
  /** The game's turn mode (the message says it). */
  mode: 'free' | 'rounds';
  /** I have a standing fight order (⚔️ on my HUD line). */
  fighting: boolean;
  /** I hold (⏳ on my HUD line): the rounds pass me by until a monster comes next to me. */
  holding: boolean;
  /** The depth and the last depth (the HUD's "Depth 2/5"). */
  depth: number;
  maxDepth: number;
  /** The game's turn (the round a rounds game is in: the message counts them). */
  turn: number;
}

const ORTHO: readonly Direction[] = DIRECTIONS.slice(0, 4);

/** The view of player `userId` (who must be in the game). */
export function playerView(state: GameState, userId: string): PlayerView {
  const me = state.players.find((p) => p.id === userId);
  if (!me) throw new Error(`playerView: ${userId} is not in the game`);
  const n = state.width * state.height;
  const known = new Uint8Array(n);
  let stairs = -1;
  for (let i = 0; i < n; i++) {
    if (state.explored[i] === 0) continue;
    known[i] = state.tiles[i]!;
    if (known[i] === Tile.Stairs) stairs = i;
  }
  const seen = partySight(state);
  const monsters = state.monsters.filter((m) => seen.mask[m.y * state.width + m.x] === seen.mark).map((m) => ({ ...m }));
  const topology = state.config.topology;
  return {
    me: { ...me },
    party: state.players.filter((p) => p.alive).map((p) => ({ ...p })),
    width: state.width,
    height: state.height,
    topology,
    known,
    explored: state.explored.slice(),
    stairs,
    monsters,
    legal: legalMoves(state, userId),
    dirs: topology === 4 ? ORTHO : DIRECTIONS,
    rounds: roundsNow(state),
    mode: state.config.turnMode,
    fighting: state.fighting.includes(userId),
    holding: state.holding.includes(userId),
    depth: state.depth,
    maxDepth: state.config.maxDepth,
    turn: state.turn,
  };
}

/** Distance in the view's topology. */
export function viewDistance(v: PlayerView, a: { x: number; y: number }, b: { x: number; y: number }): number {
  return v.topology === 4 ? Math.abs(a.x - b.x) + Math.abs(a.y - b.y) : Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** The direction whose step from `me` lands on (x, y), if it is a neighbour. */
export function dirTo(v: PlayerView, x: number, y: number): Direction | null {
  return v.dirs.find((d) => v.me.x + DIRECTION_DELTA[d][0] === x && v.me.y + DIRECTION_DELTA[d][1] === y) ?? null;
}

/** First step from `me` toward tile `goal` over known open tiles (breadth-first from the goal), avoiding monsters in view; null if none. */
export function stepToward(v: PlayerView, goal: number): Direction | null {
  const w = v.width;
  const from = new Int32Array(w * v.height).fill(-1);
  const start = v.me.y * w + v.me.x;
  const blocked = new Set(v.monsters.map((m) => m.y * w + m.x));
  const queue = [goal];
  from[goal] = goal;
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k]!;
    for (const d of v.dirs) {
      const n = i + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
      if (from[n] !== -1 || v.known[n] === Tile.Wall) continue;
      from[n] = i;
      if (n === start) {
        const x = i % w;
        return blocked.has(i) && i !== goal ? null : dirTo(v, x, (i - x) / w);
      }
      // Monsters in view block the way (except at the goal itself).
      if (!blocked.has(n)) queue.push(n);
    }
  }
  return null;
}

/** First step toward the nearest known open tile that borders unexplored ground (breadth-first from `me`); null if none. */
export function stepToFrontier(v: PlayerView): Direction | null {
  const w = v.width;
  const start = v.me.y * w + v.me.x;
  const first = new Int32Array(w * v.height).fill(-1);
  const blocked = new Set(v.monsters.map((m) => m.y * w + m.x));
  const queue = [start];
  first[start] = start;
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k]!;
    for (const d of v.dirs) {
      const n = i + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
      if (i !== start && v.explored[n] === 0) {
        const x = first[i]! % w;
        return dirTo(v, x, (first[i]! - x) / w);
      }
      if (first[n] !== -1 || v.known[n] === Tile.Wall || blocked.has(n)) continue;
      first[n] = i === start ? n : first[i]!;
      queue.push(n);
    }
  }
  return null;
}
