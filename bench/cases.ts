/** The static list of benchmark areas (no folder scanning). Each area file exports `cases`. */
import type { BenchCase } from './harness.js';
import { cases as engine } from './engine.bench.js';
import { cases as image } from './image.bench.js';
import { cases as mapgen } from './mapgen.bench.js';
import { cases as pathfinding } from './pathfinding.bench.js';
import { cases as render } from './render.bench.js';
import { cases as replayGif } from './replay-gif.bench.js';
import { cases as service } from './service.bench.js';

const areas: BenchCase[][] = [pathfinding, mapgen, engine, render, image, replayGif, service];

export function allCases(): BenchCase[] {
  return areas.flat();
}
