/**
 * What a role's ability does, one function per effect of the ability table (roles.ts). Each mutates the draft through
 * the turn's context and returns null, or a rejection code that leaves the state (and the cooldown) as it was.
 */
import { lineClear } from '../grid/line.js';
import { ABILITIES, ROLES, type AbilityEffect, type AbilityKind } from './roles.js';
import { bumpAt } from './legal.js';
import { wielded } from './items.js';
import { levelDamage } from './progression.js';
import type { EffectContext } from './effects.js';
import type { ActorRef, GameState, Monster, Player, RejectionCode, Weapon } from './types.js';

/** What abilities need from the turn engine beyond the item effects: one attack by the shared rule. */
export interface AbilityContext extends EffectContext {
  /** `split` false: a blow that never splits a monster that splits (an arrow). */
  strike(attacker: Player, weapon: Weapon, target: Monster, range?: number, split?: boolean): void;
}

/** The ranger's arrow: its reach in tiles and its numbers (the level's damage bonus is added). */
export const SHOT_RANGE = 7;
export const SHOT: Weapon = { name: 'arrow', verb: 'shoots', reach: SHOT_RANGE, damage: [3, 7], toHit: 2 };
/** Cleave's bonus to hit. */
export const CLEAVE_TO_HIT = 2;
/** Mend reaches this far (Chebyshev) and heals this much plus MEND_PER_LEVEL per character level. */
export const MEND_RADIUS = 3;
export const MEND_BASE = 6;
export const MEND_PER_LEVEL = 2;
/** Smoke stuns every monster within this many tiles (Chebyshev) for SMOKE_STUN monster phases. */
export const SMOKE_RADIUS = 2;
export const SMOKE_STUN = 3;

type Effect = (ctx: AbilityContext, p: Player) => RejectionCode | null;

const ref = (p: Player): ActorRef => ({ kind: 'player', id: p.id, name: p.name });
const mref = (m: Monster): ActorRef => ({ kind: 'monster', id: m.id, monster: m.kind, label: m.label });
const chebyshev = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** Uses the player's role ability: refused without one or while it cools down; on success the cooldown starts. */
export function useAbility(ctx: AbilityContext, p: Player): RejectionCode | null {
  const kind = ROLES[p.role].ability;
  if (kind === null) return 'no-ability';
  if (p.cooldown > 0) return 'not-ready';
  const code = EFFECTS[ABILITIES[kind].effect](ctx, p);
  if (code) return code;
  // +1: the monster phase that follows this very act counts the first turn down.
  p.cooldown = ABILITIES[kind].cooldown + 1;
  return null;
}

/** The ability a player could use now, or null (none, or cooling down). */
export function readyAbility(p: Pick<Player, 'role' | 'cooldown'>): AbilityKind | null {
  const kind = ROLES[p.role].ability;
  return kind !== null && p.cooldown === 0 ? kind : null;
}

/** Whether each effect would find something to act on now (`sees`: tiles the party sees), for the buttons. */
const IN_REACH: Readonly<Record<AbilityEffect, (s: GameState, p: Player, sees: (i: number) => boolean) => boolean>> = {
  cleave: (s, p) => s.monsters.some((m) => chebyshev(m, p) === 1 && (s.config.topology === 8 || m.x === p.x || m.y === p.y)),
  shoot: (s, p, sees) => s.monsters.some((m) => sees(m.y * s.width + m.x) && chebyshev(m, p) <= SHOT_RANGE && clearShot(s, p, m)),
  mend: (s, p) => s.players.some((q) => q.alive && q.hp < q.maxHp && chebyshev(q, p) <= MEND_RADIUS),
  smoke: (s, p) => s.monsters.some((m) => chebyshev(m, p) <= SMOKE_RADIUS),
};

/** The player's ability when it is ready and has something to act on now, else null (its button shows then). */
export function usableAbility(s: GameState, p: Player, sees: (i: number) => boolean): AbilityKind | null {
  const kind = readyAbility(p);
  return kind !== null && IN_REACH[ABILITIES[kind].effect](s, p, sees) ? kind : null;
}

/** The effects, one per AbilityEffect. */
export const EFFECTS: Readonly<Record<AbilityEffect, Effect>> = {
  cleave: (ctx, p) => {
    const near = ctx.s.monsters.filter((m) => chebyshev(m, p) === 1 && (ctx.s.config.topology === 8 || m.x === p.x || m.y === p.y));
    if (near.length === 0) return 'nothing-in-reach';
    ctx.emit({ type: 'ability', who: ref(p), ability: 'cleave', amount: near.length });
    const w = wielded(p);
    // A cleave crushes: a monster that resists blades (a skeleton) takes it whole.
    const blade = { ...w, toHit: w.toHit + CLEAVE_TO_HIT, crush: true };
    for (const m of near) ctx.strike(p, blade, m);
    return null;
  },
  shoot: (ctx, p) => {
    const seen = ctx.visibleMonsters();
    const targets = ctx.s.monsters
      .filter((m) => seen.has(m.id) && chebyshev(m, p) <= SHOT_RANGE && clearShot(ctx.s, p, m))
      .sort((a, b) => chebyshev(a, p) - chebyshev(b, p) || a.hp - b.hp || a.id - b.id);
    const m = targets[0];
    if (!m) return 'nothing-in-reach';
    ctx.emit({ type: 'ability', who: ref(p), ability: 'shoot', target: mref(m), amount: 1 });
    const bonus = levelDamage(p.level);
    ctx.strike(p, { ...SHOT, damage: [SHOT.damage[0] + bonus, SHOT.damage[1] + bonus] }, m, chebyshev(m, p), false);
    return null;
  },
  mend: (ctx, p) => {
    const hurt = ctx.s.players
      .filter((q) => q.alive && q.hp < q.maxHp && chebyshev(q, p) <= MEND_RADIUS)
      .sort((a, b) => a.hp / a.maxHp - b.hp / b.maxHp || a.slot - b.slot);
    const q = hurt[0];
    if (!q) return 'full-health';
    const healed = Math.min(q.maxHp - q.hp, MEND_BASE + MEND_PER_LEVEL * p.level);
    q.hp += healed;
    ctx.emit({ type: 'ability', who: ref(p), ability: 'mend', target: ref(q), amount: healed });
    return null;
  },
  smoke: (ctx, p) => {
    const caught = ctx.s.monsters.filter((m) => chebyshev(m, p) <= SMOKE_RADIUS);
    if (caught.length === 0) return 'nothing-in-reach';
    ctx.emit({ type: 'ability', who: ref(p), ability: 'smoke', amount: caught.length });
    for (const m of caught) {
      m.stunned = Math.max(m.stunned, SMOKE_STUN);
      ctx.emit({ type: 'stunned', who: mref(m), turns: SMOKE_STUN });
    }
    return null;
  },
};

/** Whether the straight (Bresenham) line from the player to the monster crosses no wall and no other creature. */
export function clearShot(s: GameState, p: { x: number; y: number }, m: { x: number; y: number }): boolean {
  return lineClear(p.x, p.y, m.x, m.y, (x, y) => bumpAt(s, x, y).kind !== 'open');
}
