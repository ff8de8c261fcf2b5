/** The two standard level pipelines (maze and cavern) behind one entry point. */
import { MIN_HEIGHT, MIN_WIDTH, Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import { addRooms, braid } from './braid.js';
import { cellularCavern, keepLargestRegion } from './cavern.js';
import { checkSide, emptyDraft, runPipeline, type Draft, type Step } from './draft.js';
import { huntAndKill } from './hunt-and-kill.js';
import {
  cullUnreachable,
  placeItems,
  placeOnDeadEnds,
  placePlayerStarts,
  placeRandomly,
  placeStairsFar,
  placeStart,
} from './placement.js';

/** The map generators, one entry per kind (the schema's enum and the options derive from it). */
export const MAP_KINDS = ['maze', 'cavern'] as const;
export type MapKind = (typeof MAP_KINDS)[number];

/** What level to build: size, generator and how many spots of each kind. */
export interface LevelSpec {
  width: number;
  height: number;
  kind: MapKind;
  players: number;
  monsters: number;
  items: number;
}

/** Monsters start farther than this many steps (Chebyshev) from the party's start tile. */
export const MONSTER_MIN_DIST = 4;

/** Writes Tile.Stairs at draft.stairs (if placed). Mutates and returns the draft. */
export const markStairs: Step = (draft: Draft): Draft => {
  if (draft.stairs >= 0) draft.tiles[draft.stairs] = Tile.Stairs;
  return draft;
};

/** The step list for a spec: the generator, then placement, then marking the stairs. */
export function levelSteps(spec: LevelSpec): Step[] {
  const place: Step[] = [placeStart, cullUnreachable, placeStairsFar, placePlayerStarts(spec.players)];
  if (spec.kind === 'maze') {
    // About one room per 300 tiles: 80x40 gets 11, 200x200 gets 133.
    const rooms = Math.max(1, Math.round((spec.width * spec.height) / 300));
    // Monsters keep the same distance from the party's start as in caverns, so nobody spawns next to one.
    return [huntAndKill, braid(0.5), addRooms(rooms), ...place, placeOnDeadEnds(spec.monsters, MONSTER_MIN_DIST), placeItems(spec.items), markStairs];
  }
  return [cellularCavern(), keepLargestRegion, ...place, placeRandomly(spec.monsters, MONSTER_MIN_DIST), placeItems(spec.items), markStairs];
}

/**
 * The two standard pipelines: maze = huntAndKill, braid(0.5), addRooms(~area/300), placeStart, cullUnreachable,
 * placeStairsFar, placePlayerStarts, placeOnDeadEnds(monsters), placeItems; cavern = cellularCavern,
 * keepLargestRegion, placeStart, cullUnreachable, placeStairsFar, placePlayerStarts, placeRandomly(monsters),
 * placeItems. Monsters spawn farther than MONSTER_MIN_DIST from the start. Tiles at stairs set to Tile.Stairs.
 * Throws for an invalid spec (a programmer error).
 */
export function generateLevel(spec: LevelSpec, rng: Rng): Draft {
  checkSpec(spec);
  return runPipeline(emptyDraft(spec.width, spec.height), rng, levelSteps(spec));
}

function checkSpec(spec: LevelSpec): void {
  checkSide('width', spec.width, MIN_WIDTH);
  checkSide('height', spec.height, MIN_HEIGHT);
  if (spec.kind !== 'maze' && spec.kind !== 'cavern') throw new Error(`level kind must be 'maze' or 'cavern', got ${String(spec.kind)}`);
  if (!Number.isInteger(spec.players) || spec.players < 1) throw new Error(`level players must be a positive integer, got ${spec.players}`);
  for (const key of ['monsters', 'items'] as const) {
    const v = spec[key];
    if (!Number.isInteger(v) || v < 0) throw new Error(`level ${key} must be a non-negative integer, got ${v}`);
  }
}
