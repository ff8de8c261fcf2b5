/**
 * Scripted players for the balance harness. Each decides from a PlayerView (balance/view.ts): the explored map, the
 * party, the monsters in the party's sight with their HUD notes, its own HUD and the buttons it may press. Never a
 * monster out of view or an unexplored tile.
 */
import { DIRECTION_DELTA, type Action, type Direction } from '../src/engine/index.js';
import type { Rng } from '../src/grid/rng.js';
import { expertPolicy } from './expert.js';

export { expertPolicy };
import { dirTo, stepToFrontier, stepToward, viewDistance, type PlayerView } from './view.js';

/** What a scripted player remembers between its own turns (a person remembers too): consecutive waits. */
export interface Memory {
  waits: number;
}

/** Decides one action for a player from what that player can see, or null to press nothing now (let the leader lead). */
export type Policy = (view: PlayerView, rng: Rng, memory: Memory) => Action | null;

/** A random legal button press: any open move or attack, sometimes wait, drink, descend. */
export const randomPolicy: Policy = (v, rng) => {
  const user = v.me.id;
  const legal = v.legal;
  if (legal.canDescend && rng.chance(0.5)) return { type: 'descend', user };
  if (legal.canUse && rng.chance(0.1)) return { type: 'use', user };
  const open = (Object.entries(legal.moves) as [Direction, string][]).filter(([, m]) => m !== 'blocked').map(([d]) => d);
  if (open.length === 0 || rng.chance(0.05)) return { type: 'wait', user };
  return { type: 'move', user, dir: rng.pick(open) };
};

/**
 * A careful player: drinks when low, fights what comes (striking first by letting hunters step in, closing on
 * spears), rests to full when nothing is in view, explores the level with `explore`, then `travel`s to the stairs
 * and descends. With a lure and a pack in view while hurt, throws it away from the party and backs off.
 */
export const carefulPolicy: Policy = (v, _rng, memory) => {
  const act = (a: Action): Action => {
    memory.waits = a.type === 'wait' ? memory.waits + 1 : 0;
    return a;
  };
  const { me, legal } = v;
  const user = me.id;
  const w = v.width;
  const hurt = me.hp / me.maxHp;
  const seen = v.monsters;
  const threats = seen.filter((m) => m.state !== 'wander' && m.state !== 'flee' && m.state !== 'lured');
  if (legal.canUse && (hurt <= 0.35 || (hurt <= 0.5 && threats.length >= 2))) return { type: 'use', user };
  // In a rounds game, a standing order (⚔️) fights on round after round; a lure first when outnumbered.
  if (v.mode === 'rounds' && legal.canFight && threats.length > 0) {
    if (legal.canThrow && threats.length >= 3 && hurt < 0.6) {
      const near = threats[0]!;
      const away = v.dirs.find((d) => DIRECTION_DELTA[d][0] * (near.x - me.x) + DIRECTION_DELTA[d][1] * (near.y - me.y) < 0);
      if (away) return { type: 'throw', user, dir: away };
    }
    return act({ type: 'fight', user });
  }
  // Strike whatever stands next to us (threats first).
  const adjacent = [...threats, ...seen].find((m) => viewDistance(v, me, m) === 1 && dirTo(v, m.x, m.y));
  if (adjacent) return { type: 'move', user, dir: dirTo(v, adjacent.x, adjacent.y)! };
  const nearest = <T extends { x: number; y: number }>(xs: T[]): T => xs.reduce((a, b) => (viewDistance(v, me, a) <= viewDistance(v, me, b) ? a : b));
  if (threats.length > 0) {
    const near = nearest(threats);
    // A spear strikes from two tiles: close in rather than take free hits; others are met where we stand.
    if (near.kind === 'orc' && near.weapon === 0 && viewDistance(v, me, near) === 2) {
      const step = v.dirs.find((d) => legal.moves[d] === 'move' && viewDistance(v, { x: me.x + DIRECTION_DELTA[d][0], y: me.y + DIRECTION_DELTA[d][1] }, near) === 1);
      if (step) return { type: 'move', user, dir: step };
    }
    // Something strikes from afar (an archer keeping its distance): waiting only gives it free shots, so charge it.
    const shooter = threats.find((m) => m.state === 'attack' && viewDistance(v, me, m) > 1);
    if (shooter) {
      const toward = stepToward(v, shooter.y * w + shooter.x);
      if (toward && legal.moves[toward] !== 'blocked') return act({ type: 'move', user, dir: toward });
    }
    if (legal.canThrow && threats.length >= 3 && hurt < 0.6) {
      const away = v.dirs.find((d) => DIRECTION_DELTA[d][0] * (near.x - me.x) + DIRECTION_DELTA[d][1] * (near.y - me.y) < 0);
      if (away) return { type: 'throw', user, dir: away };
    }
    // Nothing comes (a packmate blocks the corridor, or it cowers): go and fight.
    if (memory.waits >= 2) {
      const target = nearest(seen);
      const toward = stepToward(v, target.y * w + target.x);
      if (toward && legal.moves[toward] !== 'blocked') return act({ type: 'move', user, dir: toward });
    }
    return act({ type: 'wait', user });
  }
  // Only cowering or unaware monsters in view for long: clear them out so the level can be explored and rested in.
  if (seen.length > 0 && memory.waits >= 2) {
    const target = nearest(seen);
    const toward = stepToward(v, target.y * w + target.x);
    if (toward && legal.moves[toward] !== 'blocked') return act({ type: 'move', user, dir: toward });
  }
  // In a party, followers keep close to the leader (the living player with the lowest slot) instead of wandering off.
  const leader = v.party.reduce((a, b) => (a.slot <= b.slot ? a : b));
  if (leader.id !== me.id && viewDistance(v, me, leader) > 4) {
    const toward = stepToward(v, leader.y * w + leader.x);
    if (toward && legal.moves[toward] === 'move') return act({ type: 'move', user, dir: toward });
  }
  if (legal.canRest && hurt < 0.8) return { type: 'rest', user };
  if (legal.canDescend && (!legal.canExplore || hurt > 0.6)) return { type: 'descend', user };
  // A follower near the leader with nothing to do presses nothing: the leader's explore brings the party along.
  if (leader.id !== me.id && seen.length === 0) return null;
  if (legal.canExplore) return { type: 'explore', user };
  if (legal.canTravel) return { type: 'travel', user };
  if (legal.canDescend) return { type: 'descend', user };
  return act({ type: 'wait', user });
};

