/**
 * Monster AI: each monster perceives, decides a state from a readable table, then acts through the
 * same movement and combat rules as players. Hunting follows one shared Dijkstra approach map; fleeing
 * follows the flee map built from it; lured monsters follow the lure map. Each map is built only when a
 * monster needs it, at most once per phase.
 */
import { UNREACHABLE, downhill } from '../pathfinding/index.js';
import { Tile } from '../grid/tiles.js';
import { lineClear } from '../grid/line.js';
import type { Rng } from '../grid/rng.js';
import { MONSTERS } from './monsters.js';
import type { ActorRef, AiState, Direction, GameEvent, GameState, Monster, Player, Tactics, Weapon } from './types.js';
import { DIRECTIONS, DIRECTION_DELTA } from './types.js';
import { sees } from './visibility.js';
import type { Workspace } from './workspace.js';
import { rulesFor } from './rules.js';

/** Radius (steps) within which another monster counts as a friend nearby. */
export const FRIEND_RADIUS = 5;
/** A shouting monster alerts packmates within this many tiles (Chebyshev). */
export const ALERT_RADIUS = 7;
/** A fleeing monster comes back once healed to this fraction of its max hp. */
export const RETURN_FRACTION = 0.75;
/** A fleeing monster out of sight regains 1 hp every this many turns. */
export const HIDING_REGEN_EVERY = 2;
/** Lures draw monsters within this many steps, for this many monster phases. */
export const LURE_RANGE = 24;
export const LURE_TURNS = 20;
/** Archers and healers step back when a player comes this close (in the game's topology). */
export const KEEP_AWAY = 2;
/** A healer mends a packmate within this many tiles (Chebyshev, over a clear line), below this fraction of its hp, every MEND_EVERY phases. */
export const MEND_RADIUS = 5;
export const MEND_BELOW = 0.6;
export const MEND_EVERY = 3;
export const MEND_HP: readonly [number, number] = [3, 6];
/** A boss never strays farther than this (Chebyshev) from the stairs it guards. */
export const GUARD_RADIUS = 5;
/** Flee-map penalty of a cell in a dead-end branch (FLEE_SCALE is one step), so fleeing monsters prefer loops and doorways. */
const DEAD_END_PENALTY = 25;

/** What a monster knows at the start of its move. */
export interface Perception {
  bloodied: boolean;
  /** No other monster within FRIEND_RADIUS. */
  alone: boolean;
  /** Nearest living player it sees and has noticed, or null. */
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
  /** A thrown lure is within reach of it. */
  lured: boolean;
  /** It is healed enough to stop fleeing. */
  recovered: boolean;
  /**
   * A healer with no packmate fighting near it, under rules that make it commit (healerCommits): it stops keeping
   * away and comes to fight, so hanging back never freezes a run or a fight order.
   */
  commits?: boolean;
  /** It fled once and came back, under rules whose monsters flee once (fleesOnce): it never flees again. */
  spent?: boolean;
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
  /** Steps back (retreat) when a player is within this many tiles (0: never) and it still has room. */
  keepsAway: number;
  /** Percent of its moves that go in a random direction (bats). */
  erratic: number;
  /** Heals hurt packmates in sight instead of fighting (every MEND_EVERY phases). */
  mends: boolean;
  /** Holds its post by the stairs: never lured, never farther than GUARD_RADIUS from them. */
  guards: boolean;
  /** Switching to weapons[1] is going berserk (logged as such), not drawing a weapon. */
  berserks: boolean;
}

const rule = (r: Pick<TacticRule, 'flees' | 'weapon'> & Partial<TacticRule>): TacticRule => ({ keepsAway: 0, erratic: 0, mends: false, guards: false, berserks: false, ...r });
const closeIn = (_m: Monster, p: Perception): number => (p.target && p.distance <= 1 ? 1 : 0);

/**
 * The tactics table: minions flee when bloodied or hurt and alone; skirmishers flee when bloodied and alone and draw
 * a knife up close; soldiers go berserk when bloodied; archers shoot from afar and step back, drawing a dagger when
 * cornered; erratic fliers move at random half the time; brutes never flee (their slowness is in the monster table);
 * healers mend their pack from behind it; a boss guards the stairs and goes berserk when bloodied.
 */
