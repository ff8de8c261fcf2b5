/** The one attack rule shared by players and monsters. */
import type { Rng } from '../grid/rng.js';
import type { Weapon } from './types.js';

export interface Fighter {
  attack: number;
  defence: number;
}

export type AttackRoll = { hit: true; damage: number } | { hit: false };

/** d20 + attack + weapon bonus against 10 + defence; on a hit, damage is rolled from the weapon. */
export function rollAttack(attacker: Fighter, weapon: Weapon, defender: Fighter, rng: Rng): AttackRoll {
  const roll = rng.int(1, 20);
  // A natural 20 always hits and a natural 1 always misses, so no fight is hopeless or certain.
  const hit = roll === 20 || (roll !== 1 && roll + attacker.attack + weapon.toHit >= 10 + defender.defence);
  if (!hit) return { hit: false };
  return { hit: true, damage: rng.int(weapon.damage[0], weapon.damage[1]) };
}
