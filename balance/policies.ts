/**
 * Scripted players for the balance harness. They decide from what a player could know: the party's sight now,
 * the explored map, the HUD (own hp, potions, lures; monsters in view with their "unaware"/"fleeing" notes), and
 * the legal-moves helper the buttons use. Never monster positions out of view.
 */
import { DIRECTION_DELTA, DIRECTIONS, legalMoves, partySight, type Action, type Direction, type GameState, type Monster, type Player } from '../src/engine/index.js';
import type { Rng } from '../src/grid/rng.js';

/** What a scripted player remembers between its own turns (a person remembers too): consecutive waits. */
export interface Memory {
  waits: number;
}

/** Decides one action for a player. */
export type Policy = (state: GameState, me: Player, rng: Rng, memory: Memory) => Action;

const ORTHO: readonly Direction[] = ['n', 's', 'e', 'w'];

function dirs(state: GameState): readonly Direction[] {
  return state.config.topology === 4 ? ORTHO : DIRECTIONS;
}

/** Monsters the party sees now (the "In sight" list). */
export function monstersInView(state: GameState): Monster[] {
  const seen = partySight(state);
  return state.monsters.filter((m) => seen.mask[m.y * state.width + m.x] === seen.mark);
}

const dist = (state: GameState, a: { x: number; y: number }, b: { x: number; y: number }): number =>
  state.config.topology === 4 ? Math.abs(a.x - b.x) + Math.abs(a.y - b.y) : Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** The direction whose step lands on (x, y), if it is a neighbour. */
function dirTo(state: GameState, me: Player, x: number, y: number): Direction | null {
  return dirs(state).find((d) => me.x + DIRECTION_DELTA[d][0] === x && me.y + DIRECTION_DELTA[d][1] === y) ?? null;
}

/** First step from `me` toward (tx, ty) over tiles the party has explored (breadth-first), or null. */
function stepToward(state: GameState, me: Player, tx: number, ty: number): Direction | null {
  const w = state.width;
  const size = w * state.height;
  const from = new Int32Array(size).fill(-1);
  const goal = ty * w + tx;
  const start = me.y * w + me.x;
  const queue = [goal];
  from[goal] = goal;
  const blocked = new Set(state.monsters.map((m) => m.y * w + m.x));
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k]!;
    for (const d of dirs(state)) {
      const n = i + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
      if (from[n] !== -1 || state.tiles[n] === 0 || state.explored[n] === 0) continue;
      from[n] = i;
      if (n === start) {
        const x = i % w;
        const y = (i - x) / w;
        return blocked.has(i) && i !== goal ? null : dirTo(state, me, x, y);
      }
      queue.push(n);
    }
  }
  return null;
}

/** A random legal button press: any open move or attack, sometimes wait, drink, descend. */
export const randomPolicy: Policy = (state, me, rng) => {
  const legal = legalMoves(state, me.id);
  if (legal.canDescend && rng.chance(0.5)) return { type: 'descend', user: me.id };
  if (legal.canUse && rng.chance(0.1)) return { type: 'use', user: me.id };
  const open = (Object.entries(legal.moves) as [Direction, string][]).filter(([, v]) => v !== 'blocked').map(([d]) => d);
  if (open.length === 0 || rng.chance(0.05)) return { type: 'wait', user: me.id };
  return { type: 'move', user: me.id, dir: rng.pick(open) };
};

/**
 * A careful player: drinks when low, fights what comes (striking first by letting hunters step in, closing on
 * spears), rests to full when nothing is in view, explores the level with `explore`, then `travel`s to the stairs
 * and descends. With a lure and a pack in view while hurt, throws it away from the party and backs off.
 */
export const carefulPolicy: Policy = (state, me, _rng, memory) => {
  const act = (a: Action): Action => {
    memory.waits = a.type === 'wait' ? memory.waits + 1 : 0;
    return a;
  };
  const legal = legalMoves(state, me.id);
  const user = me.id;
  const hurt = me.hp / me.maxHp;
  const seen = monstersInView(state);
  const threats = seen.filter((m) => m.state !== 'wander' && m.state !== 'flee' && m.state !== 'lured');
  if (legal.canUse && (hurt <= 0.35 || (hurt <= 0.5 && threats.length >= 2))) return { type: 'use', user };
  // Strike whatever stands next to us (threats first).
  const adjacent = [...threats, ...seen].find((m) => dist(state, me, m) === 1 && dirTo(state, me, m.x, m.y));
  if (adjacent) return { type: 'move', user, dir: dirTo(state, me, adjacent.x, adjacent.y)! };
  if (threats.length > 0) {
    const near = threats.reduce((a, b) => (dist(state, me, a) <= dist(state, me, b) ? a : b));
    // A spear strikes from two tiles: close in rather than take free hits; others are met where we stand.
    if (near.kind === 'orc' && near.weapon === 0 && dist(state, me, near) === 2) {
      const step = dirs(state).find((d) => {
        const x = me.x + DIRECTION_DELTA[d][0];
        const y = me.y + DIRECTION_DELTA[d][1];
        return legal.moves[d] === 'move' && dist(state, { x, y }, near) === 1;
      });
      if (step) return { type: 'move', user, dir: step };
    }
    if (legal.canThrow && threats.length >= 3 && hurt < 0.6) {
      const away = dirs(state).find((d) => DIRECTION_DELTA[d][0] * (near.x - me.x) + DIRECTION_DELTA[d][1] * (near.y - me.y) < 0);
      if (away) return { type: 'throw', user, dir: away };
    }
    // Nothing comes (a packmate blocks the corridor, or it cowers): go and fight.
    if (memory.waits >= 2) {
      const target = seen.reduce((a, b) => (dist(state, me, a) <= dist(state, me, b) ? a : b));
      const toward = stepToward(state, me, target.x, target.y);
      if (toward && legal.moves[toward] !== 'blocked') return act({ type: 'move', user, dir: toward });
    }
    return act({ type: 'wait', user });
  }
  // Only cowering or unaware monsters in view for long: clear them out so the level can be explored and rested in.
  if (seen.length > 0 && memory.waits >= 2) {
    const target = seen.reduce((a, b) => (dist(state, me, a) <= dist(state, me, b) ? a : b));
    const toward = stepToward(state, me, target.x, target.y);
    if (toward && legal.moves[toward] !== 'blocked') return act({ type: 'move', user, dir: toward });
  }
  // In a party, followers keep close to the leader (the living player with the lowest slot) instead of wandering off.
  const leader = state.players.filter((p) => p.alive).reduce((a, b) => (a.slot <= b.slot ? a : b));
  if (leader.id !== me.id && dist(state, me, leader) > 4) {
    const toward = stepToward(state, me, leader.x, leader.y);
    if (toward && legal.moves[toward] === 'move') return act({ type: 'move', user, dir: toward });
  }
  if (legal.canRest && hurt < 0.8) return { type: 'rest', user };
  if (legal.canDescend && (!legal.canExplore || hurt > 0.6)) return { type: 'descend', user };
  if (legal.canExplore) return { type: 'explore', user };
  if (legal.canTravel) return { type: 'travel', user };
  if (legal.canDescend) return { type: 'descend', user };
  return act({ type: 'wait', user });
};

export const POLICIES = { random: randomPolicy, careful: carefulPolicy } as const;
export type PolicyName = keyof typeof POLICIES;
