/** Small statistics for the load test's report. */
import { Rng } from '../src/grid/rng.js';

/** The p-th percentile (0-100) of `values` by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** A seeded generator of floats in [0, 1) (the engine's own PRNG), so that a run's choices repeat with its --seed. */
export function seededRandom(seed: number): () => number {
  const rng = Rng.fromSeed(seed);
  return () => rng.float();
}
