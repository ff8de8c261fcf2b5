/** Builds a level into a game state: map from the generator pipeline, monsters from the spawn table, potions and lures. */
import { generateLevel, MAP_KIND_RULES } from '../mapgen/index.js';
import { MONSTER_MIN_DIST } from '../mapgen/generate.js';
import { Rng } from '../grid/rng.js';
import { Tile } from '../grid/tiles.js';
import { MaskBytes, TileBytes } from './bytes.js';
import { PARTY_HP_STEP } from './difficulty.js';
import { MONSTERS, rollMonsterKind } from './monsters.js';
import { rulesFor, type MazeRule } from './rules.js';
import { placeGuardian } from './boss.js';
import { rollItemKind } from './items.js';
import type { GameConfig, GameState, Monster, MonsterKind } from './types.js';

/** Solo monster density at normal difficulty: one per this many tiles on depth 1. */
const TILES_PER_MONSTER = 200;
/** Most monsters a level may hold. */
const MAX_MONSTERS = 80;

/**
 * Monsters on a level: one per 200 tiles for a solo player, times the difficulty's and the map kind's multipliers
 * (MAP_KIND_RULES density), more per extra player and per depth. Every kind's placement holds exactly this many.
 */
export function monsterCount(config: GameConfig, depth: number, players = 1): number {
  const area = config.width * config.height;
  const rule = MAP_KIND_RULES[config.mapKind];
  const rules = rulesFor(config.rules);
  const party = 1 + (rules.party ? rules.party.step[config.mapKind] : rule.partyStep) * Math.max(0, players - 1);
  // A maze carved smaller than the map (scale) holds as many monsters per tile as a whole one.
  const density = (config.mapKind === 'maze' && rules.maze ? rules.maze.density * (rules.maze.scale ?? 1) ** 2 : rule.density) * (rules.density?.[config.mapKind] ?? 1);
  const n = Math.round((area / TILES_PER_MONSTER) * rules.difficulty[config.difficulty].count * density * party * (1 + rules.depth.count * (depth - 1)));
  return Math.max(2, Math.min(MAX_MONSTERS, n));
}

/** The maze generator's shape from a rules version's maze rule (its monster density is the level's business). */
function mazeShape(m: MazeRule): { braid: number; roomTiles: number; sparsify: number; scale?: number } {
  return { braid: m.braid, roomTiles: m.roomTiles, sparsify: m.sparsify, ...(m.scale !== undefined ? { scale: m.scale } : {}) };
}

/** Max hp of a monster of a kind, scaled by difficulty, depth and party size. */
export function monsterHp(config: GameConfig, kind: MonsterKind, depth: number, players = 1): number {
  const rules = rulesFor(config.rules);
  const scale = rules.difficulty[config.difficulty].hp * (1 + rules.depth.hp * (depth - 1)) * (1 + (rules.party?.hp ?? PARTY_HP_STEP) * Math.max(0, players - 1));
  return Math.max(1, Math.round(MONSTERS[kind].hp * scale));
}

/**
 * Potions on a level: about one per 450 tiles (scaled by difficulty and, under a rules version with a party rule, by
 * the living players), at least 1; plus one lure per 900 tiles, at least 1.
 */
export function itemCounts(config: GameConfig, players = 1): { potions: number; lures: number } {
  const area = config.width * config.height;
  const rules = rulesFor(config.rules);
  const party = 1 + (rules.party?.potions ?? 0) * Math.max(0, players - 1);
  return { potions: Math.max(1, Math.round((area / 450) * rules.difficulty[config.difficulty].potions * party)), lures: Math.max(1, Math.round(area / 900)) };
}

/** Labels A..Z, then AA, AB, ... */
export function labelFor(n: number): string {
  const letter = String.fromCharCode(65 + (n % 26));
  return n < 26 ? letter : labelFor(Math.floor(n / 26) - 1) + letter;
}

/** Creates a monster of a kind at a tile, with the next free label of its kind. */
export function spawnMonster(id: number, kind: MonsterKind, x: number, y: number, maxHp = MONSTERS[kind].hp, power = 0, label = 'A'): Monster {
  return { id, kind, label, maxHp, power, x, y, hp: maxHp, weapon: 0, state: 'wander', lastSeen: -1, stunned: 0 };
}

/**
 * Generates level `depth` into a draft state (mutates it): new tiles, fog cleared, monsters (scaled for the living
 * players), potions and lures, and every player (living or a corpse) moved to a distinct start tile.
 */
