/** Placement steps: start, reachability cull, stairs, and spots for players, monsters and items. */
import { Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import type { Draft, Step } from './draft.js';
import { bfs } from '../grid/flood.js';
import { int32Scratch, Slot, uint8Scratch } from '../grid/scratch.js';
import { Fov } from '../pathfinding/fov.js';

/** Share of reachable tiles, counted from the farthest, that may receive the stairs. */
const STAIRS_FARTHEST_SHARE = 0.1;
/** The stairs are never closer than this share of the greatest path distance from the start. */
const STAIRS_MIN_DISTANCE_SHARE = 0.6;
/** Random start draws before falling back to a counting scan. */
const START_TRIES = 64;
/** Random placement gives up after count * this many draws. */
const TRIES_PER_SPOT = 20;

/** Picks draft.start (a uniformly random floor tile) if not set. Throws if the draft has no floor. */
export const placeStart: Step = (draft: Draft, rng: Rng): Draft => {
  if (draft.start >= 0) return draft;
  const { width, height, tiles } = draft;
  const FLOOR = Tile.Floor;
  // Rejection sampling over the interior: a couple of draws on a real map instead of two full scans.
  for (let tries = 0; tries < START_TRIES; tries++) {
    const i = rng.int(1, height - 2) * width + rng.int(1, width - 2);
    if (tiles[i] === FLOOR) {
      draft.start = i;
      return draft;
    }
  }
  // Nearly solid rock: count the floor tiles and take a uniform one.
  let floors = 0;
  for (let i = 0; i < tiles.length; i++) if (tiles[i] === FLOOR) floors++;
  if (floors === 0) throw new Error('placeStart: the draft has no floor tile');
  let k = rng.int(0, floors - 1);
  for (let i = 0; i < tiles.length; i++) {
    if (tiles[i] === FLOOR && k-- === 0) {
      draft.start = i;
      break;
    }
  }
  return draft;
};

/** Reachability cull: every open tile not reachable (4-way) from draft.start becomes wall. Mutates and returns the draft. */
export const cullUnreachable: Step = (draft: Draft): Draft => {
  const { width, height, tiles } = draft;
  if (draft.start < 0) throw new Error('cullUnreachable: place the start first');
  const n = width * height;
  const dist = int32Scratch(Slot.A, n);
  bfs(tiles, width, height, draft.start, dist, int32Scratch(Slot.B, n));
  // Branch-free "unreached ? Wall (0) : keep": dist >>> 31 is 1 exactly for -1.
  for (let i = 0; i < n; i++) tiles[i] = tiles[i]! * (1 - (dist[i]! >>> 31));
  // Spots on culled tiles would be unreachable: drop them.
  const open = (i: number): boolean => tiles[i] !== Tile.Wall;
  draft.deadEnds = draft.deadEnds.filter(open);
  draft.playerStarts = draft.playerStarts.filter(open);
  draft.monsterSpots = draft.monsterSpots.filter(open);
  draft.itemSpots = draft.itemSpots.filter(open);
  if (draft.stairs >= 0 && !open(draft.stairs)) draft.stairs = -1;
  return draft;
};

/**
 * Puts the stairs on a reachable floor tile far from the start: chosen by rng among the farthest 10% of
 * reachable tiles by path distance, but never closer than 60% of the greatest distance. Only sets
 * draft.stairs (generateLevel marks the tile). Does nothing if the start is the only reachable tile.
 */
export const placeStairsFar: Step = (draft: Draft, rng: Rng): Draft => {
  const { width, height, tiles } = draft;
  if (draft.start < 0) throw new Error('placeStairsFar: place the start first');
  const n = width * height;
  const dist = int32Scratch(Slot.A, n);
  const order = int32Scratch(Slot.B, n);
  const reached = bfs(tiles, width, height, draft.start, dist, order);
  if (reached < 2) return draft;
  // BFS order is sorted by distance, so the farthest share is a suffix of it.
  const maxDist = dist[order[reached - 1]!]!;
  const share = Math.max(1, Math.ceil(STAIRS_FARTHEST_SHARE * (reached - 1)));
  const cutoff = Math.max(dist[order[reached - share]!]!, Math.ceil(STAIRS_MIN_DISTANCE_SHARE * maxDist), 1);
  let first = reached - 1;
  while (first > 1 && dist[order[first - 1]!]! >= cutoff) first--;
  draft.stairs = order[rng.int(first, reached - 1)]!;
  return draft;
};

/** Picks up to `count` distinct open tiles nearest the start (including start), in BFS order, skipping the stairs. */
export function placePlayerStarts(count: number): Step {
  checkCount('placePlayerStarts', count);
  return (draft: Draft): Draft => {
    const { width, height, tiles } = draft;
    if (draft.start < 0) throw new Error('placePlayerStarts: place the start first');
    const n = width * height;
    const order = int32Scratch(Slot.B, n);
    // Only the first count tiles (one more in case the stairs are among them) are needed: stop the BFS there.
    const reached = bfs(tiles, width, height, draft.start, int32Scratch(Slot.A, n), order, count + 1);
    const out: number[] = [];
    for (let k = 0; k < reached && out.length < count; k++) {
      const i = order[k]!;
      if (i !== draft.stairs) out.push(i);
    }
    draft.playerStarts = out;
    return draft;
  };
}

/**
 * Maze monsters: about half the dead ends (each kept with probability 0.5, then shuffled), capped at `cap`,
 * excluding start, player starts, stairs, spots already taken and, when `minDistFromStart` > 0, dead ends
 * within that many steps (Chebyshev) of the start. Appends to draft.monsterSpots.
 */
export function placeOnDeadEnds(cap: number, minDistFromStart = 0): Step {
  checkCount('placeOnDeadEnds', cap);
  return (draft: Draft, rng: Rng): Draft => {
    const taken = takenMask(draft);
    const farEnough = farFromStart(draft, minDistFromStart);
    const chosen: number[] = [];
    for (const i of draft.deadEnds) if (rng.chance(0.5)) chosen.push(i);
    rng.shuffle(chosen);
    let room = cap;
    for (const i of chosen) {
      if (room === 0) break;
      if (taken[i] !== 0 || draft.tiles[i] !== Tile.Floor || !farEnough(i)) continue;
      taken[i] = 1;
      draft.monsterSpots.push(i);
      room--;
    }
    return draft;
  };
}

/**
 * Cavern monsters: up to `count` random floor tiles, no two on one tile, not on start, player starts, stairs
 * or taken spots, and farther than `minDistFromStart` steps (Chebyshev) from the start. Gives up after
 * count * 20 draws, so a crowded map gets fewer. Appends to draft.monsterSpots.
 */
export function placeRandomly(count: number, minDistFromStart = 4): Step {
  checkCount('placeRandomly', count);
  return (draft: Draft, rng: Rng): Draft => {
    const farEnough = farFromStart(draft, minDistFromStart);
    draft.monsterSpots.push(...randomFreeFloor(draft, rng, count, farEnough));
    return draft;
  };
}

/** Potions: up to `count` random free floor tiles (not start, players, monsters, stairs or other items). Appends to draft.itemSpots. */
export function placeItems(count: number): Step {
  checkCount('placeItems', count);
  return (draft: Draft, rng: Rng): Draft => {
    draft.itemSpots.push(...randomFreeFloor(draft, rng, count, () => true));
    return draft;
  };
}

/** Up to `count` distinct untaken floor tiles passing `ok`, by rejection sampling over the interior (bounded draws). */
function randomFreeFloor(draft: Draft, rng: Rng, count: number, ok: (i: number) => boolean): number[] {
  const { width, height, tiles } = draft;
  const out: number[] = [];
  if (count === 0 || width < 3 || height < 3) return out;
  const taken = takenMask(draft);
  const tries = count * TRIES_PER_SPOT;
  for (let t = 0; t < tries && out.length < count; t++) {
    // The border is always wall, so draw interior coordinates only.
    const i = rng.int(1, height - 2) * width + rng.int(1, width - 2);
    if (tiles[i] !== Tile.Floor || taken[i] !== 0 || !ok(i)) continue;
    taken[i] = 1;
    out.push(i);
  }
  return out;
}

/** A test for "farther than minDist steps (Chebyshev) from the start" (always true without a start). */
function farFromStart(draft: Draft, minDist: number): (i: number) => boolean {
  const { width, start } = draft;
  if (start < 0 || minDist <= 0) return () => true;
  const sx = start % width;
  const sy = (start - sx) / width;
  return (i: number): boolean => {
    const x = i % width;
    const y = (i - x) / width;
    return Math.max(Math.abs(x - sx), Math.abs(y - sy)) > minDist;
  };
}

/** 1 on every tile already used by the start, players, stairs, monsters or items. */
function takenMask(draft: Draft): Uint8Array {
  const taken = uint8Scratch(Slot.A, draft.width * draft.height).fill(0);
  if (draft.start >= 0) taken[draft.start] = 1;
  if (draft.stairs >= 0) taken[draft.stairs] = 1;
  for (const i of draft.playerStarts) taken[i] = 1;
  for (const i of draft.monsterSpots) taken[i] = 1;
  for (const i of draft.itemSpots) taken[i] = 1;
  return taken;
}

function checkCount(step: string, count: number): void {
  if (!Number.isInteger(count) || count < 0) throw new Error(`${step}: count must be a non-negative integer, got ${count}`);
}

/** How far (tiles, as the default sight radius) the stairs and the start "see" when monsters are kept out of sight. */
export const PLACEMENT_SIGHT = 8;

/** How a kind spreads its monsters; every field optional (plain random spread). */
export interface MonsterSpread {
  /** Fill dead ends first (mazes): monsters wait at the end of side passages. */
  deadEndsFirst?: boolean;
  /** Place in packs of this many (min, max) around a leader; leaders keep `packGap` apart (caverns). */
  pack?: readonly [number, number];
  /** Least Chebyshev distance between two pack leaders. */
  packGap?: number;
}

/**
 * Monsters, exactly `count` of them whenever the map has that many free floor tiles (never silently fewer). Each
 * pick comes from the first tier that still has room: (maze) dead ends far from the start; tiles far from the start
 * and out of sight of both the start and the stairs; tiles far from the start; then any free floor. "Far" is more
 * than `minDistFromStart` steps (Chebyshev). With `pack`, leaders are drawn from the second tier and their packmates
 * fill the nearest free tiles of the same tier around them. Appends to draft.monsterSpots.
 */
export function placeMonsters(count: number, minDistFromStart: number, spread: MonsterSpread = {}): Step {
  checkCount('placeMonsters', count);
  return (draft: Draft, rng: Rng): Draft => {
    if (count === 0) return draft;
    const { width, height, tiles } = draft;
    const n = width * height;
    const taken = takenMask(draft).slice();
    const far = farFromStart(draft, minDistFromStart);
    const fov = new Fov(width, height);
    const seen = new Uint8Array(n);
    for (const at of [draft.start, draft.stairs]) if (at >= 0) fov.compute(tiles, at % width, Math.floor(at / width), PLACEMENT_SIGHT, seen);
    const free = (i: number): boolean => tiles[i] === Tile.Floor && taken[i] === 0;
    const hidden = (i: number): boolean => free(i) && far(i) && seen[i] === 0;
    const out = draft.monsterSpots;
    let left = count;
    const take = (i: number): void => {
      taken[i] = 1;
      out.push(i);
      left--;
    };
    if (spread.deadEndsFirst) for (const i of rng.shuffle(draft.deadEnds.slice())) if (left > 0 && free(i) && far(i)) take(i);
    if (spread.pack && left > 0) placePacks(draft, rng, spread.pack, spread.packGap ?? 2 * PLACEMENT_SIGHT, hidden, take, () => left);
    for (const ok of [hidden, (i: number) => free(i) && far(i), free]) {
      if (left === 0) break;
      const pool: number[] = [];
      for (let i = 0; i < n; i++) if (ok(i)) pool.push(i);
      // A partial Fisher-Yates: the first `left` picks of a shuffle.
      for (let k = 0; k < pool.length && left > 0; k++) {
        const j = rng.int(k, pool.length - 1);
        const pick = pool[j]!;
        pool[j] = pool[k]!;
        take(pick);
      }
    }
    return draft;
  };
}

/** Packs: a leader on a random `ok` tile at least `gap` from other leaders, then packmates on the nearest `ok` tiles (BFS). */
function placePacks(draft: Draft, rng: Rng, [min, max]: readonly [number, number], gap: number, ok: (i: number) => boolean, take: (i: number) => void, left: () => number): void {
  const { width, height, tiles } = draft;
  const n = width * height;
  const leaders: number[] = [];
  const pool: number[] = [];
  for (let i = 0; i < n; i++) if (ok(i)) pool.push(i);
  rng.shuffle(pool);
  const dist = new Int32Array(n);
  const order = new Int32Array(n);
  for (const lead of pool) {
    if (left() === 0) return;
    if (!ok(lead) || leaders.some((l) => chebyshevDistance(width, l, lead) < gap)) continue;
    leaders.push(lead);
    let size = Math.min(left(), rng.int(min, max));
    // The nearest tiles first: a pack stands together. Only a small neighbourhood is searched.
    const reached = bfs(tiles, width, height, lead, dist, order, 6 * max + 1);
    for (let k = 0; k < reached && size > 0; k++) {
      const i = order[k]!;
      if (!ok(i)) continue;
      take(i);
      size--;
    }
  }
}

function chebyshevDistance(width: number, a: number, b: number): number {
  const ax = a % width;
  const bx = b % width;
  return Math.max(Math.abs(ax - bx), Math.abs((a - ax) / width - (b - bx) / width));
}
