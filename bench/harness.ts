/** Shared shape of benchmark cases: each area exports a list; bench/run.ts runs every case in a fresh process. */
export interface BenchResult {
  name: string;
  impl: string;
  medianUs: number;
  /** Extra figures a case wants reported (p99, throughput, bytes...). */
  extra?: Record<string, number>;
}

export interface BenchCase {
  /** What is measured, e.g. "A* 80x40 4-dir". Cases with the same name are compared side by side. */
  name: string;
  /** Who does it: "channel-crawler", "rot.js", ... */
  impl: string;
  /** Builds inputs once, returns the function to time (sync or async). Setup time is not measured. */
  setup?: () => (() => unknown) | Promise<() => unknown>;
  /** For cases that measure themselves (latency percentiles, sizes): return the results directly. */
  run?: () => Promise<BenchResult[]>;
}
