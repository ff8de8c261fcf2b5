/**
 * The replay GIF: 200 turns of a medium level (60 x 30 cavern, one fixed frame at 16 px) drawn by the image map's
 * renderer, then encoded by our encoder (each turn as its changed rectangle, unchanged pixels transparent) and, side
 * by side in the same run, by gifenc writing the same palette frames whole (its API writes every frame at 0,0).
 * Targets: at most 2 ms per frame and 1 MiB for the 200 turns. Figures are per frame; `bytes` is the whole GIF.
 */
import gifencModule from 'gifenc';
import { defaultConfig, newGame, step } from '../src/engine/index.js';
import type { Action, Direction, GameState } from '../src/engine/types.js';
import { encodeGif, type GifFrame } from '../src/render/gif/encode.js';
import { REPLAY_FRAMES, replayFrame, replayPicture } from '../src/render/gif/replay-frames.js';
import type { Picture } from '../src/render/image/index.js';
import { PALETTE } from '../src/render/image/tiles.js';
import type { BenchCase, BenchResult } from './harness.js';

const NAME = `replay GIF ${REPLAY_FRAMES} turns 60x30 (encode, per frame)`;
const REPEATS = 7;

/** The step from (x, y) toward (tx, ty) along the longer axis first (4-way). */
function toward(x: number, y: number, tx: number, ty: number): Direction[] {
  const h: Direction = tx > x ? 'e' : 'w';
  const v: Direction = ty > y ? 's' : 'n';
  return Math.abs(tx - x) >= Math.abs(ty - y) ? [h, v] : [v, h];
}

/**
 * A solo run long enough to leave 200 turns on one level: the hero (made sturdy, so the bench is not cut short by
 * a death) explores and fights whatever comes into view, bumping into it.
 */
function longRun(): { states: GameState[] } {
  const config = defaultConfig({ seed: 5, width: 60, height: 30, mapKind: 'cavern', maxPlayers: 1 });
  const join: Action = { type: 'join', user: 'u1', name: 'Ann' };
  const joined = step(newGame(config), join);
  if (!joined.ok) throw new Error('join refused');
  let s = joined.state;
  const hero = s.players[0]!;
  hero.hp = hero.maxHp = 100_000;
  const start = s;
  const log: Action[] = [];
  const apply = (a: Action): boolean => {
    const r = step(s, a);
    if (!r.ok) return false;
    s = r.state;
    log.push(a);
    return true;
  };
  for (let i = 0; log.length < REPLAY_FRAMES && s.status === 'playing' && i < 5000; i++) {
    const p = s.players[0]!;
    if (apply({ type: 'explore', user: 'u1' })) continue;
    const near = [...s.monsters].sort((a, b) => Math.abs(a.x - p.x) + Math.abs(a.y - p.y) - (Math.abs(b.x - p.x) + Math.abs(b.y - p.y)))[0];
    const dirs = near ? toward(p.x, p.y, near.x, near.y) : (['n', 'e', 's', 'w'] as const).slice(i % 4);
    if (!dirs.some((dir) => apply({ type: 'move', user: 'u1', dir }))) apply({ type: 'wait', user: 'u1' });
  }
  // The frames replay the log from the sturdy hero's state (the log alone would replay an ordinary one).
  const states: GameState[] = [];
  let t = start;
  for (const a of log) {
    const r = step(t, a);
    if (!r.ok) throw new Error('bench log does not replay');
    t = r.state;
    if (t.depth === start.depth) states.push(t);
  }
  return { states: states.slice(-REPLAY_FRAMES) };
}

function pictures(): Picture[] {
  const { states } = longRun();
  const frame = replayFrame(states);
  return states.map((st) => replayPicture(st, frame));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Times `encode` REPEATS times (after one warm-up) and reports the median per frame and the size. */
function measure(impl: string, pics: Picture[], encode: (frames: GifFrame[]) => Uint8Array): BenchResult {
  const bytes = encode(pics).length;
  const times: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const t0 = performance.now();
    encode(pics);
    times.push(performance.now() - t0);
  }
  const perFrameUs = (median(times) * 1000) / pics.length;
  return { name: NAME, impl, medianUs: perFrameUs, extra: { frames: pics.length, bytes, width: pics[0]!.width, height: pics[0]!.height } };
}

const ours: BenchCase = {
  name: NAME,
  impl: 'channel-crawler',
  run: async () => {
    const pics = pictures();
    const { width, height } = pics[0]!;
    return [measure('channel-crawler', pics, (frames) => encodeGif(frames, { width, height, palette: PALETTE, delayCs: 12, lastDelayCs: 200 }))];
  },
};

const gifenc: BenchCase = {
  name: NAME,
  impl: 'gifenc',
  run: async () => {
    const pics = pictures();
    const { width, height } = pics[0]!;
    const palette = Array.from({ length: 256 }, (_, i) => [PALETTE[i * 3]!, PALETTE[i * 3 + 1]!, PALETTE[i * 3 + 2]!]);
    return [
      measure('gifenc', pics, (frames) => {
        const gif = gifencModule.GIFEncoder();
        frames.forEach((f, i) => gif.writeFrame(f.px, width, height, { palette, delay: i === frames.length - 1 ? 2000 : 120, repeat: 0 }));
        gif.finish();
        return gif.bytes();
      }),
    ];
  },
};

/** Drawing the frames (the image map renderer, one fixed frame): the other half of a replay's cost. */
const draw: BenchCase = {
  name: `replay GIF ${REPLAY_FRAMES} turns 60x30 (draw, per frame)`,
  impl: 'channel-crawler',
  run: async () => {
    const { states } = longRun();
    const frame = replayFrame(states);
    const times: number[] = [];
    for (let r = 0; r < REPEATS; r++) {
      const t0 = performance.now();
      for (const st of states) replayPicture(st, frame);
      times.push(performance.now() - t0);
    }
    return [{ name: `replay GIF ${REPLAY_FRAMES} turns 60x30 (draw, per frame)`, impl: 'channel-crawler', medianUs: (median(times) * 1000) / states.length, extra: { frames: states.length } }];
  },
};

export const cases: BenchCase[] = [ours, gifenc, draw];
