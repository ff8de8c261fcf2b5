/**
 * Verification of a daily run before it reaches a board: the stored action log is replayed through the engine from
 * the day's own rules (never the saved config), and only a log that replays to exactly the saved state is accepted;
 * the score is computed from the REPLAYED summary.
 */
import { defaultConfig, replay } from '../../engine/index.js';
import { scoreRun } from '../../engine/score.js';
import type { Action, GameConfig, GameState, RunSummary } from '../../engine/types.js';
import { MAP_SIZES } from '../settings.js';
import { dailyRules } from './day.js';

/** The engine config a daily game of `day` is started with (as GameService.newGame builds it from the rules). */
export function dailyConfig(day: number): GameConfig {
  const r = dailyRules(day);
  const size = MAP_SIZES[r.size];
  return defaultConfig({ rules: r.rules, seed: r.seed, width: size.width, height: size.height, mapKind: r.mapKind, turnMode: r.mode, topology: r.diagonals ? 8 : 4, difficulty: r.difficulty, maxPlayers: r.maxPlayers });
}

/** What verifying a run found: the replayed summary and score, or why it was refused. */
export type Verdict = { ok: true; summary: RunSummary; score: number } | { ok: false; reason: string };

/** JSON with every object's keys sorted (after toJSON), so two equal states compare equal however they were built. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const obj = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(obj).sort().map((k) => [k, obj[k]]));
  });
}

/** Replays `log` from the daily rules of `day` and compares it with `saved`. Never throws. */
export function verifyDailyRun(day: number, saved: GameState, log: readonly Action[]): Verdict {
  if (log.length !== saved.version) return { ok: false, reason: `log has ${log.length} actions, state is at version ${saved.version}` };
  let replayed: GameState;
  try {
    replayed = replay(dailyConfig(day), log);
  } catch (err) {
    return { ok: false, reason: `log does not replay: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (replayed.status !== 'over' || !replayed.summary) return { ok: false, reason: 'replayed run did not finish' };
  if (canonicalJson(replayed) !== canonicalJson(saved)) return { ok: false, reason: 'replayed state differs from the saved state' };
  return { ok: true, summary: replayed.summary, score: scoreRun(replayed.summary) };
}
