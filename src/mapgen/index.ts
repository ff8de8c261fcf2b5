/** Map generation: a pipeline of small (draft, rng) => draft steps, and the standard level pipelines. */
export * from './draft.js';
export * from './hunt-and-kill.js';
export * from './braid.js';
export * from './cavern.js';
export * from './placement.js';
export * from './generate.js';
export * from './rooms.js';