export const TACTICS: Readonly<Record<Tactics, TacticRule>> = {
  minion: rule({ flees: (p) => p.bloodied || (p.alone && !p.recovered), weapon: (m) => m.weapon }),
  skirmisher: rule({ flees: (p) => p.bloodied && p.alone, weapon: closeIn }),
  soldier: rule({ flees: () => false, weapon: (m, p) => (p.bloodied ? 1 : m.weapon), berserks: true }),
  // An archer steps back only from a blade next to it: stepping away at every approach made it uncatchable.
  archer: rule({ flees: (p) => p.bloodied && p.alone, weapon: closeIn, keepsAway: 1 }),
  erratic: rule({ flees: (p) => p.bloodied, weapon: (m) => m.weapon, erratic: 50 }),
  brute: rule({ flees: () => false, weapon: (m) => m.weapon }),
  healer: rule({ flees: (p) => p.bloodied && p.alone, weapon: (m) => m.weapon, keepsAway: KEEP_AWAY, mends: true }),
  boss: rule({ flees: () => false, weapon: (m, p) => (p.bloodied ? 1 : m.weapon), guards: true, berserks: true }),
  // A pack hunter (wolves) never runs while its pack is near: the approach field's flanking step surrounds the target.
  pack: rule({ flees: (p) => p.bloodied && p.alone, weapon: (m) => m.weapon }),
  // A skulker (the cave lizard) runs when bloodied, friends or not, heals out of sight (its row's regen) and comes
  // back whole, straight to the party (see the flee case): the hero must corner it, stun it or kill it fast.
  skulker: rule({ flees: (p) => p.bloodied, weapon: (m) => m.weapon }),
};

/** The weapon a monster holds. */
export function weaponOf(m: Monster, index = m.weapon): Weapon {
  const list = MONSTERS[m.kind].weapons;
  return list[index] ?? list[0]!;
}

/** A monster's name with its stable label, as the log and the "In sight" list print it: "goblin A". */
export function monsterLabel(m: Pick<Monster, 'kind' | 'label'>): string {
  return `${MONSTERS[m.kind].name} ${m.label}`;
}

/**
 * The state machine, as a table read top to bottom:
 * fleeing and not yet recovered -> flee (hiding and healing when out of sight);
 * sees a player + wants to flee -> flee; sees a player in reach -> attack; sees a player -> hunt;
 * a lure is near -> lured; remembers where a player was -> hunt (to that place); otherwise -> wander.
 */
export function decide(m: Monster, p: Perception): Decision {
  const rule = TACTICS[MONSTERS[m.kind].tactics];
  const weapon = rule.weapon(m, p);
  if (m.state === 'flee' && !p.recovered) return { state: 'flee', weapon };
  if (p.target) {
    if (!p.spent && rule.flees(p)) return { state: 'flee', weapon };
    if (p.distance <= rule.keepsAway && m.state !== 'retreat' && !p.commits) return { state: 'retreat', weapon };
    if (p.lineDistance <= weaponOf(m, weapon).reach) return { state: 'attack', weapon };
    return { state: 'hunt', weapon };
  }
  if (rule.guards) return { state: 'guard', weapon };
  if (p.lured) return { state: 'lured', weapon };
  if (p.hasLastSeen) return { state: 'hunt', weapon };
  return { state: 'wander', weapon };
}

/** Distance in the game's topology. */
export function gridDistance(ax: number, ay: number, bx: number, by: number, topology: 4 | 8): number {
  const dx = Math.abs(ax - bx);
  const dy = Math.abs(ay - by);
  return topology === 4 ? dx + dy : Math.max(dx, dy);
}

/** Percent chance that an unaware monster notices a player it sees at distance d: certain up close, about 1 in 4 at the edge of sight. */
export function noticeChance(d: number, fovRadius: number): number {
  if (d <= 2) return 100;
  return Math.max(15, Math.round((100 * (fovRadius + 2 - d)) / fovRadius));
}

