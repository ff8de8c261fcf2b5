/**
 * The standing fight order (⚔️), kept apart from the turn engine: which monster a fighter goes for, which way it
 * strikes or steps, and what ends the order (something worth a decision). Pure: reads the state, draws nothing.
 */
import { DIRECTIONS, DIRECTION_DELTA, type Direction, type GameState, type Monster, type MonsterKind, type Player, type RunStopReason } from './types.js';
import { bumpAt, reachTarget } from './legal.js';
import { MONSTERS } from './monsters.js';

/** A fight order ends when the fighter's hp falls below one of these fractions of their max (crossing it, not being under it). */
export const FIGHT_HURT_LINES = [0.5, 0.25] as const;

/** A fighter holds its ground while a monster coming at it (hunting or attacking, in melee) is at most this many steps away. */
export const HOLD_GROUND = 6;

/**
 * Whether a fighter lets its target come (holds its ground, to strike first where it stands, not chase it into a
 * corridor): a monster hunting or attacking that strikes from next to it and is not yet fighting a party member.
 * Shooters, reach weapons in reach, healers, guards and a monster already at a partner's side are gone after.
 */
export function letItCome(s: GameState, p: Player, m: Monster): boolean {
  if (s.players.some((q) => q.alive && q !== p && Math.max(Math.abs(q.x - m.x), Math.abs(q.y - m.y)) <= 1)) return false;
  const row = MONSTERS[m.kind];
  if (row.tactics === 'archer' || row.tactics === 'healer' || row.tactics === 'boss') return false;
  const d = distance(s, p, m);
  // Standing still within a spear's reach only gives it free thrusts: close in (from farther off, let it come).
  if (d <= (row.weapons[m.weapon]?.reach ?? 1)) return false;
  return (m.state === 'hunt' || m.state === 'attack') && d <= HOLD_GROUND;
}

/** Whether a monster is a fighter's business: awake and not running (hunting, attacking, keeping its distance, guarding). */
export function fightable(m: Pick<Monster, 'state'>): boolean {
  return m.state === 'hunt' || m.state === 'attack' || m.state === 'retreat' || m.state === 'guard';
}

/**
 * How many awake monsters the party sees (`seen(i)`), other than `except`, could strike tile (x, y) where they stand
 * (a monster steps or strikes in a move, not both): within their weapon's reach in the game's topology. The fight
 * order never steps a hero to a tile with more of them than where it stands (rules with fightGuard).
 */
export function reachersAt(s: GameState, x: number, y: number, except: Monster | null, seen: (i: number) => boolean): number {
  let n = 0;
  for (const m of s.monsters) {
    if (m === except || !fightable(m) || !seen(m.y * s.width + m.x)) continue;
    const reach = MONSTERS[m.kind].weapons[m.weapon]?.reach ?? 1;
    const d = distance(s, { x, y }, m);
    if (d <= reach) n++;
  }
  return n;
}

/**
 * Whether a monster of `kind` joining a fight is news worth handing the fight back for: a kind more dangerous (more
 * xp for the kill) than every kind the fight already has in view. A packmate, or a goblin joining a fight with an
 * orc, is not.
 */
export function newThreat(kind: MonsterKind, known: Iterable<MonsterKind>): boolean {
  let worst = -Infinity;
  for (const k of known) worst = Math.max(worst, MONSTERS[k].xp);
  return MONSTERS[kind].xp > worst;
}

/** Distance in the game's topology (4: Manhattan, 8: Chebyshev). */
function distance(s: GameState, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  return s.config.topology === 4 ? dx + dy : Math.max(dx, dy);
}

/**
 * A blow the fighter can strike now: at the weakest awake monster in reach (bump or reach weapon), or null. A fleeing
 * one in reach is struck too (a cornered one strikes back); the fighter only never chases one.
 */
export function fightBlow(s: GameState, p: Player): { dir: Direction; monster: Monster; range: number } | null {
  const dirs = s.config.topology === 4 ? DIRECTIONS.slice(0, 4) : DIRECTIONS;
  let best: { dir: Direction; monster: Monster; range: number } | null = null;
  for (const dir of dirs) {
    const [dx, dy] = DIRECTION_DELTA[dir];
    const bump = bumpAt(s, p.x + dx, p.y + dy);
    const hit = bump.kind === 'monster' ? { monster: bump.monster, range: 1 } : bump.kind === 'open' ? reachTarget(s, p, dir) : null;
    if (!hit || !(fightable(hit.monster) || hit.monster.state === 'flee')) continue;
    if (!best || hit.monster.hp < best.monster.hp || (hit.monster.hp === best.monster.hp && hit.monster.id < best.monster.id)) best = { dir, ...hit };
  }
  return best;
}

/** The monster a fighter goes for: the nearest fightable one the party sees (`seen(i)`), lowest id on a tie; or null. */
export function fightTarget(s: GameState, p: Player, seen: (i: number) => boolean): Monster | null {
  let best: Monster | null = null;
  let bestD = Infinity;
  for (const m of s.monsters) {
    if (!fightable(m) || !seen(m.y * s.width + m.x)) continue;
    const d = distance(s, p, m);
    if (d < bestD || (d === bestD && best !== null && m.id < best.id)) {
      best = m;
      bestD = d;
    }
  }
  return best;
}

/**
 * Why a fighter's order ends now, or null to fight on: a party member fell (`allyDown`), a monster came into view
 * (`newcomer`), the fighter's hp fell from `hpBefore` below one of FIGHT_HURT_LINES, or nothing is left to fight.
 */
export function fightStop(p: Player, target: Monster | null, allyDown: boolean, newcomer: boolean, hpBefore: number): RunStopReason | null {
  // (A guarded order, fightGuard, also ends 'exposed' when its next step would bring more monsters in reach: fightRound.)
  if (allyDown) return 'ally-down';
  if (newcomer) return 'monster-in-view';
  if (FIGHT_HURT_LINES.some((f) => hpBefore >= p.maxHp * f && p.hp < p.maxHp * f)) return 'hurt';
  return target ? null : 'no-target';
}
