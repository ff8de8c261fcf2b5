/**
 * Monster AI: each monster perceives, decides a state from a readable table, then acts through the
 * same movement and combat rules as players. Hunting follows one shared Dijkstra approach map;
 * fleeing follows the flee map built from it (only when someone flees, once per phase).
 */
import { UNREACHABLE, downhill } from '../pathfinding/index.js';
import { Tile } from '../grid/tiles.js';
import { MONSTERS } from './monsters.js';
import type { Rng } from '../grid/rng.js';
import type { AiState, GameState, Monster, Player, Tactics, Weapon } from './types.js';
import { DIRECTIONS, DIRECTION_DELTA } from './types.js';
import { sees } from './visibility.js';
import type { Workspace } from './workspace.js';

/** Radius (steps) within which another monster counts as a friend nearby. */
export const FRIEND_RADIUS = 5;

/** What a monster knows at the start of its move. */
export interface Perception {
  bloodied: boolean;
  /** No other monster within FRIEND_RADIUS. */
  alone: boolean;
  /** Nearest living player it can see, or null. */
  target: Player | null;
  /** Distance to the target in the game's topology (Manhattan for 4-way, Chebyshev for 8-way). */
  distance: number;
  /**
   * Steps to the target along a straight, unobstructed line (orthogonal, or diagonal in 8-way games); Infinity when
   * there is none. Weapons reach along such lines only, so a spear can't strike around a corner.
   */
  lineDistance: number;
  /** It remembers where a player was last seen. */
  hasLastSeen: boolean;
}

export interface Decision {
  state: AiState;
  weapon: number;
}

interface TacticRule {
  /** Whether this kind of monster wants to run away now. */
  flees(p: Perception): boolean;
  /** Which of its weapons it holds now. */
  weapon(m: Monster, p: Perception): number;
}

/** The tactics table: minions flee when bloodied or alone; skirmishers flee when bloodied and alone and draw a knife up close; soldiers go berserk when bloodied. */
export const TACTICS: Readonly<Record<Tactics, TacticRule>> = {
  minion: { flees: (p) => p.bloodied || p.alone, weapon: (m) => m.weapon },
  skirmisher: { flees: (p) => p.bloodied && p.alone, weapon: (_m, p) => (p.target && p.distance <= 1 ? 1 : 0) },
  soldier: { flees: () => false, weapon: (m, p) => (p.bloodied ? 1 : m.weapon) },
};

/** The weapon a monster holds. */
export function weaponOf(m: Monster, index = m.weapon): Weapon {
  const list = MONSTERS[m.kind].weapons;
  return list[index] ?? list[0]!;
}

/**
 * The state machine, as a table read top to bottom:
 * sees a player + wants to flee -> flee; sees a player in reach -> attack; sees a player -> hunt;
 * remembers where one was -> hunt (to that place); otherwise -> wander.
 */
export function decide(m: Monster, p: Perception): Decision {
  const rule = TACTICS[MONSTERS[m.kind].tactics];
  const weapon = rule.weapon(m, p);
  if (p.target) {
    if (rule.flees(p)) return { state: 'flee', weapon };
    if (p.lineDistance <= weaponOf(m, weapon).reach) return { state: 'attack', weapon };
    return { state: 'hunt', weapon };
  }
  if (p.hasLastSeen) return { state: 'hunt', weapon };
  return { state: 'wander', weapon };
}

/** Distance in the game's topology. */
export function gridDistance(ax: number, ay: number, bx: number, by: number, topology: 4 | 8): number {
  const dx = Math.abs(ax - bx);
  const dy = Math.abs(ay - by);
  return topology === 4 ? dx + dy : Math.max(dx, dy);
}

/** Builds a monster's perception from the players' current sight masks (symmetric FOV: it sees them iff they see it). */
export function perceive(state: GameState, ws: Workspace, m: Monster): Perception {
  const w = state.width;
  const here = m.y * w + m.x;
  const topology = state.config.topology;
  let target: Player | null = null;
  let distance = Infinity;
  for (const p of state.players) {
    if (!p.alive || !sees(ws, p.slot, here)) continue;
    const d = gridDistance(m.x, m.y, p.x, p.y, topology);
    if (d < distance) {
      distance = d;
      target = p;
    }
  }
  let alone = true;
  for (const o of state.monsters) {
    if (o !== m && Math.max(Math.abs(o.x - m.x), Math.abs(o.y - m.y)) <= FRIEND_RADIUS) {
      alone = false;
      break;
    }
  }
  const lineDistance = target ? straightLine(state.tiles, w, m.x, m.y, target.x, target.y, topology) : Infinity;
  return { bloodied: m.hp <= MONSTERS[m.kind].bloodied, alone, target, distance, lineDistance, hasLastSeen: m.lastSeen >= 0 };
}

/** Length of the straight, wall-free line from a to b (orthogonal, or diagonal in 8-way), or Infinity. */
export function straightLine(tiles: Uint8Array, width: number, ax: number, ay: number, bx: number, by: number, topology: 4 | 8): number {
  const dx = bx - ax;
  const dy = by - ay;
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  if (!(dx === 0 || dy === 0 || (topology === 8 && Math.abs(dx) === Math.abs(dy)))) return Infinity;
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  for (let k = 1; k < n; k++) if (tiles[(ay + sy * k) * width + ax + sx * k] === Tile.Wall) return Infinity;
  return n;
}

/** What the monster phase needs from the turn engine: an attack hook so combat stays in one place. */
export interface PhaseHooks {
  /** Monster attacks player with a weapon (emits events, handles death). */
  attack(m: Monster, target: Player, weapon: Weapon): void;
  event(e: import('./types.js').GameEvent): void;
}

