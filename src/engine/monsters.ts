/**
 * The monster table: one entry per kind holds its stats, weapons, spawn weights, experience and pack habits. The
 * kind list, the state schema's enum and the spawn table all derive from it, so a new kind is one new entry.
 */
import type { Rng } from '../grid/rng.js';
import type { Tactics, Weapon } from './types.js';

export interface MonsterStats {
  name: string;
  hp: number;
  /** At or below this fraction of its max hp a monster is bloodied (tactics may flee or go berserk). */
  bloodied: number;
  attack: number;
  defence: number;
  tactics: Tactics;
  /** weapons[0] is carried at spawn; tactics switch to the others (see ai.ts). */
  weapons: readonly Weapon[];
  /** Spawn weight on depth 1 and the change per depth below it (never below 0). */
  spawn: { base: number; perDepth: number };
  /** Experience a player earns for the kill. */
  xp: number;
  /** Whether it shouts to alert its pack when it spots the party. */
  shouts: boolean;
}

const TABLE = {
  goblin: {
    name: 'goblin',
    hp: 6,
    bloodied: 0.34,
    attack: 2,
    defence: 0,
    tactics: 'minion',
    weapons: [{ name: 'rusty dagger', verb: 'stabs', reach: 1, damage: [1, 3], toHit: 0 }],
    spawn: { base: 70, perDepth: -10 },
    xp: 2,
    shouts: true,
  },
  orc: {
    name: 'orc',
    hp: 10,
    bloodied: 0.34,
    attack: 3,
    defence: 1,
    tactics: 'skirmisher',
    weapons: [
      { name: 'spear', verb: 'thrusts its spear at', reach: 2, damage: [2, 4], toHit: 0 },
      { name: 'knife', verb: 'slashes', reach: 1, damage: [1, 5], toHit: 1 },
    ],
    spawn: { base: 25, perDepth: 5 },
    xp: 4,
    shouts: true,
  },
  troll: {
    name: 'troll',
    hp: 16,
    bloodied: 0.4,
    attack: 4,
    defence: 2,
    tactics: 'soldier',
    weapons: [
      { name: 'club', verb: 'clubs', reach: 1, damage: [2, 6], toHit: 0 },
      { name: 'berserk claws', verb: 'rends', reach: 1, damage: [4, 8], toHit: -1 },
    ],
    spawn: { base: 5, perDepth: 8 },
    xp: 8,
    shouts: false,
  },
} as const satisfies Record<string, MonsterStats>;

/** Every monster kind, from the table. */
export type MonsterKind = keyof typeof TABLE;
/** Goblins are minions, orcs skirmish with a spear then a knife, trolls are soldiers who go berserk. */
export const MONSTERS: Readonly<Record<MonsterKind, MonsterStats>> = TABLE;
/** The kinds in table order (the schema's enum and the spawn roll use this). */
export const MONSTER_KINDS = Object.keys(TABLE) as [MonsterKind, ...MonsterKind[]];

/** The player's weapon. */
export const PLAYER_WEAPON: Weapon = { name: 'sword', verb: 'hits', reach: 1, damage: [2, 6], toHit: 1 };
export const PLAYER_BASE = { hp: 24, attack: 4, defence: 2 } as const;
export const POTION_HEAL: readonly [number, number] = [8, 12];

/** Spawn weights by depth, from the table: goblins thin out and trolls grow deeper down. */
export function spawnWeights(depth: number): Record<MonsterKind, number> {
  const out = {} as Record<MonsterKind, number>;
  for (const kind of MONSTER_KINDS) out[kind] = Math.max(0, MONSTERS[kind].spawn.base + MONSTERS[kind].spawn.perDepth * (depth - 1));
  return out;
}

/** Draws a monster kind from the spawn table for a depth. */
export function rollMonsterKind(rng: Rng, depth: number): MonsterKind {
  const w = spawnWeights(depth);
  let total = 0;
  for (const kind of MONSTER_KINDS) total += w[kind];
  let roll = rng.int(1, total);
  for (const kind of MONSTER_KINDS) {
    roll -= w[kind];
    if (roll <= 0) return kind;
  }
  return MONSTER_KINDS[0];
}
