/**
 * The pace rules of a game, kept apart from the turn engine: when a rounds-mode party fights in rounds and when it
 * walks freely, which monsters follow the party down the stairs, the wandering monsters that make resting cost
 * something, and the revival of fallen players on a new level. Pure: every draw comes from the game's RNG.
 */
import { bfs } from '../grid/flood.js';
import type { Rng } from '../grid/rng.js';
import { Tile } from '../grid/tiles.js';
import { monsterRef } from './ai.js';
import { labelFor, monsterHp, spawnMonster } from './level.js';
import { MONSTERS, rollMonsterKind } from './monsters.js';
import { rulesFor } from './rules.js';
import type { GameEvent, GameState, Monster, MonsterKind, Player } from './types.js';

/** Rounds resolved with no monster in view of anyone before a rounds-mode party moves freely again. */
export const CALM_ROUNDS = 3;
/** Each turn of a rest has a 1 in this many chance to bring a wandering monster in from out of sight. */
export const WANDER_IN_ONE_IN = 60;
/** A wandering monster arrives at least this many tiles (Chebyshev) from every living player. */
export const WANDER_IN_MIN_DIST = 10;
/** A fallen player comes back on the next level with this fraction of their max hp (at least 1). */
export const REVIVE_FRACTION = 0.25;

/** True while a rounds-mode game is fighting in rounds; false in free mode and while a rounds-mode party walks freely. */
export function roundsNow(state: Pick<GameState, 'config' | 'calm'>): boolean {
  return state.config.turnMode === 'rounds' && state.calm < CALM_ROUNDS;
}

/**
 * Whether a monster is after the party (hunting or attacking): in view, it means a fight. A healer keeps out of reach
 * and never leads the attack, so it alone holds no one in rounds (its packmates do, and it can still be struck).
 */
export function threatens(m: Pick<Monster, 'state' | 'kind'>): boolean {
  return (m.state === 'hunt' || m.state === 'attack') && MONSTERS[m.kind].tactics !== 'healer';
}

/** Explore and travel never walk a player this close (Chebyshev) to an awake healer the party sees. */
export const NEAR_DISTANCE = 2;

/**
 * An awake healer the party sees (`seen` says which tiles it sees) within NEAR_DISTANCE of `p`, or null. A healer
 * never leads an attack, so it holds no run up by itself (threatens); this keeps runs from walking up to one. Others
 * are left to the run's other stops: the unaware may be sneaked past, hunters already stop it.
 */
export function nearMonster(s: Pick<GameState, 'monsters' | 'width'>, p: Pick<Player, 'x' | 'y'>, seen: (i: number) => boolean): Monster | null {
  return s.monsters.find((m) => watchfulHealer(m) && Math.max(Math.abs(m.x - p.x), Math.abs(m.y - p.y)) <= NEAR_DISTANCE && seen(m.y * s.width + m.x)) ?? null;
}

const watchfulHealer = (m: Monster): boolean => MONSTERS[m.kind].tactics === 'healer' && (m.state === 'hunt' || m.state === 'attack' || m.state === 'retreat');

/** A holding player is woken when a monster comes next to them (Chebyshev distance); a reach weapon's swing wakes them too. */
export const HOLD_WAKE_DISTANCE = 1;
/** Most rounds one step resolves by itself while every living player holds or fights. */
export const MAX_HOLD_ROUNDS = 50;

/**
 * Wakes holding players (mutates the draft): anyone a monster swung at among `events`, with a monster within
 * HOLD_WAKE_DISTANCE, or no longer alive stops holding and must act again.
 */
export function wakeHolders(s: GameState, events: readonly GameEvent[]): void {
  if (s.holding.length === 0) return;
  const attacked = new Set<string>();
  for (const e of events) if ((e.type === 'attacked' || e.type === 'missed') && e.target.kind === 'player') attacked.add(e.target.id);
  s.holding = s.holding.filter((id) => {
    const p = s.players.find((q) => q.id === id);
    if (!p || !p.alive || attacked.has(id)) return false;
    return !s.monsters.some((m) => Math.max(Math.abs(m.x - p.x), Math.abs(m.y - p.y)) <= HOLD_WAKE_DISTANCE);
  });
}

