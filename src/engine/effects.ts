/**
 * What using an item does, one function per effect of the item table (items.ts). Each effect mutates the draft
 * state through the turn's context and returns null, or a rejection code that leaves the state as it was.
 */
import { Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import { LURE_TURNS } from './ai.js';
import { ITEMS, addToPack, carried, type ItemEffect, type ItemKind } from './items.js';
import { bumpAt } from './legal.js';
import { POTION_HEAL } from './monsters.js';
import type { ActorRef, Direction, GameEvent, GameState, Monster, Player, RejectionCode } from './types.js';
import { DIRECTIONS, DIRECTION_DELTA } from './types.js';

/** Farthest a lure flies, and a bomb. */
export const THROW_RANGE = 8;
export const BOMB_RANGE = 6;
/** A flash bomb's burst: damage to every monster within 1 tile of where it bursts, and the turns they lose. */
export const BOMB_DAMAGE: readonly [number, number] = [3, 8];
export const BOMB_STUN = 2;
/** A teleport lands at least this far (Chebyshev) from every monster and from where the reader stood. */
export const TELEPORT_MIN_DIST = 10;

/** What the effects need from the turn engine (game.ts's Turn provides it). */
export interface EffectContext {
  readonly s: GameState;
  readonly rng: Rng;
  emit(e: GameEvent): void;
  /** Call after a player moved (a teleport). */
  playersMoved(): void;
  /** Ids of the monsters the party sees now. */
  visibleMonsters(): Set<number>;
  /** A player's item hurts a monster (emits the hit, handles the kill and its experience). */
  hurtMonster(p: Player, m: Monster, damage: number, weapon: string): void;
}

/** One use of an item. */
export interface ItemUse {
  kind: ItemKind;
  dir?: Direction | undefined;
  distance?: number | undefined;
}

type Effect = (ctx: EffectContext, p: Player, use: ItemUse) => RejectionCode | null;

const ref = (p: Player): ActorRef => ({ kind: 'player', id: p.id, name: p.name });

/** Uses a carried item: checks it is carried, runs its effect, takes it from the pack and counts it for the recap. */
export function useItem(ctx: EffectContext, p: Player, use: ItemUse): RejectionCode | null {
  if (carried(p, use.kind) <= 0) return use.kind === 'lure' ? 'no-lures' : 'nothing-to-use';
  const row = ITEMS[use.kind];
  const code = EFFECTS[row.effect](ctx, p, use);
  if (code) return code;
  if (row.effect !== 'equip') {
    addToPack(p, use.kind, -1);
    const used = { ...ctx.s.tally.used };
    used[use.kind] = (used[use.kind] ?? 0) + 1;
    ctx.s.tally = { ...ctx.s.tally, used };
  }
  return null;
}

/** The effects, one per ItemEffect. */
export const EFFECTS: Readonly<Record<ItemEffect, Effect>> = {
  heal: (ctx, p) => {
    if (p.hp >= p.maxHp) return 'full-health';
    const healed = Math.min(p.maxHp - p.hp, ctx.rng.int(POTION_HEAL[0], POTION_HEAL[1]));
    p.hp += healed;
    ctx.emit({ type: 'drank', who: ref(p), healed });
    return null;
  },
  lure: (ctx, p, use) => {
    const dir = use.dir ?? longestFlight(ctx.s, p);
    if (!dir) return 'no-room-to-throw';
    if (ctx.s.config.topology === 4 && dir.length === 2) return 'diagonal-not-allowed';
    const range = Math.max(1, Math.min(THROW_RANGE, Math.floor(use.distance ?? THROW_RANGE)));
    const flown = flight(ctx.s, p, dir, range);
    if (flown === 0) return 'no-room-to-throw';
    const [dx, dy] = DIRECTION_DELTA[dir];
    const x = p.x + dx * flown;
    const y = p.y + dy * flown;
    ctx.s.lures = [...ctx.s.lures, { x, y, turns: LURE_TURNS }];
    ctx.emit({ type: 'threw', who: ref(p), x, y, distance: flown });
    return null;
  },
  bomb: (ctx, p, use) => {
    const dir = use.dir ?? aimAtMonster(ctx, p, BOMB_RANGE);
    if (!dir) return 'no-target';
    if (ctx.s.config.topology === 4 && dir.length === 2) return 'diagonal-not-allowed';
    const [dx, dy] = DIRECTION_DELTA[dir];
    const range = Math.max(1, Math.min(BOMB_RANGE, Math.floor(use.distance ?? BOMB_RANGE)));
    // It flies until it strikes a monster (and bursts there) or would hit a wall or an ally (and bursts before it).
    let at = 0;
    for (let k = 1; k <= range; k++) {
      const bump = bumpAt(ctx.s, p.x + dx * k, p.y + dy * k);
      if (bump.kind === 'wall' || bump.kind === 'ally') break;
      at = k;
      if (bump.kind === 'monster') break;
    }
    if (at === 0) return 'no-room-to-throw';
    const x = p.x + dx * at;
    const y = p.y + dy * at;
    const caught = ctx.s.monsters.filter((m) => Math.max(Math.abs(m.x - x), Math.abs(m.y - y)) <= 1);
    ctx.emit({ type: 'exploded', who: ref(p), x, y, hit: caught.length });
    for (const m of caught) {
      ctx.hurtMonster(p, m, ctx.rng.int(BOMB_DAMAGE[0], BOMB_DAMAGE[1]), 'flash bomb');
      if (m.hp > 0) {
        m.stunned = Math.max(m.stunned, BOMB_STUN);
        ctx.emit({ type: 'stunned', who: { kind: 'monster', id: m.id, monster: m.kind, label: m.label }, turns: BOMB_STUN });
      }
    }
    return null;
  },
  map: (ctx, p) => {
    const { s } = ctx;
    const w = s.width;
    const explored = s.explored;
    let tiles = 0;
    for (let i = 0; i < s.tiles.length; i++) {
      const x = i % w;
      if (x === 0 || x === w - 1 || i < w || i >= s.tiles.length - w) continue;
      // Floor and the walls that bound it: the layout, as a map drawn from above.
      const open = s.tiles[i] !== Tile.Wall;
      const edge = !open && (s.tiles[i - 1] !== Tile.Wall || s.tiles[i + 1] !== Tile.Wall || s.tiles[i - w] !== Tile.Wall || s.tiles[i + w] !== Tile.Wall);
      if ((open || edge) && explored[i] === 0) {
        explored[i] = 1;
        tiles++;
      }
    }
    ctx.emit({ type: 'mapped', who: ref(p), tiles });
    return null;
  },
  teleport: (ctx, p) => {
    const to = teleportSpot(ctx.s, ctx.rng, p);
    if (to < 0) return 'no-room-to-throw';
    p.x = to % ctx.s.width;
    p.y = (to - p.x) / ctx.s.width;
    ctx.playersMoved();
    ctx.emit({ type: 'teleported', who: ref(p), x: p.x, y: p.y });
    return null;
  },
  equip: (ctx, p, use) => {
    const row = ITEMS[use.kind];
    if (row.slot === 'weapon') {
      const old = p.weapon;
      addToPack(p, use.kind, -1);
      addToPack(p, old, 1);
      p.weapon = use.kind as Player['weapon'];
    } else if (row.slot === 'armour') {
      const old = p.armour;
      addToPack(p, use.kind, -1);
      if (old) addToPack(p, old, 1);
      p.armour = use.kind as NonNullable<Player['armour']>;
    } else return 'nothing-to-use';
    ctx.emit({ type: 'equipped', who: ref(p), item: use.kind });
    return null;
  },
};

/** Tiles a thrown thing flies from the player in a direction before a wall or a creature (at most `range`). */
function flight(s: GameState, p: Player, dir: Direction, range: number): number {
  const [dx, dy] = DIRECTION_DELTA[dir];
  let flown = 0;
  for (let k = 1; k <= range; k++) {
    if (bumpAt(s, p.x + dx * k, p.y + dy * k).kind !== 'open') break;
    flown = k;
  }
  return flown;
}

const dirsOf = (s: GameState): readonly Direction[] => (s.config.topology === 4 ? DIRECTIONS.slice(0, 4) : DIRECTIONS);

/** The direction a lure flies farthest (ties in compass order); null when it can't leave the player's hand. */
export function longestFlight(s: GameState, p: Player): Direction | null {
  let best: Direction | null = null;
  let far = 0;
  for (const d of dirsOf(s)) {
    const n = flight(s, p, d, THROW_RANGE);
    if (n > far) [best, far] = [d, n];
  }
  return best;
}

/** The direction of the nearest monster in view on a straight, clear line within `range`; null when none. */
export function aimAtMonster(ctx: EffectContext, p: Player, range: number): Direction | null {
  const seen = ctx.visibleMonsters();
  let best: Direction | null = null;
  let near = Infinity;
  for (const d of dirsOf(ctx.s)) {
    const [dx, dy] = DIRECTION_DELTA[d];
    for (let k = 1; k <= range; k++) {
      const bump = bumpAt(ctx.s, p.x + dx * k, p.y + dy * k);
      if (bump.kind === 'wall' || bump.kind === 'ally') break;
      if (bump.kind === 'monster') {
        if (seen.has(bump.monster.id) && k < near) [best, near] = [d, k];
        break;
      }
    }
  }
  return best;
}

/** A free floor tile far from every monster and from the player (random tries, then the farthest free tile); -1 when none. */
function teleportSpot(s: GameState, rng: Rng, p: Player): number {
  const w = s.width;
  const taken = new Set<number>();
  for (const q of s.players) if (q.alive) taken.add(q.y * w + q.x);
  for (const m of s.monsters) taken.add(m.y * w + m.x);
  const far = (i: number): number => {
    const x = i % w;
    const y = (i - x) / w;
    let d = Math.max(Math.abs(x - p.x), Math.abs(y - p.y));
    for (const m of s.monsters) d = Math.min(d, Math.max(Math.abs(x - m.x), Math.abs(y - m.y)));
    return d;
  };
  for (let tries = 0; tries < 200; tries++) {
    const i = rng.int(0, s.tiles.length - 1);
    if (s.tiles[i] === Tile.Floor && !taken.has(i) && far(i) >= TELEPORT_MIN_DIST) return i;
  }
  let best = -1;
  let bestD = 0;
  for (let i = 0; i < s.tiles.length; i++) {
    if (s.tiles[i] !== Tile.Floor || taken.has(i)) continue;
    const d = far(i);
    if (d > bestD) [best, bestD] = [i, d];
  }
  return best;
}
