/** The one attack rule shared by players and monsters. */
import type { Rng } from '../grid/rng.js';
import type { Weapon } from './types.js';

export interface Fighter {
  attack: number;
  defence: number;
}

export type AttackRoll = { hit: true; damage: number } | { hit: false };

/** Beyond this many tiles a missile loses accuracy: RANGE_PENALTY per tile farther (a spear's reach of 2 keeps it whole). */
export const CLOSE_RANGE = 2;
export const RANGE_PENALTY = 1;

/**
 * d20 + attack + weapon bonus - range penalty against 10 + defence; on a hit, damage is rolled from the weapon. An
 * arrow from 6 tiles lands far less often than one from 3, so closing in on an archer pays (as in DCSS and Brogue).
 */
export function rollAttack(attacker: Fighter, weapon: Weapon, defender: Fighter, rng: Rng, range = 1): AttackRoll {
  const roll = rng.int(1, 20);
  const far = Math.max(0, range - CLOSE_RANGE) * RANGE_PENALTY;
  // A natural 20 always hits and a natural 1 always misses, so no fight is hopeless or certain.
  const hit = roll === 20 || (roll !== 1 && roll + attacker.attack + weapon.toHit - far >= 10 + defender.defence);
  if (!hit) return { hit: false };
  return { hit: true, damage: rng.int(weapon.damage[0], weapon.damage[1]) };
}
