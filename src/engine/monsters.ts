/**
 * The monster table: one entry per kind holds its stats, weapons, spawn weights, experience and pack habits. The
 * kind list, the state schema's enum and the spawn table all derive from it, so a new kind is one new entry.
 */
import type { Rng } from '../grid/rng.js';
import { rollWeighted, weightsAt, type SpawnRule } from './spawn.js';
import type { Art, Tactics, Weapon } from './types.js';

export interface MonsterStats {
  name: string;
  /** How it looks in every render style. */
  art: Art;
  /** Its line in the map's legend. */
  legend: string;
  /** What a player learns about it (help and the In sight list). */
  habit: string;
  hp: number;
  /** At or below this fraction of its max hp a monster is bloodied (tactics may flee or go berserk). */
  bloodied: number;
  attack: number;
  defence: number;
  tactics: Tactics;
  /** weapons[0] is carried at spawn; tactics switch to the others (see ai.ts). */
  weapons: readonly Weapon[];
  /** Spawn weight on depth `from` and the change per depth below it (never below 0; 0 above `from`). */
  spawn: SpawnRule;
  /** Experience a player earns for the kill. */
  xp: number;
  /** Whether it shouts to alert its pack when it spots the party. */
  shouts: boolean;
  /** Acts every `every` monster phases (2: slow). */
  every: number;
  /** The last depth's guardian: placed by the stairs, never rolled. */
  boss: boolean;
  /** Spawns with this many of its kind in all (itself included), on the nearest free floor: a pack. */
  pack?: number;
  /**
   * A blade's blow that leaves it with at least SPLIT_MIN hp splits half of what is left into a new one beside it
   * (a bomb or an ability never does): struck in the open it multiplies, in a corridor only one can reach you.
   */
  splits?: boolean;
  /**
   * Blows it takes at half damage (rounded down, at least 1): the names of the player weapons that glance off it (a
   * skeleton's bones turn blades). Anything else (a heavy weapon, a bomb, the fighter's cleave) hurts it whole.
   */
  resists?: readonly string[];
  /** Hp it regains each monster phase while it hides out of every player's sight (fleeing); without, the usual slow recovery. */
  regen?: number;
  /** A fleeing one comes back once healed to this fraction of its max hp (without: RETURN_FRACTION). */
  returnAt?: number;
}

/** A splitting monster splits only while it has at least this much hp left after the blow. */
export const SPLIT_MIN = 4;

const never = { base: 0, perDepth: 0, from: 99 } as const;

