/** Experience and levels: kills and descending give XP; each level adds max hp, attack and weapon damage. Small and legible. */
import type { Player } from './types.js';

/** Total XP needed to reach level n+1 from level n is XP_STEP * n: 10, 30, 60, 100, ... in total. */
export const XP_STEP = 10;
/** Per level gained: max hp and hp +HP_PER_LEVEL, attack +1. */
export const HP_PER_LEVEL = 5;
/** Weapon damage added per level above 1 (to both ends of the weapon's range). */
export const DAMAGE_PER_LEVEL = 1;
/** XP every living player earns for reaching depth d (d * XP_PER_DEPTH). */
export const XP_PER_DEPTH = 5;

/** Total XP at which a character reaches `level` (level 1 at 0). */
export function xpForLevel(level: number): number {
  return (XP_STEP * level * (level - 1)) / 2;
}

/** The level that `xp` total experience gives. */
export function levelForXp(xp: number): number {
  let level = 1;
  while (xpForLevel(level + 1) <= xp) level++;
  return level;
}

/** Adds XP; returns the number of levels gained (stats raised and the gain healed). Mutates the player. */
export function gainXp(p: Player, xp: number): number {
  p.xp += xp;
  const level = levelForXp(p.xp);
  const gained = level - p.level;
  if (gained <= 0) return 0;
  p.level = level;
  p.maxHp += HP_PER_LEVEL * gained;
  p.hp = Math.min(p.maxHp, p.hp + HP_PER_LEVEL * gained);
  p.attack += gained;
  return gained;
}

/** Damage a character of `level` adds to every hit. */
export function levelDamage(level: number): number {
  return DAMAGE_PER_LEVEL * Math.max(0, level - 1);
}