/** Whether a player needs not press anything more this round: fallen, acted, holding or fighting (a standing order). */
export function roundDone(s: Pick<GameState, 'acted' | 'holding' | 'fighting'>, p: Pick<Player, 'id' | 'alive'>): boolean {
  return !p.alive || s.acted.includes(p.id) || s.holding.includes(p.id) || s.fighting.includes(p.id);
}

/** Hunting or attacking monsters next to a living player (Chebyshev 1): they follow the party down the stairs. */
export function stairFollowers(s: GameState): Monster[] {
  return s.monsters.filter(
    (m) => threatens(m) && s.players.some((p) => p.alive && Math.max(Math.abs(p.x - m.x), Math.abs(p.y - m.y)) <= 1),
  );
}

/** The first label of a kind not used on the level (labels stay unique per kind). */
function freeLabel(monsters: readonly Monster[], kind: MonsterKind): string {
  const used = new Set(monsters.filter((m) => m.kind === kind).map((m) => m.label));
  let n = 0;
  while (used.has(labelFor(n))) n++;
  return labelFor(n);
}

/**
 * Puts monsters that followed the party onto the new level (mutates the draft): each on the nearest free floor to the
 * party's start, relabelled among the new level's monsters, still hunting the nearest player. Returns the events.
 */
export function placeFollowers(s: GameState, followers: readonly Monster[]): GameEvent[] {
  if (followers.length === 0) return [];
  const w = s.width;
  const taken = new Set<number>();
  for (const p of s.players) if (p.alive) taken.add(p.y * w + p.x);
  for (const m of s.monsters) taken.add(m.y * w + m.x);
  const order = new Int32Array(s.tiles.length);
  const count = bfs(s.tiles, w, s.height, s.entrance, new Int32Array(s.tiles.length), order);
  const events: GameEvent[] = [];
  let k = 0;
  for (const f of followers) {
    while (k < count && (s.tiles[order[k]!] !== Tile.Floor || taken.has(order[k]!))) k++;
    if (k >= count) break;
    const at = order[k]!;
    taken.add(at);
    const m: Monster = { ...f, x: at % w, y: Math.floor(at / w), label: freeLabel(s.monsters, f.kind), state: 'hunt', lastSeen: s.entrance };
    s.monsters.push(m);
    events.push({ type: 'followed', who: monsterRef(m) });
  }
  return events;
}

/**
 * One rest turn's roll for a wandering monster (mutates the draft): with a 1 in WANDER_IN_ONE_IN chance, a monster of
 * the depth's mix arrives on free floor out of everyone's sight and far from them, already hunting toward `toward`
 * (a tile index). `seen(i)` says whether some living player sees tile i. Returns the monster, or null.
 */
export function wanderIn(s: GameState, rng: Rng, toward: number, seen: (i: number) => boolean): Monster | null {
  if (rng.int(1, WANDER_IN_ONE_IN) !== 1) return null;
  const w = s.width;
  const living = s.players.filter((p) => p.alive);
  const taken = new Set<number>();
  for (const m of s.monsters) taken.add(m.y * w + m.x);
  for (const p of living) taken.add(p.y * w + p.x);
  for (let tries = 0; tries < 200; tries++) {
    const i = rng.int(0, s.tiles.length - 1);
    if (s.tiles[i] !== Tile.Floor || taken.has(i) || seen(i)) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (living.some((p) => Math.max(Math.abs(p.x - x), Math.abs(p.y - y)) < WANDER_IN_MIN_DIST)) continue;
    const rules = rulesFor(s.config.rules);
    const kind = rollMonsterKind(rng, s.depth, rules.monsters);
    const m = spawnMonster(s.nextId++, kind, x, y, monsterHp(s.config, kind, s.depth, Math.max(1, living.length)), rules.difficulty[s.config.difficulty].attack, freeLabel(s.monsters, kind));
    m.state = 'hunt';
    m.lastSeen = toward;
    s.monsters.push(m);
    return m;
  }
  return null;
}

/** Brings fallen players back (mutates the draft) with REVIVE_FRACTION of their max hp; returns the events. */
export function reviveFallen(s: GameState): GameEvent[] {
  const events: GameEvent[] = [];
  for (const p of s.players) {
    if (p.alive) continue;
    p.alive = true;
    p.hp = Math.max(1, Math.round(p.maxHp * REVIVE_FRACTION));
    events.push({ type: 'revived', who: { kind: 'player', id: p.id, name: p.name }, hp: p.hp });
  }
  return events;
}