const TABLE = {
  goblin: {
    name: 'goblin',
    art: { emoji: '👺', ascii: 'g', tile: 'goblin' },
    legend: 'goblin',
    habit: 'weak; flees when hurt, shouts for its pack',
    hp: 6,
    bloodied: 0.34,
    attack: 2,
    defence: 0,
    tactics: 'minion',
    weapons: [{ name: 'rusty dagger', verb: 'stabs', reach: 1, damage: [1, 3], toHit: 0 }],
    spawn: { base: 70, perDepth: -12, from: 1 },
    xp: 2,
    shouts: true,
    every: 1,
    boss: false,
  },
  bat: {
    name: 'bat',
    art: { emoji: '🦇', ascii: 'b', tile: 'bat' },
    legend: 'bat',
    habit: 'flies erratically: half its moves go anywhere',
    hp: 5,
    bloodied: 0.2,
    attack: 3,
    defence: 2,
    tactics: 'erratic',
    weapons: [{ name: 'fangs', verb: 'bites', reach: 1, damage: [1, 3], toHit: 1 }],
    spawn: { base: 20, perDepth: 0, from: 1 },
    xp: 2,
    shouts: false,
    every: 1,
    boss: false,
  },
  orc: {
    name: 'orc',
    art: { emoji: '🐗', ascii: 'o', tile: 'orc' },
    legend: 'orc',
    habit: 'spear from 2 tiles, a knife up close',
    hp: 10,
    bloodied: 0.34,
    attack: 3,
    defence: 1,
    tactics: 'skirmisher',
    weapons: [
      { name: 'spear', verb: 'thrusts its spear at', reach: 2, damage: [2, 4], toHit: 0 },
      { name: 'knife', verb: 'slashes', reach: 1, damage: [1, 5], toHit: 1 },
    ],
    spawn: { base: 25, perDepth: 5, from: 1 },
    xp: 4,
    shouts: true,
    every: 1,
    boss: false,
  },
  archer: {
    name: 'goblin archer',
    art: { emoji: '🏹', ascii: 'a', tile: 'archer' },
    legend: 'archer',
    habit: 'shoots from afar along a clear line, less surely the farther; steps back from a blade next to it',
    hp: 7,
    bloodied: 0.34,
    attack: 3,
    defence: 0,
    tactics: 'archer',
    weapons: [
      { name: 'shortbow', verb: 'shoots an arrow at', reach: 6, damage: [1, 4], toHit: 0 },
      { name: 'dagger', verb: 'stabs', reach: 1, damage: [1, 3], toHit: 0 },
    ],
    spawn: { base: 12, perDepth: 3, from: 2 },
    xp: 4,
    shouts: true,
    every: 1,
    boss: false,
  },
  shaman: {
    name: 'goblin shaman',
    art: { emoji: '🔮', ascii: 's', tile: 'shaman' },
    legend: 'shaman',
    habit: 'heals its hurt packmates and calls them; keeps out of reach',
    hp: 8,
    bloodied: 0.5,
    attack: 2,
    defence: 0,
    tactics: 'healer',
    weapons: [{ name: 'staff', verb: 'whacks', reach: 1, damage: [1, 3], toHit: 0 }],
    spawn: { base: 10, perDepth: 2, from: 3 },
    xp: 5,
    shouts: true,
    every: 1,
    boss: false,
  },
  troll: {
    name: 'troll',
    art: { emoji: '🧌', ascii: 'T', tile: 'troll' },
    legend: 'troll',
    habit: 'never flees; goes berserk when bloodied',
    hp: 16,
    bloodied: 0.4,
    attack: 4,
    defence: 2,
    tactics: 'soldier',
    weapons: [
      { name: 'club', verb: 'clubs', reach: 1, damage: [2, 6], toHit: 0 },
      { name: 'berserk claws', verb: 'rends', reach: 1, damage: [4, 8], toHit: -1 },
    ],
    spawn: { base: 8, perDepth: 6, from: 3 },
    xp: 8,
    shouts: false,
    every: 1,
    boss: false,
  },
  golem: {
    name: 'stone golem',
    art: { emoji: '🗿', ascii: 'G', tile: 'golem' },
    legend: 'golem',
    habit: 'slow: moves every other turn, but hits very hard',
    hp: 24,
    bloodied: 0.25,
    attack: 5,
    defence: 4,
    tactics: 'brute',
    weapons: [{ name: 'stone fists', verb: 'pounds', reach: 1, damage: [5, 11], toHit: 0 }],
    spawn: { base: 8, perDepth: 4, from: 4 },
    xp: 12,
    shouts: false,
    every: 2,
    boss: false,
  },
  warlord: {
    name: 'orc warlord',
    art: { emoji: '👑', ascii: 'W', tile: 'warlord' },
    legend: 'warlord (boss)',
    habit: 'guards the last stairs; kill it or slip past and take them',
    hp: 40,
    bloodied: 0.3,
    attack: 6,
    defence: 3,
    tactics: 'boss',
    weapons: [
      { name: 'greataxe', verb: 'cleaves', reach: 1, damage: [4, 10], toHit: 0 },
      { name: 'greataxe', verb: 'cleaves in a fury', reach: 1, damage: [6, 12], toHit: 1 },
    ],
    spawn: never,
    xp: 40,
    shouts: true,
    every: 1,
    boss: true,
  },
  wolf: {
    name: 'wolf',
    art: { emoji: '🐺', ascii: 'w', tile: 'wolf' },
    legend: 'wolf',
    habit: 'hunts in packs of three and surrounds you in the open; meet them in a corridor, one at a time',
    hp: 8,
    bloodied: 0.3,
    attack: 3,
    defence: 1,
    tactics: 'pack',
    weapons: [{ name: 'jaws', verb: 'bites', reach: 1, damage: [2, 4], toHit: 1 }],
    spawn: { base: 9, perDepth: 3, from: 2 },
    xp: 3,
    shouts: false,
    every: 1,
    boss: false,
    pack: 3,
  },
  ooze: {
    name: 'acid ooze',
    art: { emoji: '🦠', ascii: 'j', tile: 'ooze' },
    legend: 'ooze',
    habit: 'a blade splits it in two: in the open it multiplies; bomb it, or fight it where only one can reach you',
    hp: 16,
    bloodied: 0,
    attack: 3,
    defence: 0,
    tactics: 'brute',
    weapons: [{ name: 'acid', verb: 'burns', reach: 1, damage: [2, 5], toHit: 0 }],
    spawn: { base: 8, perDepth: 2, from: 2 },
    xp: 2,
    shouts: false,
    every: 1,
    boss: false,
    splits: true,
  },
  hexer: {
    name: 'goblin hexer',
    art: { emoji: '🪄', ascii: 'x', tile: 'hexer' },
    legend: 'hexer',
    habit: 'hurls hex bolts along any clear line, surely even from afar; get out of its line or charge it',
    hp: 6,
    bloodied: 0.34,
    attack: 4,
    defence: 0,
    tactics: 'archer',
    weapons: [
      { name: 'hex bolt', verb: 'hurls a hex bolt at', reach: 5, damage: [2, 5], toHit: 2 },
      { name: 'knife', verb: 'slashes', reach: 1, damage: [1, 3], toHit: 0 },
    ],
    spawn: { base: 5, perDepth: 2, from: 3 },
    xp: 5,
    shouts: true,
    every: 1,
    boss: false,
  },
  // Rules version 4's kinds: one that retreats to heal, one that resists blades.
  lizard: {
    name: 'cave lizard',
    art: { emoji: '🦎', ascii: 'l', tile: 'lizard' },
    legend: 'lizard',
    habit: 'runs when hurt, heals fast out of sight and comes back whole; corner it, bomb or shoot it, or kill it fast',
    hp: 12,
    bloodied: 0.5,
    attack: 3,
    defence: 1,
    tactics: 'skulker',
    weapons: [{ name: 'claws', verb: 'claws', reach: 1, damage: [2, 4], toHit: 1 }],
    spawn: { base: 8, perDepth: 2, from: 2 },
    xp: 6,
    shouts: false,
    every: 1,
    boss: false,
    regen: 2,
    returnAt: 1,
  },
  skeleton: {
    name: 'skeleton',
    art: { emoji: '🦴', ascii: 'z', tile: 'skeleton' },
    legend: 'skeleton',
    habit: 'blades and arrows glance off its bones (half damage); an axe, a halberd, a bomb or a cleave breaks it',
    hp: 16,
    bloodied: 0,
    attack: 3,
    defence: 2,
    tactics: 'brute',
    weapons: [{ name: 'notched sword', verb: 'hacks', reach: 1, damage: [2, 5], toHit: 0 }],
    spawn: { base: 7, perDepth: 3, from: 3 },
    xp: 6,
    shouts: false,
    every: 1,
    boss: false,
    resists: ['dagger', 'sword', 'rapier', 'spear', 'arrow'],
  },
} as const satisfies Record<string, MonsterStats>;

