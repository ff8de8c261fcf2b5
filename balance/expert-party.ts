/**
 * The party expert of rules 2 (each member of a rounds-mode party): the careful player with ⚔️ carrying the plain
 * rounds, mapping, gear, role abilities, bombs, teleport and the swap. balance/expert.ts plays solo games with its
 * own tactics and hands party games here until its party tactics beat this (measured in the balance table).
 */
import { DIRECTION_DELTA, type Action, type Direction } from '../src/engine/index.js';
import type { Rng } from '../src/grid/rng.js';
import { carefulPolicy, type Memory } from './policies.js';
import type { PlayerView } from './view.js';

const chebyshev = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
/** Monster kinds worth an item or an ability on sight: they hit hard, heal others or shoot. */
const DANGEROUS = new Set(['troll', 'golem', 'warlord', 'shaman', 'archer']);

/**
 * The expert: the strongest player written so far, seeing only what a player sees (the PlayerView). On top of the
 * careful player it reads mapping at once, wears and wields the better gear, uses its role's ability where it pays
 * (mend the most hurt, shoot healers and archers first, cleave packs, smoke out of a crowd), bombs packs and brutes,
 * teleports out when nearly dead with nothing to drink, and in a party swaps a hurt front fighter out of a corridor.
 */
export function partyExpert(v: PlayerView, rng: Rng, memory: Memory): Action | null {
  const { me, legal } = v;
  const user = me.id;
  const hurt = me.hp / me.maxHp;
  const threats = v.monsters.filter((m) => m.state !== 'wander' && m.state !== 'flee' && m.state !== 'lured');
  const usable = legal.usable;
  if (usable.includes('map')) return { type: 'use', user, item: 'map' };
  const gear = betterGear(v);
  if (gear && threats.length === 0) return { type: 'use', user, item: gear };
  const ability = abilityMove(v, threats, hurt);
  if (ability) return ability;
  if (usable.includes('bomb') && threats.length > 0) {
    const near = threats.filter((m) => chebyshev(m, me) <= 2);
    const dir = near.length >= 2 || (near.length >= 1 && DANGEROUS.has(near[0]!.kind) && hurt < 0.7) ? lineTo(v, near[0]!) : null;
    if (dir) return { type: 'use', user, item: 'bomb', dir };
  }
  if (hurt < 0.25 && threats.length > 0 && !legal.canUse && usable.includes('teleport')) return { type: 'use', user, item: 'teleport' };
  const swap = swapOut(v, threats, hurt);
  if (swap) return swap;
  if (legal.canUse && (hurt < 0.4 || (hurt < 0.55 && threats.length >= 2))) return { type: 'use', user };
  // ⚔️ takes the obvious swing (it never steps where more monsters reach); the careful player does the rest.
  if (legal.canFight && threats.length > 0 && (threats.length === 1 || hurt > 0.5)) return { type: 'fight', user };
  return carefulPolicy(v, rng, memory);
}

/** The direction of a straight line from me to `m` (a thrown bomb flies only along one), or null. */
function lineTo(v: PlayerView, m: { x: number; y: number }): Direction | null {
  const dx = m.x - v.me.x;
  const dy = m.y - v.me.y;
  if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) return null;
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  if (n === 0) return null;
  return v.dirs.find((d) => DIRECTION_DELTA[d][0] === dx / n && DIRECTION_DELTA[d][1] === dy / n) ?? null;
}

/** Gear in the pack worth putting on: chain mail over less, an axe over the sword, a spear over the dagger. */
function betterGear(v: PlayerView): 'mail' | 'leather' | 'axe' | 'spear' | null {
  const { me, legal } = v;
  if (legal.usable.includes('mail') && me.armour !== 'mail') return 'mail';
  if (legal.usable.includes('leather') && me.armour === null) return 'leather';
  if (legal.usable.includes('axe') && (me.weapon === 'sword' || me.weapon === 'dagger')) return 'axe';
  if (legal.usable.includes('spear') && me.weapon === 'dagger') return 'spear';
  return null;
}

/** The role ability, when using it now pays. */
function abilityMove(v: PlayerView, threats: readonly PlayerView['monsters'][number][], hurt: number): Action | null {
  const { me, legal } = v;
  const user = me.id;
  switch (legal.ability) {
    case 'mend': {
      const worst = v.party.filter((q) => chebyshev(q, me) <= 3).reduce((a, b) => (a.hp / a.maxHp <= b.hp / b.maxHp ? a : b));
      return worst.hp / worst.maxHp < 0.6 ? { type: 'ability', user } : null;
    }
    case 'shoot':
      return threats.length > 0 || v.monsters.some((m) => DANGEROUS.has(m.kind)) ? { type: 'ability', user } : null;
    case 'cleave':
      return threats.length > 0 ? { type: 'ability', user } : null;
    case 'smoke': {
      const near = threats.filter((m) => chebyshev(m, me) <= 2);
      return near.length >= 2 || (near.length >= 1 && hurt < 0.5) ? { type: 'ability', user } : null;
    }
    default:
      return null;
  }
}

/** A hurt front fighter in a corridor steps back through a healthier ally behind (the swap). */
function swapOut(v: PlayerView, threats: readonly PlayerView['monsters'][number][], hurt: number): Action | null {
  if (hurt >= 0.4 || v.party.length < 2 || !threats.some((m) => chebyshev(m, v.me) === 1)) return null;
  for (const d of v.dirs) {
    const x = v.me.x + DIRECTION_DELTA[d][0];
    const y = v.me.y + DIRECTION_DELTA[d][1];
    const ally = v.party.find((q) => q.x === x && q.y === y && q.id !== v.me.id);
    if (ally && ally.hp / ally.maxHp > 0.6 && !threats.some((m) => chebyshev(m, ally) === 1)) return { type: 'move', user: v.me.id, dir: d };
  }
  return null;
}

