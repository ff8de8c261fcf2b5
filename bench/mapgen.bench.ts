/** Map generation benchmarks: our typed-array generators against rot.js on the same sizes. */
import * as ROT from 'rot-js/lib/index.js';
import { Rng } from '../src/grid/rng.js';
import {
  cellularCavern,
  emptyDraft,
  generateLevel,
  huntAndKill,
  keepLargestRegion,
  runPipeline,
  type LevelSpec,
} from '../src/mapgen/index.js';
import type { BenchCase } from './harness.js';

const W = 80;
const H = 40;

/** Each run draws fresh numbers from one generator, so every iteration builds a different map (as in play). */
function ours(steps: Parameters<typeof runPipeline>[2]): () => unknown {
  const rng = Rng.fromSeed(1);
  const draft = emptyDraft(W, H);
  return () => runPipeline(draft, rng, steps).tiles;
}

function level(spec: LevelSpec): () => unknown {
  const rng = Rng.fromSeed(1);
  return () => generateLevel(spec, rng).tiles;
}

/** rot.js reports tiles through a callback; ours writes a Uint8Array. The callback stores into one too, to be fair. */
function sink(): { cb: (x: number, y: number, v: number) => void; out: Uint8Array } {
  const out = new Uint8Array(W * H);
  return { out, cb: (x, y, v) => (out[y * W + x] = v) };
}

export const cases: BenchCase[] = [
  {
    // The maze step alone. rot.js has no hunt-and-kill; EllerMaze is its fastest perfect maze of the same size,
    // so the two share a name to be compared side by side (different algorithms, same job).
    name: 'hunt-and-kill 80x40',
    impl: 'channel-crawler',
    setup: () => ours([huntAndKill]),
  },
  {
    name: 'hunt-and-kill 80x40',
    impl: 'rot.js',
    setup: () => {
      ROT.RNG.setSeed(1);
      const { cb, out } = sink();
      return () => {
        new ROT.Map.EllerMaze(W, H).create(cb);
        return out;
      };
    },
  },
  {
    // Ours: 45% wall fill, 4 smoothing passes, largest-region check, then keepLargestRegion.
    name: 'cellular cavern 80x40',
    impl: 'channel-crawler',
    setup: () => ours([cellularCavern(0.45, 4), keepLargestRegion]),
  },
  {
    // rot.js: randomize(0.55) makes 55% of cells alive (alive cells behave as our floor), then 4 smoothing passes,
    // the last one writing the map out through the callback. No connect(): it digs tunnels between regions, which
    // is much more work than our keepLargestRegion, so leaving it out keeps the comparison fair to rot.js (ours still
    // pays for the region check and the fill of the small regions).
    name: 'cellular cavern 80x40',
    impl: 'rot.js',
    setup: () => {
      ROT.RNG.setSeed(1);
      const { cb, out } = sink();
      return () => {
        const map = new ROT.Map.Cellular(W, H);
        map.randomize(0.55);
        for (let i = 0; i < 3; i++) map.create();
        map.create(cb);
        return out;
      };
    },
  },
  {
    name: 'generate level 80x40 cavern',
    impl: 'channel-crawler',
    setup: () => level({ width: W, height: H, kind: 'cavern', players: 4, monsters: 12, items: 6 }),
  },
  {
    name: 'generate level 80x40 maze',
    impl: 'channel-crawler',
    setup: () => level({ width: W, height: H, kind: 'maze', players: 4, monsters: 12, items: 6 }),
  },
];
