/** The camera: which rectangle of the map a message shows, centred on a player or the party and clamped to the edges. */
import type { GameState } from '../engine/types.js';

/** A rectangle of map cells: top-left corner and size. */
export interface Viewport {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Places a view of at most `viewW` x `viewH` cells centred on (cx, cy), clamped inside the map; a map smaller than the view is shown whole and never scrolls. */
export function placeCamera(mapW: number, mapH: number, viewW: number, viewH: number, cx: number, cy: number): Viewport {
  const width = Math.max(0, Math.min(viewW, mapW));
  const height = Math.max(0, Math.min(viewH, mapH));
  return {
    x: clamp(cx - Math.floor(width / 2), 0, mapW - width),
    y: clamp(cy - Math.floor(height / 2), 0, mapH - height),
    width,
    height,
  };
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * Where the camera looks: the viewer when they are in the game (alive or fallen), else the rounded centroid of the
 * living players, else any player, else the middle of the map.
 */
export function cameraTarget(state: GameState, viewerId: string | null | undefined): { x: number; y: number } {
  if (viewerId != null) {
    const me = state.players.find((p) => p.id === viewerId);
    if (me) return { x: me.x, y: me.y };
  }
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const p of state.players) {
    if (!p.alive) continue;
    sx += p.x;
    sy += p.y;
    n++;
  }
  if (n > 0) return { x: Math.round(sx / n), y: Math.round(sy / n) };
  const any = state.players[0];
  if (any) return { x: any.x, y: any.y };
  return { x: Math.floor(state.width / 2), y: Math.floor(state.height / 2) };
}
