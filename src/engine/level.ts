/** Builds a level into a game state: map from the generator pipeline, monsters from the spawn table, potions. */
import { generateLevel } from '../mapgen/index.js';
import { MaskBytes, TileBytes } from './bytes.js';
import { MONSTERS, rollMonsterKind } from './monsters.js';
import type { Rng } from '../grid/rng.js';
import type { Difficulty, GameConfig, GameState, Monster } from './types.js';

const DENSITY: Record<Difficulty, number> = { easy: 0.6, normal: 1, hard: 1.5 };
const CAP: Record<Difficulty, number> = { easy: 20, normal: 40, hard: 70 };

/** Monsters on a level: about one per 120 tiles at normal difficulty, 10% more per depth, capped by difficulty. */
export function monsterCount(config: GameConfig, depth: number): number {
  const area = config.width * config.height;
  const n = Math.round((area / 120) * DENSITY[config.difficulty] * (1 + 0.1 * (depth - 1)));
  return Math.max(2, Math.min(CAP[config.difficulty], n));
}

/** Potions on a level: about one per 350 tiles, at least 2. */
export function potionCount(config: GameConfig): number {
  return Math.max(2, Math.round((config.width * config.height) / 350));
}

/** Creates a monster of a kind at a tile. */
export function spawnMonster(id: number, kind: Monster['kind'], x: number, y: number): Monster {
  return { id, kind, x, y, hp: MONSTERS[kind].hp, weapon: 0, state: 'wander', lastSeen: -1 };
}

/**
 * Generates level `depth` into a draft state (mutates it): new tiles, fog cleared, monsters and potions,
 * and every player (living or a corpse) moved to a distinct start tile.
 */
export function enterLevel(state: GameState, rng: Rng, depth: number): void {
  const config = state.config;
  const draft = generateLevel(
    {
      width: config.width,
      height: config.height,
      kind: config.mapKind,
      players: config.maxPlayers,
      monsters: monsterCount(config, depth),
      items: potionCount(config),
    },
    rng,
  );
  const w = config.width;
  state.depth = depth;
  state.width = w;
  state.height = config.height;
  const tiles = new TileBytes(draft.tiles.length);
  tiles.set(draft.tiles);
  state.tiles = tiles;
  state.entrance = draft.start;
  state.explored = new MaskBytes(draft.tiles.length);
  let nextId = state.nextId;
  state.monsters = draft.monsterSpots.map((i) => spawnMonster(nextId++, rollMonsterKind(rng, depth), i % w, Math.floor(i / w)));
  state.items = draft.itemSpots.map((i) => ({ id: nextId++, kind: 'potion' as const, x: i % w, y: Math.floor(i / w) }));
  state.nextId = nextId;
  state.players.forEach((p, n) => {
    const at = draft.playerStarts[n] ?? draft.start;
    p.x = at % w;
    p.y = Math.floor(at / w);
  });
}
