import { describe, expect, it } from 'vitest';
import omggif from 'omggif';
import { defaultConfig, newGame, step } from '../../src/engine/index.js';
import type { Action, GameConfig, GameState } from '../../src/engine/types.js';
import { encodeGif, changedRect } from '../../src/render/gif/encode.js';
import { ByteSink, writeLzw } from '../../src/render/gif/lzw.js';
import { REPLAY_FRAMES, replayFrame, replayPicture, replayStates } from '../../src/render/gif/replay-frames.js';
import { PALETTE } from '../../src/render/image/tiles.js';

/** A solo run on a medium cavern: `n` exploring actions (waits when explore has nothing to do), as a log. */
function playedLog(config: GameConfig, n: number): Action[] {
  let s: GameState = newGame(config);
  const log: Action[] = [];
  const apply = (a: Action): boolean => {
    const r = step(s, a);
    if (!r.ok) return false;
    s = r.state;
    log.push(a);
    return true;
  };
  apply({ type: 'join', user: 'u1', name: 'Ann' });
  const dirs = ['n', 'e', 's', 'w'] as const;
  for (let i = 0; i < n && s.status === 'playing'; i++) {
    if (!apply({ type: 'explore', user: 'u1' }) && !apply({ type: 'move', user: 'u1', dir: dirs[i % 4]! })) apply({ type: 'wait', user: 'u1' });
  }
  return log;
}

/** The RGBA the PNG renderer's picture shows at each pixel. */
function rgba(px: Uint8Array): Uint8Array {
  const out = new Uint8Array(px.length * 4);
  for (let i = 0; i < px.length; i++) {
    out[i * 4] = PALETTE[px[i]! * 3]!;
    out[i * 4 + 1] = PALETTE[px[i]! * 3 + 1]!;
    out[i * 4 + 2] = PALETTE[px[i]! * 3 + 2]!;
    out[i * 4 + 3] = 255;
  }
  return out;
}

const config = defaultConfig({ seed: 31, width: 60, height: 30, mapKind: 'cavern', maxPlayers: 1 });

describe('the replay GIF', () => {
  it('GIVEN a run WHEN its replay is encoded and decoded THEN every frame equals the image renderer\'s picture of that turn, at one fixed size', () => {
    const states = replayStates(config, playedLog(config, 60));
    const frame = replayFrame(states);
    const pictures = states.map((s) => replayPicture(s, frame));
    const { width, height } = pictures[0]!;
    const gif = encodeGif(pictures, { width, height, palette: PALETTE, delayCs: 12, lastDelayCs: 200 });
    const reader = new omggif.GifReader(gif);
    expect([reader.width, reader.height]).toEqual([width, height]);
    expect(reader.numFrames()).toBe(states.length);
    expect(reader.loopCount()).toBe(0);
    const canvas = new Uint8Array(width * height * 4);
    for (let i = 0; i < states.length; i++) {
      reader.decodeAndBlitFrameRGBA(i, canvas);
      expect(pictures[i]!.width).toBe(width);
      const want = rgba(pictures[i]!.px);
      // Compared in one go (a per-pixel expect would be 460,000 assertions); the first differing pixel is reported.
      const bad = canvas.findIndex((v, k) => v !== want[k]);
      expect(bad, `frame ${i} differs at byte ${bad}`).toBe(-1);
    }
    expect(reader.frameInfo(states.length - 1).delay).toBe(200);
  });

  it('GIVEN a run longer than the cap on one level WHEN replayed THEN the last REPLAY_FRAMES turns are kept', () => {
    const log = playedLog(config, 400);
    const states = replayStates(config, log);
    expect(states.length).toBeLessThanOrEqual(REPLAY_FRAMES);
    const last = replayStates(config, log, 10_000).at(-1);
    expect(states.at(-1)?.version).toBe(last?.version);
    expect(new Set(states.map((s) => s.depth)).size).toBe(1);
  });

  it('GIVEN a log with a rejected action WHEN replayed THEN it throws (a damaged log never draws a false replay)', () => {
    expect(() => replayStates(config, [{ type: 'join', user: 'u1', name: 'Ann' }, { type: 'descend', user: 'u1' }])).toThrow(/rejected/);
  });

  it.each([
    ['one colour', () => new Uint8Array(5000).fill(7)],
    ['every index', () => Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) & 255)],
    ['noise that fills the dictionary', () => Uint8Array.from({ length: 200_000 }, (_, i) => (Math.imul(i, 2654435761) >>> 24) & 255)],
  ])('GIVEN %s WHEN LZW-encoded in a one-frame GIF THEN a decoder reads the same indices back', (_name, make) => {
    const data = make();
    const width = 100;
    const height = Math.floor(data.length / width);
    const gif = encodeGif([{ px: data.subarray(0, width * height) }], { width, height, palette: PALETTE, delayCs: 10 });
    const canvas = new Uint8Array(width * height * 4);
    new omggif.GifReader(gif).decodeAndBlitFrameRGBA(0, canvas);
    const want = rgba(data.subarray(0, width * height));
    expect(canvas.findIndex((v, k) => v !== want[k])).toBe(-1);
    const sink = new ByteSink();
    writeLzw(sink, data, data.length);
    expect(sink.bytes[sink.length - 1]).toBe(0);
  });

  it.each([
    [[0, 0, 0, 0], [0, 0, 0, 0], null],
    [[0, 0, 0, 0], [0, 0, 0, 9], { x: 1, y: 1, w: 1, h: 1 }],
    [[1, 0, 0, 0], [0, 0, 0, 9], { x: 0, y: 0, w: 2, h: 2 }],
  ])('GIVEN 2x2 pictures %j and %j WHEN compared THEN the changed rectangle is %j', (a, b, rect) => {
    expect(changedRect(Uint8Array.from(a), Uint8Array.from(b), 2, 2)).toEqual(rect);
  });
});

describe('changedRect on image-map widths', () => {
  it.each([
    [5, 1, { x: 4, y: 1, w: 4, h: 1 }],
    [0, 2, { x: 0, y: 2, w: 4, h: 1 }],
    [7, 0, { x: 4, y: 0, w: 4, h: 1 }],
  ])('GIVEN an 8x3 picture with pixel (%i, %i) changed WHEN compared four at a time THEN the rectangle is its aligned group of four', (x, y, rect) => {
    const a = new Uint8Array(24);
    const b = a.slice();
    b[y * 8 + x] = 5;
    expect(changedRect(a, b, 8, 3)).toEqual(rect);
    expect(changedRect(a, a.slice(), 8, 3)).toBeNull();
  });
});
