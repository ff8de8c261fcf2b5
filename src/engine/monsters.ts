/** Monster stat blocks, weapons and the depth-dependent spawn table. */
import type { Rng } from '../grid/rng.js';
import type { MonsterKind, Tactics, Weapon } from './types.js';

export interface MonsterStats {
  name: string;
  hp: number;
  bloodied: number;
  attack: number;
  defence: number;
  tactics: Tactics;
  /** weapons[0] is carried at spawn; tactics switch to the others (see ai.ts). */
  weapons: readonly Weapon[];
}

/** Goblins are minions, orcs skirmish with a spear then a knife, trolls are soldiers who go berserk. */
export const MONSTERS: Readonly<Record<MonsterKind, MonsterStats>> = {
  goblin: {
    name: 'goblin',
    hp: 6,
    bloodied: 3,
    attack: 2,
    defence: 0,
    tactics: 'minion',
    weapons: [{ name: 'rusty dagger', reach: 1, damage: [1, 3], toHit: 0 }],
  },
  orc: {
    name: 'orc',
    hp: 10,
    bloodied: 4,
    attack: 3,
    defence: 1,
    tactics: 'skirmisher',
    weapons: [
      { name: 'spear', reach: 2, damage: [2, 4], toHit: 0 },
      { name: 'knife', reach: 1, damage: [1, 5], toHit: 1 },
    ],
  },
  troll: {
    name: 'troll',
    hp: 16,
    bloodied: 7,
    attack: 4,
    defence: 2,
    tactics: 'soldier',
    weapons: [
      { name: 'club', reach: 1, damage: [2, 6], toHit: 0 },
      { name: 'berserk claws', reach: 1, damage: [4, 8], toHit: -1 },
    ],
  },
};

/** The player's weapon. */
export const PLAYER_WEAPON: Weapon = { name: 'sword', reach: 1, damage: [2, 6], toHit: 1 };
export const PLAYER_BASE = { hp: 24, attack: 4, defence: 2 } as const;
export const POTION_HEAL: readonly [number, number] = [6, 10];

/** Spawn weights by depth: goblin 50%, orc 25%, troll 25% at depth 1; deeper levels shift towards trolls. */
export function spawnWeights(depth: number): Record<MonsterKind, number> {
  const shift = Math.min(depth - 1, 4) * 5;
  return { goblin: 50 - 2 * shift, orc: 25 + shift, troll: 25 + shift };
}

/** Draws a monster kind from the spawn table for a depth. */
export function rollMonsterKind(rng: Rng, depth: number): MonsterKind {
  const w = spawnWeights(depth);
  const total = w.goblin + w.orc + w.troll;
  let roll = rng.int(1, total);
  for (const kind of ['goblin', 'orc', 'troll'] as const) {
    roll -= w[kind];
    if (roll <= 0) return kind;
  }
  return 'troll';
}
