/**
 * The pictures of a replay: the run's action log stepped through the engine, the states of its last level (at most
 * REPLAY_FRAMES of them, one per accepted action), each drawn by the image map's own renderer through ONE fixed
 * frame, so the picture does not jump as the party moves. Pure.
 */
import { newGame, partySight, step } from '../../engine/index.js';
import type { Action, GameConfig, GameState } from '../../engine/types.js';
import { placeCamera } from '../camera.js';
import { REPLAY_VIEW, type Frame } from '../image/frame.js';
import { drawImageWith, type Picture } from '../image/index.js';

/** At most this many frames (turns) in a replay. */
export const REPLAY_FRAMES = 200;

/** The states a replay shows: after each action of the last level's stretch, the last REPLAY_FRAMES at most. Throws if the log does not replay. */
export function replayStates(config: GameConfig, actions: readonly Action[], max = REPLAY_FRAMES): GameState[] {
  let s = newGame(config);
  let window: GameState[] = [];
  for (const [n, action] of actions.entries()) {
    const r = step(s, action);
    if (!r.ok) throw new Error(`replay: action ${n} (${action.type}) was rejected: ${r.code}`);
    // A new level starts the replay over: it shows the last level only.
    if (r.state.depth !== s.depth) window = [];
    s = r.state;
    window.push(s);
    if (window.length > 2 * max) window = window.slice(-max);
  }
  return window.slice(-max);
}

/**
 * The one frame every picture of `states` is drawn through: the box of everything explored and every place a player
 * stood when it fits the public picture's size (REPLAY_VIEW, the tile size a phone can read), else a view of that size
 * around the box's centre. Replays have no strip: the frame is the picture.
 */
export function replayFrame(states: readonly GameState[]): Frame {
  const last = states[states.length - 1];
  if (!last) throw new Error('replayFrame: no states');
  const W = last.width;
  const H = last.height;
  let x0 = W;
  let y0 = H;
  let x1 = -1;
  let y1 = -1;
  const grow = (x: number, y: number) => {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  };
  for (let i = 0; i < last.explored.length; i++) if (last.explored[i] !== 0) grow(i % W, Math.floor(i / W));
  for (const s of states) for (const p of s.players) grow(p.x, p.y);
  if (x1 < 0) return { view: placeCamera(W, H, REPLAY_VIEW.width, REPLAY_VIEW.height, W >> 1, H >> 1), strip: [] };
  x0 = Math.max(0, x0 - 1);
  y0 = Math.max(0, y0 - 1);
  x1 = Math.min(W - 1, x1 + 1);
  y1 = Math.min(H - 1, y1 + 1);
  const caps = REPLAY_VIEW;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  if (w <= caps.width && h <= caps.height) return { view: { x: x0, y: y0, width: w, height: h }, strip: [] };
  return { view: placeCamera(W, H, caps.width, caps.height, (x0 + x1) >> 1, (y0 + y1) >> 1), strip: [] };
}

/** The picture of one state through `frame`, exactly as the image map draws it (party sight, no viewer), copied. */
export function replayPicture(state: GameState, frame: Frame): Picture {
  const sight = partySight(state);
  const pic = drawImageWith(state, sight.mask, sight.mark, null, frame);
  return { ...pic, px: pic.px.slice() };
}