/** Runs every monster once, in id order (mutates the draft state). */
export function monsterPhase(state: GameState, rng: Rng, ws: Workspace, hooks: PhaseHooks): void {
  const w = state.width;
  const topology = state.config.topology;
  // Tile.Wall is 0, so the tiles are the passability mask of the grid algorithms.
  const open = state.tiles;
  const occ = ws.occ;
  const monsters = state.monsters;
  for (let i = 0; i < monsters.length; i++) occ[monsters[i]!.y * w + monsters[i]!.x] = i + 1;
  for (const p of state.players) if (p.alive) occ[p.y * w + p.x] = -(p.slot + 1);
  const free = (i: number): boolean => open[i] !== 0 && occ[i] === 0;

  let approachReady = false;
  let fleeReady = false;
  const goals: number[] = [];
  const collectGoals = (): void => {
    goals.length = 0;
    for (const p of state.players) {
      if (!p.alive) continue;
      // Only players some monster can see attract the pack.
      const seen = monsters.some((m) => sees(ws, p.slot, m.y * w + m.x));
      if (seen) goals.push(p.y * w + p.x);
    }
  };
  const approach = (): Int32Array => {
    if (!approachReady) {
      collectGoals();
      ws.fields.compute(open, goals, topology, state.config.fovRadius * 2, ws.approach);
      approachReady = true;
    }
    return ws.approach;
  };
  // Fleeing runs down the flee map built from the same (radius-limited) approach field: a fleeing monster sees
  // its threat, so it only needs the map near the party, and the limit keeps the rescan cheap on big maps.
  const flee = (): Int32Array => {
    if (!fleeReady) {
      ws.fields.flee(open, approach(), topology, ws.flee);
      fleeReady = true;
    }
    return ws.flee;
  };
  const moveTo = (m: Monster, mi: number, to: number): void => {
    occ[m.y * w + m.x] = 0;
    occ[to] = mi + 1;
    m.x = to % w;
    m.y = (to - m.x) / w;
  };
  const ref = (m: Monster) => ({ kind: 'monster' as const, id: m.id, monster: m.kind });

  for (let mi = 0; mi < monsters.length; mi++) {
    const m = monsters[mi]!;
    const here = m.y * w + m.x;
    const p = perceive(state, ws, m);
    const before = m.state;
    const d = decide(m, p);
    if (d.weapon !== m.weapon) {
      m.weapon = d.weapon;
      if (MONSTERS[m.kind].tactics === 'soldier') hooks.event({ type: 'berserk', who: ref(m) });
      else hooks.event({ type: 'switched-weapon', who: ref(m), weapon: weaponOf(m).name });
    }
    m.state = d.state;
    if (p.target) {
      // A fleeing monster forgets where the player was, or it would come back to look and flee again, forever.
      m.lastSeen = d.state === 'flee' ? -1 : p.target.y * w + p.target.x;
      if (before === 'wander' && d.state !== 'flee') hooks.event({ type: 'spotted', who: ref(m) });
    }
    if (d.state === 'flee' && before !== 'flee') hooks.event({ type: 'fled', who: ref(m) });

    switch (d.state) {
      case 'attack':
        hooks.attack(m, p.target!, weaponOf(m));
        break;
      case 'hunt': {
        let next = -1;
        if (p.target) {
          const field = approach();
          if (field[here]! < UNREACHABLE) next = downhill(field, w, here, topology, free);
          else next = firstStep(ws, open, here, p.target.y * w + p.target.x, topology, free);
        } else {
          const goal = m.lastSeen;
          if (goal === here) {
            // Reached the last known position and found no one: give up the chase.
            m.lastSeen = -1;
            m.state = 'wander';
          } else {
            next = firstStep(ws, open, here, goal, topology, free);
            // An unreachable memory is forgotten, so the monster doesn't stare at a wall forever.
            if (next === NO_PATH) m.lastSeen = -1;
          }
        }
        if (next >= 0) moveTo(m, mi, next);
        break;
      }
      case 'flee': {
        const next = downhill(flee(), w, here, topology, free);
        if (next >= 0) moveTo(m, mi, next);
        else if (p.target && p.lineDistance <= weaponOf(m).reach) hooks.attack(m, p.target, weaponOf(m)); // cornered: fight back
        break;
      }
      case 'wander': {
        const dirs = topology === 4 ? ORTHOGONAL : DIRECTIONS;
        for (let tries = 0; tries < 4; tries++) {
          const [dx, dy] = DIRECTION_DELTA[rng.pick(dirs)];
          const to = here + dy * w + dx;
          if (free(to)) {
            moveTo(m, mi, to);
            break;
          }
        }
        break;
      }
    }
  }
  // Leave the occupancy grid clean for the next phase.
  for (const m of monsters) occ[m.y * w + m.x] = 0;
  for (const p of state.players) occ[p.y * w + p.x] = 0;
}

const NO_PATH = -2;
const ORTHOGONAL = DIRECTIONS.slice(0, 4);

/** First step of an A* path to goal if that step is free now; -1 when it is blocked for now, NO_PATH when there is no path. */
function firstStep(ws: Workspace, open: Uint8Array, from: number, goal: number, topology: 4 | 8, free: (i: number) => boolean): number {
  const path = ws.astar.find(open, from, goal, topology, true);
  if (!path) return NO_PATH;
  const next = path[0];
  return next !== undefined && free(next) ? next : -1;
}
