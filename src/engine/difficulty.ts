/** The difficulty table: how many monsters, how strong, how fast characters recover. Schema enum and help text derive from it. */
import { MAP_KIND_RULES, MAP_KINDS } from '../mapgen/generate.js';

export interface DifficultyRule {
  /** Monster count multiplier. */
  count: number;
  /** Monster max-hp multiplier. */
  hp: number;
  /** Added to every monster's attack roll. */
  attack: number;
  /** A resting or unthreatened player regains 1 hp every this many turns. */
  regenEvery: number;
  /** Potions per level multiplier. */
  potions: number;
}

const TABLE = {
  easy: { count: 0.8, hp: 0.9, attack: 0, regenEvery: 3, potions: 1.2 },
  normal: { count: 1.25, hp: 1.2, attack: 1, regenEvery: 5, potions: 1.0 },
  hard: { count: 1.4, hp: 1.25, attack: 2, regenEvery: 6, potions: 0.8 },
} as const satisfies Record<string, DifficultyRule>;

export type Difficulty = keyof typeof TABLE;
export const DIFFICULTY: Readonly<Record<Difficulty, DifficultyRule>> = TABLE;
export const DIFFICULTIES = Object.keys(TABLE) as [Difficulty, ...Difficulty[]];

/** Extra monster hp per living player beyond the first (fraction). */
export const PARTY_HP_STEP = 0.05;
/** Extra monster hp per depth below the first (fraction). */
export const DEPTH_HP_STEP = 0.12;

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

/** One truthful line about a difficulty, for settings and help ("normal: monsters x1, hp x1, attack +0, regen 1 hp / 5 turns"). */
export function describeDifficulty(d: Difficulty): string {
  const r = DIFFICULTY[d];
  return `${d}: monsters x${r.count}, monster hp x${r.hp}, monster attack ${signed(r.attack)}, potions x${r.potions}, regen 1 hp every ${r.regenEvery} turns out of sight of monsters`;
}

/** How levels scale with the party, for /rogue help. */
export const SCALING_RULE =
  `levels hold more monsters per extra living player (${MAP_KINDS.map((k) => `${k} +${Math.round(MAP_KIND_RULES[k].partyStep * 100)}%`).join(', ')}) and +${PARTY_HP_STEP * 100}% monster HP (+${DEPTH_HP_STEP * 100}% HP per depth). ` +
  `A late joiner brings their share, out of sight, with the XP of the party's least experienced member.`;
