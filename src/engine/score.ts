/**
 * A finished run's score, from its summary alone, so a board can recompute it from a replayed state:
 * 100 per depth reached, 10 per kill (the whole party's), and for a victory 500 plus a speed bonus of
 * 1,500 less the turns taken (never below 0). `/rogue help` states the same formula (SCORE_RULE).
 */
import { ITEMS, ITEM_KINDS } from './items.js';
import { MONSTERS, MONSTER_KINDS } from './monsters.js';
import type { GameEvent, Recap, RunEnding, RunSummary, RunTally } from './types.js';

export const SCORE_RULE = '100 × depth + 10 × kill; a win adds 500 + max(0, 1,500 − turns)';

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

/** How the run ended, from its outcome and the final step's events (the last blow of a defeat is among them). */
export function runEnding(base: Pick<RunSummary, 'outcome' | 'depth' | 'turns'>, events: readonly GameEvent[]): RunEnding {
  const at = { depth: base.depth, turn: base.turns };
  if (base.outcome === 'victory') return { how: 'escaped', ...at };
  if (base.outcome === 'abandoned') return { how: 'abandoned', ...at };
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'died' && e.by.kind === 'monster') return { how: 'killed', ...at, by: { monster: e.by.monster, label: e.by.label, weapon: e.weapon } };
  }
  return { how: 'killed', ...at };
}

/** The recap of a finished run: its ending, kills by kind and items used (the run's tally), the deepest depth and the score. */
export function buildRecap(base: Pick<RunSummary, 'outcome' | 'depth' | 'turns' | 'kills'>, tally: RunTally, events: readonly GameEvent[]): Recap {
  return { ending: runEnding(base, events), kills: { ...tally.kills }, used: { ...tally.used }, deepest: base.depth, score: scoreRun(base) };
}

/** "goblin ×3, orc ×1": counts by kind in table order, named from the table; '' when none. */
function countList<K extends string>(counts: Partial<Record<K, number>>, kinds: readonly K[], name: (k: K) => string): string {
  return kinds
    .filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => `${name(k)} ×${counts[k]}`)
    .join(', ');
}

/**
 * The one-line recap: how the run ended ("Killed by the orc B's spear on depth 3, turn 412"), kills by kind, items
 * used, the deepest depth and the score.
 */
export function recapLine(summary: RunSummary): string {
  const r = summary.recap;
  const kills = countList(r.kills, MONSTER_KINDS, (k) => MONSTERS[k].name);
  const used = countList(r.used, ITEM_KINDS, (k) => ITEMS[k].name);
  return `${endingLine(summary)} · kills: ${kills || 'none'} · used: ${used || 'nothing'} · deepest ${r.deepest} · score ${r.score}`;
}

/** How the run ended, in one clause ("Killed by the orc B's spear on depth 3, turn 412"). */
export function endingLine(summary: RunSummary): string {
  const e = summary.recap.ending;
  const where = `on depth ${e.depth}, turn ${e.turn}`;
  return e.how === 'escaped'
      ? `Escaped the dungeon ${where}`
      : e.how === 'abandoned'
        ? `Ended ${where}`
        : e.by
          ? `Killed by the ${MONSTERS[e.by.monster].name} ${e.by.label}'s ${e.by.weapon} ${where}`
          : `Fell ${where}`;
}
