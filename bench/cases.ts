/** The static list of benchmark areas (no folder scanning). Each area file exports `cases`. */
import type { BenchCase } from './harness.js';

const areas: BenchCase[][] = [];

export function allCases(): BenchCase[] {
  return areas.flat();
}
