/** Spawn weights by depth and the weighted roll, shared by the monster and item tables. */
import type { Rng } from '../grid/rng.js';

/** A row's spawn rule: its weight on depth `from` and the change per depth below it (never below 0; none above `from`). */
export interface SpawnRule {
  base: number;
  perDepth: number;
  from: number;
}

/** Each kind's weight on a depth. */
export function weightsAt<K extends string>(kinds: readonly K[], rule: (kind: K) => SpawnRule, depth: number): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const kind of kinds) {
    const s = rule(kind);
    out[kind] = depth < s.from ? 0 : Math.max(0, s.base + s.perDepth * (depth - s.from));
  }
  return out;
}

/** Draws a kind by weight (one RNG draw); `fallback` without a draw when every weight is 0. */
export function rollWeighted<K extends string>(rng: Rng, kinds: readonly K[], weights: Record<K, number>, fallback: K): K {
  let total = 0;
  for (const kind of kinds) total += weights[kind];
  if (total <= 0) return fallback;
  let roll = rng.int(1, total);
  for (const kind of kinds) {
    roll -= weights[kind];
    if (roll <= 0) return kind;
  }
  return fallback;
}
