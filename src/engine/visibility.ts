/** What the party sees now: per-player field of view (symmetric shadowcasting), so monsters see players by the same test. */
import type { GameState } from './types.js';
import { workspaceFor, type Workspace } from './workspace.js';

export interface Visibility {
  /** 1 where any living player sees the tile now. */
  visible: Uint8Array;
  /** Per living player id: 1 where that player sees the tile now. */
  byPlayer: Record<string, Uint8Array>;
}

/** Fresh visibility masks of a state (allocates; for rendering and tests). */
export function computeVisibility(state: GameState): Visibility {
  const ws = workspaceFor(state.width, state.height);
  const visible = new Uint8Array(state.width * state.height);
  const byPlayer: Record<string, Uint8Array> = {};
  for (const p of state.players) {
    if (!p.alive) continue;
    const mine = new Uint8Array(visible.length);
    ws.fov.compute(state.tiles, p.x, p.y, state.config.fovRadius, mine, 1);
    for (let i = 0; i < mine.length; i++) if (mine[i]) visible[i] = 1;
    byPlayer[p.id] = mine;
  }
  return { visible, byPlayer };
}

/** Recomputes the workspace sight masks of every living player (no allocation). */
export function refreshSight(state: GameState, ws: Workspace): void {
  for (const p of state.players) {
    if (!p.alive) continue;
    const gen = ws.nextSightGen(p.slot);
    ws.fov.compute(state.tiles, p.x, p.y, state.config.fovRadius, ws.sight[p.slot]!, gen);
  }
}

/** True when the player in `slot` saw tile i at the last refreshSight. */
export function sees(ws: Workspace, slot: number, i: number): boolean {
  return ws.sight[slot]![i] === ws.sightGen[slot];
}

/** ORs what every living player sees now into the party's explored memory (mutates `explored`). */
export function markExplored(state: GameState, ws: Workspace, explored: Uint8Array): void {
  const r = state.config.fovRadius;
  const w = state.width;
  for (const p of state.players) {
    if (!p.alive) continue;
    const mask = ws.sight[p.slot]!;
    const gen = ws.sightGen[p.slot]!;
    const x0 = Math.max(0, p.x - r);
    const x1 = Math.min(w - 1, p.x + r);
    const y0 = Math.max(0, p.y - r);
    const y1 = Math.min(state.height - 1, p.y + r);
    for (let y = y0; y <= y1; y++) {
      for (let i = y * w + x0, end = y * w + x1; i <= end; i++) if (mask[i] === gen) explored[i] = 1;
    }
  }
}

/** A visibility mask in which cell i is seen now when mask[i] === mark (a generation counter spares clearing). */
export interface SeenMask {
  mask: Uint8Array;
  mark: number;
}

/**
 * Cells any living player sees now, without allocation (for rendering); when no one is alive (a lost run), what
 * the fallen saw last, so the game-over screen shows the final scene. The mask belongs to the map size's workspace
 * and is reused by the next call: read it before computing another state's sight.
 */
export function partySight(state: GameState): SeenMask {
  const ws = workspaceFor(state.width, state.height);
  // A stored state is frozen and never changes: asked again before any other sight, the mask still holds its answer,
  // so one drawing (the picture, the controls, every player's legal moves) computes the party's sight once.
  if (ws.partyOf === state) return { mask: ws.party, mark: ws.currentPartyMark };
  const mark = ws.nextPartyMark();
  const anyAlive = state.players.some((p) => p.alive);
  for (const p of state.players) if (p.alive || !anyAlive) ws.fov.compute(state.tiles, p.x, p.y, state.config.fovRadius, ws.party, mark);
  if (Object.isFrozen(state)) ws.partyOf = state;
  return { mask: ws.party, mark };
}
