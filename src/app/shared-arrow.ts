/**
 * What an arrow on the shared game message does for the member who presses it (issue 24). The shared pad is the
 * party's: an arrow is lit when any member who may act can go that way, so it is often a wall for the presser (a
 * party of four in a maze fight: about one press in four). Refusing such a press refuses it for a reason the message
 * hides (it cannot light arrows per viewer). Instead the press heads that way: when the presser cannot step in the
 * arrow's direction, they take the first step of the shortest walk to the nearest tile that lies that way (beyond the
 * line through them, across the arrow), never a step against the arrow and never into a monster. Only when no such
 * walk exists within HEADING_REACH steps is the press refused (the wall is then the whole truth).
 */
import { legalMoves, DIRECTION_DELTA, DIRECTIONS, Tile, type Direction, type GameState } from '../engine/index.js';

/** How far (in steps) a heading press looks for a way in the arrow's direction. */
export const HEADING_REACH = 12;

/**
 * The direction `userId` steps in when pressing the shared arrow `dir`: `dir` itself when it is their legal move (a
 * step, a swap with an ally, an attack), else the first step of the walk heading that way, else null (refused).
 */
export function sharedArrowStep(state: GameState, userId: string, dir: Direction): Direction | null {
  const legal = legalMoves(state, userId);
  if (!legal.canAct) return dir;
  const own = legal.moves[dir];
  if (own === 'move' || own === 'attack') return dir;
  const p = state.players.find((q) => q.id === userId);
  if (!p) return dir;
  return headingStep(state, p.x, p.y, dir, (d) => legal.moves[d] === 'move');
}

/** BFS from (x, y) over floor free of monsters; the first step (legal by `canStep`, not against `dir`) toward the nearest tile that way. */
function headingStep(state: GameState, x: number, y: number, dir: Direction, canStep: (d: Direction) => boolean): Direction | null {
  const { width, height } = state;
  const dirs = state.config.topology === 4 ? DIRECTIONS.slice(0, 4) : DIRECTIONS;
  const [ax, ay] = DIRECTION_DELTA[dir];
  const ahead = (tx: number, ty: number): number => (tx - x) * ax + (ty - y) * ay;
  const monster = new Uint8Array(width * height);
  for (const m of state.monsters) monster[m.y * width + m.x] = 1;
  // first[i]: 1 + index in `dirs` of the first step of the shortest walk to tile i; 0 unvisited.
  const first = new Uint8Array(width * height);
  const dist = new Uint16Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  dirs.forEach((d, k) => {
    const [dx, dy] = DIRECTION_DELTA[d];
    if (dx * ax + dy * ay < 0 || !canStep(d)) return;
    const i = (y + dy) * width + (x + dx);
    if (first[i] !== 0) return;
    first[i] = k + 1;
    dist[i] = 1;
    queue[tail++] = i;
  });
  while (head < tail) {
    const i = queue[head++]!;
    const tx = i % width;
    const ty = (i - tx) / width;
    if (ahead(tx, ty) > 0) return dirs[first[i]! - 1]!;
    if (dist[i]! >= HEADING_REACH) continue;
    for (const d of dirs) {
      const [dx, dy] = DIRECTION_DELTA[d];
      const nx = tx + dx;
      const ny = ty + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const j = ny * width + nx;
      if (first[j] !== 0 || (nx === x && ny === y) || state.tiles[j] === Tile.Wall || monster[j] === 1) continue;
      first[j] = first[i]!;
      dist[j] = dist[i]! + 1;
      queue[tail++] = j;
    }
  }
  return null;
}