/**
 * A stairs diver: ignores monsters and items, heads for the stairs the moment they are seen (travel, or step by step
 * when travel is refused) and descends; until then explores, or walks to the nearest unexplored edge. Strikes only
 * what blocks its way. Drinks when nearly dead.
 */
export const diverPolicy: Policy = (v) => {
  const { me, legal } = v;
  const user = me.id;
  if (legal.canDescend) return { type: 'descend', user };
  if (legal.canUse && me.hp / me.maxHp <= 0.25) return { type: 'use', user };
  const step = v.stairs >= 0 ? stepTowardOrThrough(v, v.stairs) : null;
  if (v.stairs >= 0 && v.monsters.length === 0 && legal.canTravel) return { type: 'travel', user };
  if (step) return { type: 'move', user, dir: step };
  if (v.stairs < 0 && v.monsters.length === 0 && legal.canExplore) return { type: 'explore', user };
  const frontier = stepToFrontier(v);
  if (frontier && legal.moves[frontier] !== 'blocked') return { type: 'move', user, dir: frontier };
  // Boxed in: strike whatever stands next to us.
  const attack = v.dirs.find((d) => legal.moves[d] === 'attack');
  if (attack) return { type: 'move', user, dir: attack };
  return { type: 'wait', user };
};

/** A step toward the goal; when monsters block every way, the step into the nearest blocker (an attack). */
function stepTowardOrThrough(v: PlayerView, goal: number): Direction | null {
  const d = stepToward(v, goal);
  if (d && v.legal.moves[d] !== 'blocked') return d;
  return v.dirs.find((x) => v.legal.moves[x] === 'attack') ?? null;
}

/**
 * The autopilot of issue 23: presses only ⚔️, 🧪 below half HP, 💤, explore, travel and descend, and never moves or
 * uses anything else. It measures how far the obvious buttons carry a player (the target: hardly ever to the end).
 */
export const autopilotPolicy: Policy = (v) => {
  const { me, legal } = v;
  const user = me.id;
  if (legal.canUse && me.hp < me.maxHp / 2) return { type: 'use', user };
  if (legal.canFight) return { type: 'fight', user };
  if (legal.canRest && me.hp < me.maxHp) return { type: 'rest', user };
  if (legal.canExplore) return { type: 'explore', user };
  if (legal.canTravel) return { type: 'travel', user };
  if (legal.canDescend) return { type: 'descend', user };
  return { type: 'wait', user };
};

export const POLICIES = { random: randomPolicy, careful: carefulPolicy, diver: diverPolicy, autopilot: autopilotPolicy, expert: expertPolicy } as const;
export type PolicyName = keyof typeof POLICIES;