/** True while a monster has not yet noticed the party (it may overlook a player it sees). */
const unaware = (m: Monster): boolean => m.state === 'wander' || m.state === 'lured';

/** Builds a monster's perception from the players' current sight masks (symmetric FOV: it sees them iff they see it). */
export function perceive(state: GameState, ws: Workspace, m: Monster, lured = false): Perception {
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
  const monsters = state.monsters;
  for (let k = 0; k < monsters.length; k++) {
    const o = monsters[k]!;
    const dx = o.x - m.x;
    const dy = o.y - m.y;
    if (o !== m && dx <= FRIEND_RADIUS && dx >= -FRIEND_RADIUS && dy <= FRIEND_RADIUS && dy >= -FRIEND_RADIUS) {
      alone = false;
      break;
    }
  }
  const stats = MONSTERS[m.kind];
  const commits = target !== null && TACTICS[stats.tactics].mends && rulesFor(state.config.rules).healerCommits && !packFighting(monsters, m);
  // A ranged weapon fires along any clear line: the target sees the monster (symmetric FOV), so no wall is in the way;
  // another creature on the line blocks the shot. Melee and reach weapons strike along straight lines only.
  const ranged = stats.weapons[m.weapon]!.reach > 2 && distance > 1;
  const lineDistance = !target
    ? Infinity
    : ranged
      ? lineOfFire(ws.occ, w, m.x, m.y, target.x, target.y)
        ? distance
        : Infinity
      : straightLine(state.tiles, w, m.x, m.y, target.x, target.y, topology);
  return {
    bloodied: m.hp <= stats.bloodied * m.maxHp,
    alone,
    target,
    distance,
    lineDistance,
    hasLastSeen: m.lastSeen >= 0,
    lured,
    recovered: m.hp >= (stats.returnAt ?? RETURN_FRACTION) * m.maxHp,
    ...(commits ? { commits } : {}),
    ...(m.returned ? { spent: true } : {}),
  };
}

/**
 * Whether another monster within FRIEND_RADIUS (not a healer) is fighting: it struck at a player on its last move. A
 * packmate still on its way, or stuck behind the healer in a corridor, is not: then the healer commits.
 */