export function enterLevel(state: GameState, rng: Rng, depth: number): void {
  const config = state.config;
  const living = Math.max(1, state.players.filter((p) => p.alive).length);
  const items = itemCounts(config, living);
  const maze = rulesFor(config.rules).maze;
  const draft = generateLevel(
    {
      width: config.width,
      height: config.height,
      kind: config.mapKind,
      players: config.maxPlayers,
      monsters: monsterCount(config, depth, living),
      items: items.potions + items.lures,
      ...(maze ? { maze: mazeShape(maze) } : {}),
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
  const perKind = new Map<MonsterKind, number>();
  const rules = rulesFor(config.rules);
  const power = rules.difficulty[config.difficulty].attack + Math.floor(rules.depth.power * (depth - 1));
  // A pack kind (the wolves) takes the spots after its own for its packmates, who go on the nearest free floor
  // around it: the level holds exactly monsterCount monsters, and a version without pack kinds rolls as before.
  const spots = draft.monsterSpots;
  const taken = new Set<number>([...spots, ...draft.playerStarts, draft.start]);
  const monsters: Monster[] = [];
  const add = (kind: MonsterKind, i: number): void => {
    const n = perKind.get(kind) ?? 0;
    perKind.set(kind, n + 1);
    monsters.push(spawnMonster(nextId++, kind, i % w, Math.floor(i / w), monsterHp(config, kind, depth, living), power, labelFor(n)));
  };
  for (let k = 0; k < spots.length; k++) {
    const kind = rollMonsterKind(rng, depth, rules.monsters);
    const leader = spots[k]!;
    add(kind, leader);
    for (let more = Math.min((MONSTERS[kind].pack ?? 1) - 1, spots.length - 1 - k); more > 0; more--) {
      k++;
      const near = packSpot(draft.tiles, w, leader, taken, draft.start);
      if (near >= 0) {
        taken.delete(spots[k]!);
        taken.add(near);
      }
      add(kind, near >= 0 ? near : spots[k]!);
    }
  }
  state.monsters = monsters;
  // Potions first (their count follows the difficulty), then kinds rolled from the item table for the depth. The
  // kinds come from their own stream (seed and depth), so adding item rows never shifts the game's main RNG.
  const itemRng = Rng.fromSeed((config.seed ^ Math.imul(depth, 0x9e3779b1)) >>> 0);
  state.items = draft.itemSpots.map((i, n) => ({ id: nextId++, kind: n < items.potions ? 'potion' : rollItemKind(itemRng, depth, rules.items), x: i % w, y: Math.floor(i / w) }));
  if (depth >= config.maxDepth) nextId = placeGuardian(state, draft.tiles, draft.playerStarts, nextId, rules.boss, monsterHp(config, rules.boss, depth, living), power);
  state.lures = [];
  state.nextId = nextId;
  state.players.forEach((p, n) => {
    const at = draft.playerStarts[n] ?? draft.start;
    p.x = at % w;
    p.y = Math.floor(at / w);
  });
}

/** Pack members spawn at most this many steps from the one rolled. */
const PACK_SPREAD = 3;

/**
 * A free floor tile for a packmate: the nearest (breadth first) within PACK_SPREAD steps of `from` that no monster,
 * player start or stairs takes and that keeps farther than MONSTER_MIN_DIST (Chebyshev) from the start; -1 if none.
 */
function packSpot(tiles: Uint8Array, w: number, from: number, taken: ReadonlySet<number>, start: number): number {
  const dist = new Map<number, number>([[from, 0]]);
  const queue = [from];
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k]!;
    const d = dist.get(i)!;
    if (d >= PACK_SPREAD) continue;
    for (const n of [i - w, i + 1, i + w, i - 1]) {
      if (dist.has(n) || n < 0 || n >= tiles.length || tiles[n] === Tile.Wall) continue;
      dist.set(n, d + 1);
      queue.push(n);
      const far = Math.max(Math.abs((n % w) - (start % w)), Math.abs(Math.floor(n / w) - Math.floor(start / w))) > MONSTER_MIN_DIST;
      if (tiles[n] === Tile.Floor && !taken.has(n) && far) return n;
    }
  }
  return -1;
}

/** Monsters added for a joiner keep at least this Chebyshev distance from every living player. */
const REINFORCE_MIN_DIST = 7;

/**
 * Stocks the current level for one more living player (mutates the draft): adds the monsters a level made for the
 * bigger party would have had beyond the current count, on random free floor out of every player's sight and far
 * from them. `seen(i)` says whether some player sees tile i now.
 */
export function reinforce(state: GameState, rng: Rng, living: number, seen: (i: number) => boolean): void {
  const config = state.config;
  const extra = monsterCount(config, state.depth, living) - monsterCount(config, state.depth, living - 1);
  const w = state.width;
  const rules = rulesFor(config.rules);
  const power = rules.difficulty[config.difficulty].attack + Math.floor(rules.depth.power * (state.depth - 1));
  const taken = new Set<number>();
  for (const m of state.monsters) taken.add(m.y * w + m.x);
  for (const it of state.items) taken.add(it.y * w + it.x);
  for (let k = 0, tries = 0; k < extra && tries < 200 * (extra + 1); tries++) {
    const i = rng.int(0, state.tiles.length - 1);
    if (state.tiles[i] !== Tile.Floor || taken.has(i) || seen(i)) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (state.players.some((p) => p.alive && Math.max(Math.abs(p.x - x), Math.abs(p.y - y)) < REINFORCE_MIN_DIST)) continue;
    const kind = rollMonsterKind(rng, state.depth, rules.monsters);
    const n = state.monsters.filter((m) => m.kind === kind).length;
    state.monsters.push(spawnMonster(state.nextId++, kind, x, y, monsterHp(config, kind, state.depth, living), power, nextLabel(state.monsters, kind, n)));
    taken.add(i);
    k++;
  }
}

/** The first label of a kind not used by a monster on the level (labels stay unique and never change). */
export function nextLabel(monsters: readonly Monster[], kind: MonsterKind, from: number): string {
  const used = new Set(monsters.filter((m) => m.kind === kind).map((m) => m.label));
  let n = from;
  while (used.has(labelFor(n))) n++;
  return labelFor(n);
}
