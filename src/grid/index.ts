/** Grid primitives shared by mapgen and the engine: tiles, the seeded RNG, flood fill, scratch buffers. */
export * from './tiles.js';
export * from './rng.js';
export * from './flood.js';
export * from './scratch.js';
export * from './line.js';
