/**
 * The maps behind explore and travel, built from what the party knows (explored, open cells) only: no peeking
 * at unexplored tiles. One distance field per call, into workspace buffers (no allocation).
 */
import { Tile } from '../grid/tiles.js';
import type { GameState } from './types.js';
import type { Workspace } from './workspace.js';

/** Fills ws.known with the party's known passable cells; returns the number of them. */
function knownMask(s: GameState, ws: Workspace): void {
  const known = ws.known;
  const tiles = s.tiles;
  const explored = s.explored;
  for (let i = 0; i < known.length; i++) known[i] = tiles[i] !== Tile.Wall && explored[i] !== 0 ? 1 : 0;
}

/** Frontier cells: known and open, with an unexplored neighbour (4-way). Known items count too (worth a detour). */
export function frontier(s: GameState, ws: Workspace, out: number[]): number[] {
  knownMask(s, ws);
  const w = s.width;
  const known = ws.known;
  const explored = s.explored;
  out.length = 0;
  for (let y = 1; y < s.height - 1; y++) {
    for (let i = y * w + 1, end = y * w + w - 1; i < end; i++) {
      if (known[i] === 0) continue;
      if (explored[i - 1] === 0 || explored[i + 1] === 0 || explored[i - w] === 0 || explored[i + w] === 0) out.push(i);
    }
  }
  for (const it of s.items) {
    const i = it.y * w + it.x;
    if (known[i] !== 0) out.push(i);
  }
  return out;
}

const goals: number[] = [];

/** Distance to the nearest frontier cell over known cells (ws.explore), or null when nothing is left to explore. */
export function exploreField(s: GameState, ws: Workspace): Int32Array | null {
  frontier(s, ws, goals);
  if (goals.length === 0) return null;
  return ws.fields.compute(ws.known, goals, s.config.topology, undefined, ws.explore);
}

/** Distance to tile `goal` over the party's known cells (ws.explore): a fighter's way to its monster. */
export function chaseField(s: GameState, ws: Workspace, goal: number): Int32Array {
  knownMask(s, ws);
  goals.length = 0;
  goals.push(goal);
  return ws.fields.compute(ws.known, goals, s.config.topology, undefined, ws.explore);
}

/** Index of the level's stairs when the party has seen them, else -1. */
export function seenStairs(s: GameState): number {
  for (let i = 0; i < s.tiles.length; i++) if (s.tiles[i] === Tile.Stairs && s.explored[i] !== 0) return i;
  return -1;
}

/** Distance to the seen stairs over known cells (ws.explore), or null when the stairs are not seen yet. */
export function travelField(s: GameState, ws: Workspace): Int32Array | null {
  const stairs = seenStairs(s);
  if (stairs < 0) return null;
  knownMask(s, ws);
  goals.length = 0;
  goals.push(stairs);
  return ws.fields.compute(ws.known, goals, s.config.topology, undefined, ws.explore);
}