/** Every monster kind, from the table. */
export type MonsterKind = keyof typeof TABLE;
/** The monster table (see each row's habit). */
export const MONSTERS: Readonly<Record<MonsterKind, MonsterStats>> = TABLE;
/** The kinds in table order (the schema's enum and the spawn roll use this). */
export const MONSTER_KINDS = Object.keys(TABLE) as [MonsterKind, ...MonsterKind[]];

export const PLAYER_BASE = { hp: 24, attack: 4, defence: 2 } as const;
export const POTION_HEAL: readonly [number, number] = [8, 12];

/** The boss kind (the last depth's guardian). */
export const BOSS_KIND: MonsterKind = MONSTER_KINDS.find((k) => MONSTERS[k].boss) ?? MONSTER_KINDS[0];

/** Spawn weights by depth, from the table: goblins thin out, tougher kinds appear from their first depth and grow. */
export function spawnWeights(depth: number): Record<MonsterKind, number> {
  return weightsAt(MONSTER_KINDS, (kind) => MONSTERS[kind].spawn, depth);
}

/** Draws a monster kind for a depth among `kinds` (the game's rules version's kinds, in their roll order). */
export function rollMonsterKind(rng: Rng, depth: number, kinds: readonly MonsterKind[]): MonsterKind {
  return rollWeighted(rng, kinds, weightsAt(kinds, (kind) => MONSTERS[kind].spawn, depth), kinds[0] ?? MONSTER_KINDS[0]);
}
