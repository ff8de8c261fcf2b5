/**
 * The image map: a medium level's public picture (60 x 40 = 2,400 tiles of 16 px, every cell explored, a party of
 * four) drawn and encoded as PNG, side by side with @napi-rs/canvas drawing the same tile bitmaps with drawImage and
 * encoding a PNG. Target: at least 5x faster than canvas.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import { renderImageMap } from '../src/adapters/render/image.js';
import { defaultConfig, newGame, partySight, step, type GameState } from '../src/engine/index.js';
import { TILE_SIZE } from '../src/render/image/atlas.js';
import { drawImageWith, frameFor } from '../src/render/image/index.js';
import { encodePng } from '../src/render/image/png.js';
import { PALETTE, tileSet, type Bitmap } from '../src/render/image/tiles.js';
import { buildViewModel } from '../src/render/view-model.js';
import { Cell } from '../src/render/glyphs.js';
import type { BenchCase } from './harness.js';

const NAME = 'image map 60x40 public picture (draw + PNG)';

/** A 60 x 40 level, fully explored, with four players who have walked a little. */
function mediumLevel(): GameState {
  let s = newGame(defaultConfig({ seed: 11, width: 60, height: 40, maxPlayers: 4 }));
  const users = ['u1', 'u2', 'u3', 'u4'];
  for (const [i, u] of users.entries()) {
    const r = step(s, { type: 'join', user: u, name: `Player ${i + 1}` });
    if (r.ok) s = r.state;
  }
  for (let t = 0; t < 12; t++) {
    const r = step(s, { type: 'move', user: users[t % 4]!, dir: (['e', 's', 'w', 'n'] as const)[t % 4]! });
    if (r.ok) s = r.state;
  }
  s.explored.fill(1);
  return s;
}

/** A tile bitmap as a 16 px canvas (palette looked up into RGBA, index 0 transparent). */
function tileCanvas(b: Bitmap): Canvas {
  const c = createCanvas(b.size, b.size);
  const ctx = c.getContext('2d');
  const img = ctx.createImageData(b.size, b.size);
  for (let i = 0; i < b.px.length; i++) {
    const p = b.px[i]!;
    img.data.set([PALETTE[p * 3]!, PALETTE[p * 3 + 1]!, PALETTE[p * 3 + 2]!, p === 0 ? 0 : 255], i * 4);
  }
  ctx.putImageData(img, 0, 0);
  return c;
}

const ours: BenchCase = {
  name: NAME,
  impl: 'channel-crawler',
  setup: () => {
    const state = mediumLevel();
    return () => renderImageMap(state);
  },
};

/** The same picture through canvas: the same view model, the same tile bitmaps, drawImage per tile and sprite, PNG encode. */
const canvas: BenchCase = {
  name: NAME,
  impl: '@napi-rs/canvas',
  setup: () => {
    const state = mediumLevel();
    const sight = partySight(state);
    const frame = frameFor(state, null);
    const set = tileSet(TILE_SIZE);
    const tiles = Object.fromEntries(Object.entries(set.tiles).map(([k, v]) => [k, tileCanvas(v)])) as Record<string, Canvas>;
    const dim = Object.fromEntries(Object.entries(set.dim).map(([k, v]) => [k, tileCanvas(v)])) as Record<string, Canvas>;
    const terrain: Record<number, Canvas | undefined> = {
      [Cell.Wall]: tiles.wall, [Cell.Floor]: tiles.floor, [Cell.Stairs]: tiles.stairs,
      [Cell.DimWall]: dim.wall, [Cell.DimFloor]: dim.floor, [Cell.DimStairs]: dim.stairs,
    };
    const s = TILE_SIZE;
    const draw = (): Buffer => {
      const model = buildViewModel(state, sight.mask, sight.mark, frame.view, null);
      const { view } = model;
      const c = createCanvas(view.width * s, view.height * s);
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#060608';
      ctx.fillRect(0, 0, c.width, c.height);
      for (let y = 0; y < view.height; y++) {
        for (let x = 0; x < view.width; x++) {
          const t = terrain[model.terrain[y * view.width + x]!];
          if (t) ctx.drawImage(t, x * s, y * s);
        }
      }
      for (const it of model.items) ctx.drawImage(tiles.potion!, (it.x - view.x) * s, (it.y - view.y) * s);
      for (const m of model.monsters) ctx.drawImage(tiles[m.kind]!, (m.x - view.x) * s, (m.y - view.y) * s);
      for (const p of model.players) {
        ctx.drawImage(tiles.hero!, (p.x - view.x) * s, (p.y - view.y) * s);
        ctx.strokeStyle = '#55acee';
        ctx.strokeRect((p.x - view.x) * s + 0.5, (p.y - view.y) * s + 0.5, s - 1, s - 1);
      }
      return c.toBuffer('image/png');
    };
    return draw;
  },
};

/** Our draw alone and our PNG encode alone, to show where the time goes. */
const parts: BenchCase[] = [
  {
    name: 'image map 60x40: draw only',
    impl: 'channel-crawler',
    setup: () => {
      const state = mediumLevel();
      const sight = partySight(state);
      const frame = frameFor(state, null);
      return () => drawImageWith(state, sight.mask, sight.mark, null, frame);
    },
  },
  ...[1, 6].map(
    (level): BenchCase => ({
      name: `image map 60x40: PNG encode only, zlib level ${level}`,
      impl: 'channel-crawler',
      setup: () => {
        const state = mediumLevel();
        const sight = partySight(state);
        const pic = drawImageWith(state, sight.mask, sight.mark, null, frameFor(state, null));
        const copy = { ...pic, px: pic.px.slice() };
        return () => encodePng(copy, (d) => deflateSync(d, { level }));
      },
    }),
  ),
];

export const cases: BenchCase[] = [ours, canvas, ...parts];
