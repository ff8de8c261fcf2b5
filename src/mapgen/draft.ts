/** The map-in-progress that every generation step reads and writes, and the pipeline that runs the steps. */
import { MAX_SIDE, Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import { assertSolidBorder } from '../grid/flood.js';

/** A level being generated: tiles plus the spots later steps and the engine fill with the party, monsters and potions. */
export interface Draft {
  width: number;
  height: number;
  /** Tile codes, index y * width + x. */
  tiles: Uint8Array;
  /** Cell indices of maze dead ends (maze only). */
  deadEnds: number[];
  /** Index of the party's start tile (-1 until placed). */
  start: number;
  /** Index of the stairs tile (-1 until placed). */
  stairs: number;
  /** Distinct floor tiles near start for up to N players. */
  playerStarts: number[];
  /** Distinct floor tiles for monsters (never start, player starts or stairs). */
  monsterSpots: number[];
  /** Distinct floor tiles for potions (not overlapping monsters or players). */
  itemSpots: number[];
}

/**
 * One generation step. Steps may mutate and return the same draft (they all do, for speed):
 * treat the input as consumed and use the returned draft.
 */
export type Step = (draft: Draft, rng: Rng) => Draft;

/** Smallest side a draft may have: a wall border around at least one interior tile. */
export const MIN_DRAFT_SIDE = 3;

/** A draft of the given size made entirely of walls, with nothing placed. Throws for sizes outside 3..MAX_SIDE. */
export function emptyDraft(width: number, height: number): Draft {
  checkSide('width', width, MIN_DRAFT_SIDE);
  checkSide('height', height, MIN_DRAFT_SIDE);
  return {
    width,
    height,
    tiles: new Uint8Array(width * height), // Tile.Wall is 0
    deadEnds: [],
    start: -1,
    stairs: -1,
    playerStarts: [],
    monsterSpots: [],
    itemSpots: [],
  };
}

/** Throws a programmer error unless `value` is an integer in [min, MAX_SIDE]. */
export function checkSide(label: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min || value > MAX_SIDE) {
    throw new Error(`map ${label} must be an integer in [${min}, ${MAX_SIDE}], got ${value}`);
  }
}

/** Runs the steps in order, threading the draft and the one rng through them. */
export function runPipeline(draft: Draft, rng: Rng, steps: readonly Step[]): Draft {
  let d = draft;
  for (const step of steps) d = step(d, rng);
  return d;
}

/**
 * A step that carves a smaller map in the middle of the draft: `steps` run on a draft of width x height (at most the
 * draft's), whose tiles and dead ends are then set in the draft's centre; the rest stays wall. (The carving steps
 * only read and write tiles and dead ends.)
 */
export function inset(width: number, height: number, steps: readonly Step[]): Step {
  return (draft: Draft, rng: Rng): Draft => {
    const w = Math.min(width, draft.width);
    const h = Math.min(height, draft.height);
    const inner = runPipeline(emptyDraft(w, h), rng, steps);
    const ox = (draft.width - w) >> 1;
    const oy = (draft.height - h) >> 1;
    draft.tiles.fill(0);
    for (let y = 0; y < h; y++) draft.tiles.set(inner.tiles.subarray(y * w, y * w + w), (y + oy) * draft.width + ox);
    draft.deadEnds = inner.deadEnds.map((i) => (Math.floor(i / w) + oy) * draft.width + (i % w) + ox);
    return draft;
  };
}

/**
 * Debug/test drawing of a draft, one string per row: '#' wall, '.' floor, '>' stairs,
 * '@' start, 'p' other player starts, 'm' monster spot, '!' item spot.
 */
export function draftToAscii(draft: Draft, withSpots = true): string[] {
  const { width, height, tiles } = draft;
  const chars: string[] = new Array<string>(tiles.length);
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i];
    chars[i] = t === Tile.Wall ? '#' : t === Tile.Stairs ? '>' : '.';
  }
  if (withSpots) {
    for (const i of draft.itemSpots) chars[i] = '!';
    for (const i of draft.monsterSpots) chars[i] = 'm';
    for (const i of draft.playerStarts) chars[i] = 'p';
    if (draft.stairs >= 0) chars[draft.stairs] = '>';
    if (draft.start >= 0) chars[draft.start] = '@';
  }
  const rows: string[] = [];
  for (let y = 0; y < height; y++) rows.push(chars.slice(y * width, (y + 1) * width).join(''));
  return rows;
}

/**
 * Builds a draft from rows of '#' (wall), '>' (stairs), '@' (start) and anything else (floor); for tests and
 * hand-made maps. Throws unless the border is solid wall, as on every map.
 */
export function draftFromAscii(rows: readonly string[]): Draft {
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  const draft = emptyDraft(width, height);
  for (let y = 0; y < height; y++) {
    const row = rows[y] ?? '';
    if (row.length !== width) throw new Error(`draftFromAscii: row ${y} has length ${row.length}, expected ${width}`);
    for (let x = 0; x < width; x++) {
      const c = row[x];
      const i = y * width + x;
      if (c === '#') continue;
      draft.tiles[i] = c === '>' ? Tile.Stairs : Tile.Floor;
      if (c === '>') draft.stairs = i;
      if (c === '@') draft.start = i;
    }
  }
  assertSolidBorder(draft.tiles, width, height);
  return draft;
}
