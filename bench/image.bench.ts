/**
 * The image map: a medium level's public picture (60 x 40, every cell explored, a party of four: a 17 x 9 view of
 * 32 px tiles, the 2x draw) drawn and encoded as PNG, side by side with @napi-rs/canvas drawing the same tile bitmaps with drawImage and
 * encoding a PNG. Target: at least 5x faster than canvas.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import { renderImageMap } from '../src/adapters/render/image.js';
import { defaultConfig, newGame, partySight, step, type GameState } from '../src/engine/index.js';
import { ITEMS } from '../src/engine/items.js';
import { MONSTERS } from '../src/engine/monsters.js';
import { layout, PICTURE_PALETTE, TILES, TILE_PX } from '../src/render/image/draw.js';
import { drawImageWith, frameFor } from '../src/render/image/index.js';
import { encodePng } from '../src/render/image/png.js';
import type { Bitmap } from '../src/render/image/tiles.js';
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

/** A tile bitmap as a canvas (palette looked up into RGBA, index 0 transparent). */
function tileCanvas(b: Bitmap): Canvas {
  const c = createCanvas(b.size, b.size);
  const ctx = c.getContext('2d');
  const img = ctx.createImageData(b.size, b.size);
  for (let i = 0; i < b.px.length; i++) {
    const p = b.px[i]!;
    img.data.set([PICTURE_PALETTE[p * 3]!, PICTURE_PALETTE[p * 3 + 1]!, PICTURE_PALETTE[p * 3 + 2]!, p === 0 ? 0 : 255], i * 4);
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
    const frame = frameFor(state, sight.mask, sight.mark, null);
    const set = TILES;
    const tiles = Object.fromEntries(Object.entries(set.tiles).map(([k, v]) => [k, tileCanvas(v)])) as Record<string, Canvas>;
    const dim = Object.fromEntries(Object.entries(set.dim).map(([k, v]) => [k, tileCanvas(v)])) as Record<string, Canvas>;
    const terrain: Record<number, Canvas | undefined> = {
      [Cell.Wall]: tiles.wall, [Cell.Floor]: tiles.floor, [Cell.Stairs]: tiles.stairs,
      [Cell.DimWall]: dim.wall, [Cell.DimFloor]: dim.floor, [Cell.DimStairs]: dim.stairs,
    };
    const s = TILE_PX;
    const draw = (): Buffer => {
      const main = buildViewModel(state, sight.mask, sight.mark, frame.view, null);
      const strip = frame.strip.map((v) => buildViewModel(state, sight.mask, sight.mark, v, null));
      const { width, height, panels } = layout(main, strip);
      const c = createCanvas(width, height);
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#000000';
      ctx.fillRect(0, 0, c.width, c.height);
      for (const { model, ox, oy } of panels) {
        const { view } = model;
        for (let y = 0; y < view.height; y++) {
          for (let x = 0; x < view.width; x++) {
            const t = terrain[model.terrain[y * view.width + x]!];
            if (t) ctx.drawImage(t, ox + x * s, oy + y * s);
          }
        }
        const at = (x: number, y: number): [number, number] => [ox + (x - view.x) * s, oy + (y - view.y) * s];
        for (const it of model.items) ctx.drawImage(tiles[ITEMS[it.kind].art.tile]!, ...at(it.x, it.y));
        for (const m of model.monsters) ctx.drawImage(tiles[MONSTERS[m.kind].art.tile]!, ...at(m.x, m.y));
        for (const p of model.players) {
          const [x, y] = at(p.x, p.y);
          ctx.strokeStyle = '#55acee';
          ctx.lineWidth = 3;
          ctx.beginPath();
          ctx.arc(x + s / 2, y + s / 2, s / 2 - 1.5, 0, 2 * Math.PI);
          ctx.stroke();
          ctx.drawImage(tiles.hero!, x, y);
          ctx.fillStyle = '#55acee';
          ctx.fillRect(x + 1, y + 1, 8, 12);
        }
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
      const frame = frameFor(state, sight.mask, sight.mark, null);
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
        const pic = drawImageWith(state, sight.mask, sight.mark, null, frameFor(state, sight.mask, sight.mark, null));
        const copy = { ...pic, px: pic.px.slice() };
        return () => encodePng(copy, (d) => deflateSync(d, { level }));
      },
    }),
  ),
];

export const cases: BenchCase[] = [ours, canvas, ...parts];
