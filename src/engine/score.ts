/**
 * A finished run's score, from its summary alone, so a board can recompute it from a replayed state:
 * 100 per depth reached, 10 per kill (the whole party's), and for a victory 500 plus a speed bonus of
 * 1,500 less the turns taken (never below 0). `/rogue help` states the same formula (SCORE_RULE).
 */
import type { RunSummary } from './types.js';

export const SCORE_RULE = '100 per depth reached + 10 per kill + on victory 500 and a speed bonus of 1,500 − turns (at least 0)';

/** Total kills of everyone in the run. */
export function runKills(summary: Pick<RunSummary, 'kills'>): number {
  return summary.kills.reduce((sum, k) => sum + k.kills, 0);
}

/** The run's score (see SCORE_RULE). */
export function scoreRun(summary: Pick<RunSummary, 'outcome' | 'depth' | 'turns' | 'kills'>): number {
  const base = 100 * summary.depth + 10 * runKills(summary);
  if (summary.outcome !== 'victory') return base;
  return base + 500 + Math.max(0, 1500 - summary.turns);
}
