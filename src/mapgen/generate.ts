/** The map kinds as a keyed table of generator pipelines, behind one entry point. */
import { MIN_HEIGHT, MIN_WIDTH, Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import { addRooms, braid, sparsify } from './braid.js';
import { cellularCavern, keepLargestRegion, narrowNecks } from './cavern.js';
import { checkSide, emptyDraft, inset, runPipeline, type Draft, type Step } from './draft.js';
import { huntAndKill } from './hunt-and-kill.js';
import { roomsAndCorridors } from './rooms.js';
import {
  cullUnreachable,
  placeItems,
  placeMonsters,
  placePlayerStarts,
  placeStairsFar,
  placeStart,
} from './placement.js';

/** One map kind: what it looks like, and the steps that carve it (placement follows, the same for every kind). */
export interface MapKindRule {
  /** One line for help and settings. */
  describe: string;
  /** Monster count multiplier of the formula (engine/level.ts monsterCount): how many monsters this shape holds fairly. */
  density: number;
  /** Extra monsters per living player beyond the first, as a share of the solo count. */
  partyStep: number;
  /** The generator steps for a spec: they carve the tiles (and may record dead ends). */
  carve(spec: LevelSpec): Step[];
  /** How monsters are spread: maze dead ends first, cavern packs, rooms. */
  monsters(spec: LevelSpec): Step;
}

const KIND_TABLE = {
  maze: {
    describe: 'maze: winding one-tile corridors with a few small rooms; monsters wait in dead ends',
    // One at a time down a corridor: a maze holds more monsters fairly than open ground.
    density: 2.5,
    // Four players can't fight side by side in a corridor: each adds less strength than in the open
    // (party of 4 on normal wins ~52% at 200 seeds, README Figures).
    partyStep: 0.6,
    carve: (spec) => {
      // About one room per 300 tiles: 80x40 gets 11, 200x200 gets 133 (a rules version may braid more, add more rooms).
      const shape = spec.maze ?? { braid: 0.5, roomTiles: 300, sparsify: 0 };
      // A rules version may carve the maze smaller than the map, in its middle (scale: each side's share).
      const scale = shape.scale ?? 1;
      const width = scale < 1 ? Math.max(MIN_WIDTH, Math.round(spec.width * scale)) : spec.width;
      const height = scale < 1 ? Math.max(MIN_HEIGHT, Math.round(spec.height * scale)) : spec.height;
      const rooms = Math.max(1, Math.round((width * height) / shape.roomTiles));
      // Walling back dead ends comes after the rooms (a room carved on walled-back cells would stand alone).
      const steps = shape.sparsify > 0 ? [huntAndKill, addRooms(rooms), sparsify(shape.sparsify), braid(shape.braid)] : [huntAndKill, braid(shape.braid), addRooms(rooms)];
      return scale < 1 ? [inset(width, height, steps)] : steps;
    },
    monsters: (spec) => placeMonsters(spec.monsters, MONSTER_MIN_DIST, { deadEndsFirst: true }),
  },
  cavern: {
    describe: 'cavern: open caves joined by narrow necks to hold; monsters roam in packs away from the start',
    // Open ground lets several monsters reach a player at once: fewer of them.
    density: 0.75,
    // Four players surround what they meet in the open: each extra player nearly doubles the solo count
    // (party of 4 on normal wins ~48% at 200 seeds, README Figures).
    partyStep: 0.95,
    carve: () => [cellularCavern(), keepLargestRegion, narrowNecks],
    monsters: (spec) => placeMonsters(spec.monsters, MONSTER_MIN_DIST, { pack: [2, 3], packGap: 12 }),
  },
  rooms: {
    describe: 'rooms: rooms joined by corridors through doorways',
    density: 1.05,
    // Rooms let a party fight side by side, corridors don't: between maze and cavern (~54% for 4 on normal).
    partyStep: 0.5,
    carve: () => [roomsAndCorridors()],
    monsters: (spec) => placeMonsters(spec.monsters, MONSTER_MIN_DIST),
  },
} as const satisfies Record<string, MapKindRule>;

/** The map kinds: one row each, keyed by name. Every list of kinds (schemas, options, the seed rule) derives from it. */
export type MapKind = keyof typeof KIND_TABLE;
export const MAP_KIND_RULES: Readonly<Record<MapKind, MapKindRule>> = KIND_TABLE;
export const MAP_KINDS = Object.keys(KIND_TABLE) as [MapKind, ...MapKind[]];
/** A map kind a player may choose: any kind, or 'random' (decided by the seed). */
export const MAP_CHOICES = [...MAP_KINDS, 'random'] as [MapKind | 'random', ...(MapKind | 'random')[]];
export type MapChoice = MapKind | 'random';

/** True for a map kind's name. */
export function isMapKind(value: unknown): value is MapKind {
  return typeof value === 'string' && Object.hasOwn(KIND_TABLE, value);
}

/**
 * The kind a seed picks among `kinds` (the game's rules version's map kinds, engine/rules.ts): a mix of the seed's bits
 * picks a row, so the same seed and list always give the same kind.
 */
export function kindBySeed(seed: number, kinds: readonly [MapKind, ...MapKind[]]): MapKind {
  // murmur3's finaliser: neighbouring seeds (1, 2, 3...) land on unrelated values, then scale onto the rows.
  let h = seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  return kinds[Math.floor((h / 0x100000000) * kinds.length)] ?? kinds[0];
}

/** What level to build: size, generator and how many spots of each kind. */
export interface LevelSpec {
  width: number;
  height: number;
  kind: MapKind;
  players: number;
  monsters: number;
  items: number;
  /**
   * A maze's braid fraction, tiles per room and share of its floor walled back from dead ends (the rules version's;
   * left out: braid 0.5, a room per 300 tiles, no dead end shortened).
   */
  maze?: { braid: number; roomTiles: number; sparsify: number; scale?: number };
}

/** Monsters start farther than this many steps (Chebyshev) from the party's start tile. */
export const MONSTER_MIN_DIST = 4;

/** Writes Tile.Stairs at draft.stairs (if placed). Mutates and returns the draft. */
export const markStairs: Step = (draft: Draft): Draft => {
  if (draft.stairs >= 0) draft.tiles[draft.stairs] = Tile.Stairs;
  return draft;
};

/** The step list for a spec: the kind's generator, then placement, then marking the stairs. */
export function levelSteps(spec: LevelSpec): Step[] {
  const rule = MAP_KIND_RULES[spec.kind];
  const place: Step[] = [placeStart, cullUnreachable, placeStairsFar, placePlayerStarts(spec.players)];
  return [...rule.carve(spec), ...place, rule.monsters(spec), placeItems(spec.items), markStairs];
}

/**
 * Builds a level: the kind's generator (MAP_KIND_RULES), placeStart, cullUnreachable, placeStairsFar,
 * placePlayerStarts, the kind's monster placement, placeItems, then the stairs tile. Monsters spawn farther than
 * MONSTER_MIN_DIST from the start. Throws for an invalid spec (a programmer error).
 */
export function generateLevel(spec: LevelSpec, rng: Rng): Draft {
  checkSpec(spec);
  return runPipeline(emptyDraft(spec.width, spec.height), rng, levelSteps(spec));
}

function checkSpec(spec: LevelSpec): void {
  checkSide('width', spec.width, MIN_WIDTH);
  checkSide('height', spec.height, MIN_HEIGHT);
  if (!isMapKind(spec.kind)) throw new Error(`level kind must be one of ${MAP_KINDS.join(', ')}, got ${String(spec.kind)}`);
  if (!Number.isInteger(spec.players) || spec.players < 1) throw new Error(`level players must be a positive integer, got ${spec.players}`);
  for (const key of ['monsters', 'items'] as const) {
    const v = spec[key];
    if (!Number.isInteger(v) || v < 0) throw new Error(`level ${key} must be a non-negative integer, got ${v}`);
  }
}