function packFighting(monsters: readonly Monster[], m: Monster): boolean {
  for (const o of monsters) {
    if (o === m || o.state !== 'attack' || TACTICS[MONSTERS[o.kind].tactics].mends) continue;
    if (Math.abs(o.x - m.x) <= FRIEND_RADIUS && Math.abs(o.y - m.y) <= FRIEND_RADIUS) return true;
  }
  return false;
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

/** Whether the straight (Bresenham) line from a to b passes no creature between them on the occupancy grid. */
export function lineOfFire(occ: Int32Array, width: number, ax: number, ay: number, bx: number, by: number): boolean {
  return lineClear(ax, ay, bx, by, (x, y) => occ[y * width + x] !== 0);
}

/** Whether the straight (Bresenham) line from a to b crosses no wall (for a healer reaching a packmate). */
function clearLine(tiles: Uint8Array, width: number, ax: number, ay: number, bx: number, by: number): boolean {
  const n = Math.max(Math.abs(bx - ax), Math.abs(by - ay));
  for (let k = 1; k < n; k++) {
    const x = Math.round(ax + ((bx - ax) * k) / n);
    const y = Math.round(ay + ((by - ay) * k) / n);
    if (tiles[y * width + x] === Tile.Wall) return false;
  }
  return true;
}

/** What the monster phase needs from the turn engine: an attack hook so combat stays in one place. */
export interface PhaseHooks {
  /** Monster attacks player with a weapon from `range` tiles (emits events, handles death). */
  attack(m: Monster, target: Player, weapon: Weapon, range: number): void;
  event(e: GameEvent): void;
}

/** The compass direction of a step (dx, dy), or null for no step. */
export function directionOf(dx: number, dy: number): Direction | null {
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  return DIRECTIONS.find((d) => DIRECTION_DELTA[d][0] === sx && DIRECTION_DELTA[d][1] === sy) ?? null;
}

/** The log's reference to a monster. */
export const monsterRef = (m: Monster): ActorRef => ({ kind: 'monster', id: m.id, monster: m.kind, label: m.label });

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
  const dirs = topology === 4 ? ORTHOGONAL : DIRECTIONS;

  let approachReady = false;
  let fleeReady = false;
  let lureReady = false;
  // One shared field toward a remembered place per phase: an alerted pack shares its shouter's last sighting.
  let trackGoal = -1;
  const goals: number[] = [];
  const approach = (): Int32Array => {
    if (!approachReady) {
      goals.length = 0;
      for (const p of state.players) {
        if (!p.alive) continue;
        // Only players some monster can see attract the pack.
        if (monsters.some((m) => sees(ws, p.slot, m.y * w + m.x))) goals.push(p.y * w + p.x);
      }
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
      // Dead-end branches, so fleeing monsters prefer loops and open ground where they can't be cornered.
      ws.deadEnds.compute(open, topology, ws.deadEnd);
      fleeReady = true;
    }
    return ws.flee;
  };
  const lure = (): Int32Array => {
    if (!lureReady) {
      goals.length = 0;
      for (const l of state.lures) goals.push(l.y * w + l.x);
      ws.fields.compute(open, goals, topology, LURE_RANGE, ws.lure);
      lureReady = true;
    }
    return ws.lure;
  };
  const moveTo = (m: Monster, mi: number, to: number): void => {
    occ[m.y * w + m.x] = 0;
    occ[to] = mi + 1;
    m.x = to % w;
    m.y = (to - m.x) / w;
  };
  // Two packmates trade places (occupancy included): see fleeingBlocker.
  const swap = (m: Monster, mi: number, oi: number): void => {
    const o = monsters[oi]!;
    const a = m.y * w + m.x;
    const b = o.y * w + o.x;
    m.x = b % w;
    m.y = (b - m.x) / w;
    o.x = a % w;
    o.y = (a - o.x) / w;
    occ[a] = oi + 1;
    occ[b] = mi + 1;
  };
  const alert = (shouter: Monster, target: Player): void => {
    let alerted = 0;
    for (const o of monsters) {
      if (o === shouter || !unaware(o) || Math.max(Math.abs(o.x - shouter.x), Math.abs(o.y - shouter.y)) > ALERT_RADIUS) continue;
      o.state = 'hunt';
      o.lastSeen = target.y * w + target.x;
      alerted++;
    }
    hooks.event({ type: 'shouted', who: monsterRef(shouter), alerted });
  };

  const slowStrikes = rulesFor(state.config.rules).slowStrikes;
  // In a party under rules whose monsters flee once, one that comes back from fleeing is marked to fight on.
  const fleesOnce = rulesFor(state.config.rules).party?.fleesOnce === true && state.players.filter((q) => q.alive).length >= 2;
  // The stairs a boss guards (found once per phase, only when a guard is on the level).
  let post = -2;
  const postOf = (): number => (post === -2 ? (post = state.tiles.indexOf(Tile.Stairs)) : post);

  for (let mi = 0; mi < monsters.length; mi++) {
    const m = monsters[mi]!;
    const here = m.y * w + m.x;
    const before = m.state;
    const stats = MONSTERS[m.kind];
    const tactic = TACTICS[stats.tactics];
    // Stunned monsters lose their move; slow ones act only every `every` phases.
    if (m.stunned > 0) {
      m.stunned -= 1;
      continue;
    }
    // From rules version 2 a slow monster is slow on its feet only: next to a player it strikes every phase, so
    // hit-and-step-back can't dance it.
    if (stats.every > 1 && (state.turn + m.id) % stats.every !== 0 && !(slowStrikes && (m.state === 'hunt' || m.state === 'attack') && besidePlayer(state, m))) {
      if (m.state === 'hunt' || m.state === 'attack') hooks.event({ type: 'lumbered', who: monsterRef(m) });
      continue;
    }
    // Where it last saw a player: when the target just stepped off that square, the trail is the best way in.
    const trail = m.lastSeen;
    const p = perceive(state, ws, m, false);
    // An unaware monster may overlook a player at a distance; the closer, the likelier it notices.
    if (p.target && unaware(m) && rng.int(1, 100) > noticeChance(p.distance, state.config.fovRadius)) {
      p.target = null;
      p.lineDistance = Infinity;
    }
    if (!p.target && state.lures.length > 0 && m.state !== 'flee' && !tactic.guards) p.lured = lure()[here]! < UNREACHABLE;
    const d = decide(m, p);
    if (d.weapon !== m.weapon) {
      m.weapon = d.weapon;
      if (tactic.berserks) hooks.event({ type: 'berserk', who: monsterRef(m) });
      else hooks.event({ type: 'switched-weapon', who: monsterRef(m), weapon: weaponOf(m).name });
    }
    m.state = d.state;
    if (p.target) {
      m.lastSeen = p.target.y * w + p.target.x;
      if ((before === 'wander' || before === 'lured') && d.state !== 'flee') {
        hooks.event({ type: 'spotted', who: monsterRef(m) });
        if (MONSTERS[m.kind].shouts) alert(m, p.target);
      }
    }
    if (before === 'flee' && d.state !== 'flee') {
      hooks.event({ type: 'returned', who: monsterRef(m) });
      if (fleesOnce) m.returned = true;
    }
    if (tactic.guards && d.state === 'guard' && before !== 'guard' && before !== 'wander') hooks.event({ type: 'guarding', who: monsterRef(m) });
    // A healer in a fight mends the most hurt packmate it can reach instead of acting.
    if (tactic.mends && p.target && (state.turn + m.id) % MEND_EVERY === 0 && mend(state, rng, m, hooks)) continue;
    // An erratic flier's move goes anywhere half the time; once next to someone it bites rather than flit off.
    if (tactic.erratic > 0 && d.state !== 'flee' && d.state !== 'attack' && rng.int(1, 100) <= tactic.erratic) {
      const [dx, dy] = DIRECTION_DELTA[rng.pick(dirs)];
      const to = here + dy * w + dx;
      if (free(to)) {
        moveTo(m, mi, to);
        if (p.target) hooks.event({ type: 'fluttered', who: monsterRef(m) });
        continue;
      }
    }

    switch (d.state) {
      case 'attack':
        hooks.attack(m, p.target!, weaponOf(m), p.lineDistance);
        break;
      case 'hunt': {
        // A healer with its pack around hangs back just out of reach instead of walking into the fight.
        if (p.target && tactic.mends && !p.alone && !p.commits && p.distance <= KEEP_AWAY + 2) break;
        let next = -1;
        // The field the hunt walks this turn, if any: a fleeing packmate in the way on it is swapped with.
        let walked: Int32Array | null = null;
        if (p.target) {
          const field = approach();
          if (field[here]! < UNREACHABLE) {
            walked = field;
            next = approachStep(state, field, here, p.target, trail, weaponOf(m).reach, occ, dirs);
          } else next = firstStep(ws, open, here, p.target.y * w + p.target.x, topology, free);
        } else {
          const goal = m.lastSeen;
          const q = goal === here && stats.regen ? nearestPlayer(state, m) : null;
          if (q && q.y * w + q.x !== here) {
            // A healed skulker that found no one where it looked goes for the nearest player again: it comes back.
            m.lastSeen = q.y * w + q.x;
          } else if (goal === here) {
            // Reached the last known position and found no one: give up the chase.
            m.lastSeen = -1;
            m.state = 'wander';
          } else if (occ[goal]! < 0 && approach()[here]! < UNREACHABLE) {
            // Alerted toward where a player stands now: the shared approach map already leads there.
            walked = ws.approach;
            next = downhill(ws.approach, w, here, topology, free);
          } else {
            if (trackGoal < 0) {
              trackGoal = goal;
              goals.length = 0;
              goals.push(goal);
              ws.fields.compute(open, goals, topology, state.config.fovRadius * 3, ws.track);
            }
            if (goal === trackGoal && ws.track[here]! < UNREACHABLE) {
              walked = ws.track;
              next = downhill(ws.track, w, here, topology, free);
            } else {
              next = firstStep(ws, open, here, goal, topology, free);
              // An unreachable memory is forgotten, so the monster doesn't stare at a wall forever.
              if (next === NO_PATH) m.lastSeen = -1;
            }
          }
        }
        // A guard turns back at the edge of its post rather than be drawn away from the stairs.
        if (next >= 0 && tactic.guards && postOf() >= 0 && chebyshev(next, postOf(), w) > GUARD_RADIUS) {
          if (before !== 'guard') hooks.event({ type: 'guarding', who: monsterRef(m) });
          m.state = 'guard';
          break;
        }
        if (next >= 0) moveTo(m, mi, next);
        else if (walked) {
          const oi = fleeingBlocker(monsters, walked, w, here, occ, dirs);
          if (oi >= 0) swap(m, mi, oi);
        }
        break;
      }
      case 'guard': {
        const at = postOf();
        m.lastSeen = -1;
        if (at < 0 || chebyshev(here, at, w) <= 1) break;
        const next = firstStep(ws, open, here, at, topology, free);
        if (next >= 0) moveTo(m, mi, next);
        break;
      }
      case 'retreat': {
        // Step back up the shared approach field (away from the party, no flee map needed); with nowhere to go, shoot
        // or stab from where it stands.
        const next = p.target ? retreatStep(state, approach(), here, occ, dirs) : -1;
        if (next >= 0) moveTo(m, mi, next);
        else if (p.target && p.lineDistance <= weaponOf(m).reach) hooks.attack(m, p.target, weaponOf(m), p.lineDistance);
        // Next phase it fights from the new spot (retreat lasts one step, so it never runs for good).
        break;
      }
      case 'lured': {
        const next = downhill(lure(), w, here, topology, free);
        if (next >= 0) moveTo(m, mi, next);
        break;
      }
      case 'flee': {
        if (!p.target) {
          // Out of sight: hide and recover slowly, then come back (see decide). A kind with its own regen heals
          // quickly and, once whole, comes back for the nearest living player (it never wanders off: no freeze).
          if (stats.regen) {
            m.hp = Math.min(m.maxHp, m.hp + stats.regen);
            if (m.hp >= (stats.returnAt ?? RETURN_FRACTION) * m.maxHp) {
              const q = nearestPlayer(state, m);
              if (q) m.lastSeen = q.y * w + q.x;
            }
          } else if ((state.turn + m.id) % HIDING_REGEN_EVERY === 0) m.hp = Math.min(m.maxHp, m.hp + 1);
          break;
        }
        const next = fleeStep(state, flee(), ws.deadEnd, here, occ, dirs);
        if (next >= 0) {
          moveTo(m, mi, next);
          if (before !== 'flee') hooks.event({ type: 'fled', who: monsterRef(m), toward: directionOf(m.x - (here % w), m.y - Math.floor(here / w)) });
        } else {
          if (before !== 'flee') hooks.event({ type: 'fled', who: monsterRef(m), toward: null });
          if (p.lineDistance <= weaponOf(m).reach) hooks.attack(m, p.target, weaponOf(m), p.lineDistance); // cornered: fight back
          else if (stats.regen && approach()[here]! < UNREACHABLE) {
            // A cornered skulker with no blow from its corner comes out at the hero rather than sit there for good
            // (in view it never heals, and nothing would ever end the stand-off).
            const out = downhill(ws.approach, w, here, topology, free);
            if (out >= 0) moveTo(m, mi, out);
          }
        }
        break;
      }
      case 'wander': {
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
  // Lures burn down; a spent one is gone.
  if (state.lures.length > 0) {
    for (const l of state.lures) l.turns -= 1;
    for (const l of state.lures) if (l.turns <= 0) hooks.event({ type: 'lure-spent', x: l.x, y: l.y });
    state.lures = state.lures.filter((l) => l.turns > 0);
  }
}

const chebyshev = (a: number, b: number, w: number): number => Math.max(Math.abs((a % w) - (b % w)), Math.abs(Math.floor(a / w) - Math.floor(b / w)));

/** A healer mends the most hurt packmate within MEND_RADIUS over a clear line; false when none needs it. */
function mend(state: GameState, rng: Rng, healer: Monster, hooks: PhaseHooks): boolean {
  let best: Monster | null = null;
  for (const o of state.monsters) {
    if (o === healer || o.hp >= MEND_BELOW * o.maxHp) continue;
    if (Math.max(Math.abs(o.x - healer.x), Math.abs(o.y - healer.y)) > MEND_RADIUS) continue;
    if (!clearLine(state.tiles, state.width, healer.x, healer.y, o.x, o.y)) continue;
    if (!best || o.hp / o.maxHp < best.hp / best.maxHp) best = o;
  }
  if (!best) return false;
  const healed = Math.min(best.maxHp - best.hp, rng.int(MEND_HP[0], MEND_HP[1]));
  best.hp += healed;
  hooks.event({ type: 'mended', who: monsterRef(healer), target: monsterRef(best), healed });
  return true;
}

/**
 * A hunting monster's step on the approach field. Among free neighbours that get closer it prefers, in order:
 * the lowest field value; the square the target just left (its trail: a target dancing between two squares
 * can't keep stepping out of reach, which is what broke the north/south stall); the square nearest in straight-line
 * distance (it leaves the target the fewest steps out of reach in either topology); a square from which its
 * weapon reaches the target; then the fixed direction order. When its way is blocked by a packmate, it steps
 * aside at the same distance, so the pack surrounds the target instead of queueing.
 */
function approachStep(state: GameState, field: Int32Array, here: number, target: Player, trail: number, reach: number, occ: Int32Array, dirs: readonly Direction[]): number {
  const w = state.width;
  const open = state.tiles;
  const topology = state.config.topology;
  const hv = field[here]!;
  let best = -1;
  let bestScore = Infinity;
  let blocked = false;
  let side = -1;
  const count = dirs.length;
  for (let k = 0; k < count; k++) {
    const n = here + STEP_DY[k]! * w + STEP_DX[k]!;
    const v = field[n]!;
    if (open[n] === 0 || v >= UNREACHABLE || v > hv) continue;
    if (occ[n] !== 0) {
      if (v < hv && occ[n]! > 0) blocked = true;
      continue;
    }
    if (v === hv) {
      if (side < 0) side = n;
      continue;
    }
    const nx = n % w;
    const ny = (n - nx) / w;
    const euclid = (nx - target.x) ** 2 + (ny - target.y) ** 2;
    // Only reach weapons need the line test: for reach 1, striking distance is being next to the target.
    const strikes = reach > 1 ? (straightLine(open, w, nx, ny, target.x, target.y, topology) <= reach ? 0 : 1) : euclid === 1 || (topology === 8 && euclid === 2) ? 0 : 1;
    const score = v * 100000 + (n === trail ? 0 : 50000) + euclid * 10 + strikes;
    if (score < bestScore) {
      bestScore = score;
      best = n;
    }
  }
  if (best >= 0) return best;
  if (!blocked) return -1;
  if (side >= 0) return side;
  // Queued behind a packmate with no square at the same distance: one step back and around, toward a free flank.
  let around = -1;
  let aroundScore = Infinity;
  for (const dir of dirs) {
    const [dx, dy] = DIRECTION_DELTA[dir];
    const n = here + dy * w + dx;
    const v = field[n]!;
    if (open[n] === 0 || occ[n] !== 0 || v !== hv + 1) continue;
    const nx = n % w;
    const ny = (n - nx) / w;
    if (!hasFreeDownhill(field, w, n, here, occ, open, dirs)) continue;
    const score = (nx - target.x) ** 2 + (ny - target.y) ** 2;
    if (score < aroundScore) {
      aroundScore = score;
      around = n;
    }
  }
  return around;
}

/**
 * The index (in `monsters`) of a fleeing packmate standing on a cell closer on the hunter's field, or -1. The hunter
 * trades places with it: in a corridor the two would otherwise block each other forever, one wanting to go where the
 * other stands.
 */
export function fleeingBlocker(monsters: readonly Monster[], field: Int32Array, w: number, here: number, occ: Int32Array, dirs: readonly Direction[]): number {
  const hv = field[here]!;
  for (let k = 0; k < dirs.length; k++) {
    const n = here + STEP_DY[k]! * w + STEP_DX[k]!;
    const o = occ[n]!;
    if (o > 0 && field[n]! < hv && monsters[o - 1]!.state === 'flee') return o - 1;
  }
  return -1;
}

/** Whether cell i has a free neighbour closer on the field, other than `back` (where the monster stands now). */
function hasFreeDownhill(field: Int32Array, w: number, i: number, back: number, occ: Int32Array, open: Uint8Array, dirs: readonly Direction[]): boolean {
  const v = field[i]!;
  for (const dir of dirs) {
    const [dx, dy] = DIRECTION_DELTA[dir];
    const n = i + dy * w + dx;
    if (n !== back && open[n] !== 0 && occ[n] === 0 && field[n]! < v) return true;
  }
  return false;
}

/** A step back for a monster keeping its distance: the free neighbour farthest up the approach field (-1 when none is farther). */
function retreatStep(state: GameState, field: Int32Array, here: number, occ: Int32Array, dirs: readonly Direction[]): number {
  const w = state.width;
  const open = state.tiles;
  let best = -1;
  let bestV = field[here]!;
  for (let k = 0; k < dirs.length; k++) {
    const n = here + STEP_DY[k]! * w + STEP_DX[k]!;
    const v = field[n]!;
    if (open[n] === 0 || occ[n] !== 0 || v >= UNREACHABLE || v <= bestV) continue;
    bestV = v;
    best = n;
  }
  return best;
}

/** A fleeing monster's step down the flee map, avoiding dead-end branches in favour of loops, doorways and open ground. */
function fleeStep(state: GameState, field: Int32Array, deadEnd: Uint8Array, here: number, occ: Int32Array, dirs: readonly Direction[]): number {
  const w = state.width;
  const open = state.tiles;
  let best = -1;
  let bestV = field[here]! + deadEnd[here]! * DEAD_END_PENALTY;
  for (let k = 0; k < dirs.length; k++) {
    const n = here + STEP_DY[k]! * w + STEP_DX[k]!;
    if (open[n] === 0 || occ[n] !== 0 || field[n]! >= UNREACHABLE) continue;
    const v = field[n]! + deadEnd[n]! * DEAD_END_PENALTY;
    if (v < bestV) {
      bestV = v;
      best = n;
    }
  }
  return best;
}

const NO_PATH = -2;
const ORTHOGONAL = DIRECTIONS.slice(0, 4);
/** The step offsets of DIRECTIONS in order, as flat arrays for the hot loops (the first four are the 4-way ones). */
const STEP_DX = Int8Array.from(DIRECTIONS.map((d) => DIRECTION_DELTA[d][0]));
const STEP_DY = Int8Array.from(DIRECTIONS.map((d) => DIRECTION_DELTA[d][1]));

/** First step of an A* path to goal if that step is free now; -1 when it is blocked for now, NO_PATH when there is no path. */
function firstStep(ws: Workspace, open: Uint8Array, from: number, goal: number, topology: 4 | 8, free: (i: number) => boolean): number {
  const path = ws.astar.find(open, from, goal, topology, true);
  if (!path) return NO_PATH;
  const next = path[0];
  return next !== undefined && free(next) ? next : -1;
}

/** The living player nearest a monster (Chebyshev; first in party order on a tie), or null. */
function nearestPlayer(state: GameState, m: Monster): Player | null {
  let best: Player | null = null;
  let bestD = Infinity;
  for (const p of state.players) {
    if (!p.alive) continue;
    const d = Math.max(Math.abs(p.x - m.x), Math.abs(p.y - m.y));
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}

/** Whether a living player stands next to the monster (a step away in the game's topology). */
function besidePlayer(state: GameState, m: Monster): boolean {
  return state.players.some((p) => p.alive && gridDistance(p.x, p.y, m.x, m.y, state.config.topology) === 1);
}
