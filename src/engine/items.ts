/**
 * The item table: one row per kind holds its name, art in every style, legend text, where it turns up, and what
 * using it does. `ItemKind`, the state schema's enums, the floor roll, the renders and the buttons all derive from
 * it, so a new item is one new row (and its tile in the atlas).
 */
import type { Rng } from '../grid/rng.js';
import { levelDamage } from './progression.js';
import { rollWeighted, weightsAt, type SpawnRule } from './spawn.js';
import type { Art, Player, Weapon } from './types.js';

/** What using an item does; each effect is implemented once, in effects.ts. */
export type ItemEffect = 'heal' | 'lure' | 'map' | 'teleport' | 'bomb' | 'equip';

interface ItemRowBase {
  name: string;
  art: Art;
  /** Its line in the map's legend. */
  legend: string;
  /** One line for help and the status sheet. */
  blurb: string;
  /** Floor weight on depth `from` and its change per depth below (never below 0; 0 above `from`). */
  spawn: SpawnRule;
  effect: ItemEffect;
  /** Whether using it flies in a direction (aimed for the player when none is given). */
  thrown: boolean;
}

export interface ConsumableRow extends ItemRowBase {
  slot: 'pack';
}
export interface WeaponRow extends ItemRowBase {
  slot: 'weapon';
  weapon: Weapon;
}
export interface ArmourRow extends ItemRowBase {
  slot: 'armour';
  /** Added to the wearer's defence. */
  defence: number;
  /** Added to the wearer's attack rolls (heavy armour: a negative number, dodge traded for armour). */
  toHit?: number;
}
export type ItemRow = ConsumableRow | WeaponRow | ArmourRow;

const weapon = (name: string, art: Art, blurb: string, w: Omit<Weapon, 'name'>, spawn: ItemRowBase['spawn']): WeaponRow => ({
  name,
  art,
  legend: name,
  blurb,
  spawn,
  effect: 'equip',
  thrown: false,
  slot: 'weapon',
  weapon: { name, ...w },
});

const TABLE = {
  potion: {
    name: 'potion',
    art: { emoji: '🧪', ascii: '!', tile: 'potion' },
    legend: 'potion',
    blurb: 'heals 8-12 HP',
    spawn: { base: 0, perDepth: 0, from: 99 },
    effect: 'heal',
    thrown: false,
    slot: 'pack',
  },
  lure: {
    name: 'lure',
    art: { emoji: '🏮', ascii: '&', tile: 'lure' },
    legend: 'lure',
    blurb: 'thrown up to 8 tiles: monsters that smell it and see no one go to it for 20 turns',
    spawn: { base: 30, perDepth: -2, from: 1 },
    effect: 'lure',
    thrown: true,
    slot: 'pack',
  },
  map: {
    name: 'scroll of magic mapping',
    art: { emoji: '📜', ascii: '?', tile: 'scroll' },
    legend: 'scroll of mapping',
    blurb: 'reveals the level’s layout and its stairs',
    spawn: { base: 12, perDepth: 2, from: 1 },
    effect: 'map',
    thrown: false,
    slot: 'pack',
  },
  teleport: {
    name: 'scroll of teleportation',
    art: { emoji: '🌀', ascii: '~', tile: 'teleport' },
    legend: 'scroll of teleport',
    blurb: 'carries you to a random spot far away, out of the monsters’ sight',
    spawn: { base: 8, perDepth: 2, from: 1 },
    effect: 'teleport',
    thrown: false,
    slot: 'pack',
  },
  bomb: {
    name: 'flash bomb',
    art: { emoji: '💣', ascii: '*', tile: 'bomb' },
    legend: 'flash bomb',
    blurb: 'thrown up to 6 tiles: bursts on the first monster, 3-8 damage and a 2-turn stun to all around it',
    spawn: { base: 10, perDepth: 3, from: 1 },
    effect: 'bomb',
    thrown: true,
    slot: 'pack',
  },
  dagger: weapon('dagger', { emoji: '🔪', ascii: '(', tile: 'dagger' }, 'quick and sure: 1-4 damage, +3 to hit', { verb: 'stabs', reach: 1, damage: [1, 4], toHit: 3 }, { base: 6, perDepth: -1, from: 1 }),
  sword: weapon('sword', { emoji: '🤺', ascii: ')', tile: 'sword' }, 'the starting blade: 2-6 damage, +1 to hit', { verb: 'hits', reach: 1, damage: [2, 6], toHit: 1 }, { base: 0, perDepth: 0, from: 99 }),
  spear: weapon('spear', { emoji: '🔱', ascii: '/', tile: 'spear' }, 'reaches 2 tiles in a straight line: 2-5 damage', { verb: 'spears', reach: 2, damage: [2, 5], toHit: 0 }, { base: 6, perDepth: 1, from: 1 }),
  axe: weapon('battle axe', { emoji: '🪓', ascii: '\\', tile: 'axe' }, 'heavy: 3-10 damage, -1 to hit', { verb: 'hews', reach: 1, damage: [3, 10], toHit: -1 }, { base: 3, perDepth: 2, from: 2 }),
  leather: {
    name: 'leather armour',
    art: { emoji: '🧥', ascii: '[', tile: 'leather' },
    legend: 'leather armour',
    blurb: '+1 defence',
    spawn: { base: 6, perDepth: 0, from: 1 },
    effect: 'equip',
    thrown: false,
    slot: 'armour',
    defence: 1,
  },
  mail: {
    name: 'chain mail',
    art: { emoji: '🦺', ascii: ']', tile: 'mail' },
    legend: 'chain mail',
    blurb: '+3 defence',
    spawn: { base: 2, perDepth: 2, from: 2 },
    effect: 'equip',
    thrown: false,
    slot: 'armour',
    defence: 3,
  },
  // Rules version 3's gear: each buys one thing with another (reach, speed, accuracy, armour against dodge).
  rapier: weapon('rapier', { emoji: '🪡', ascii: '|', tile: 'rapier' }, 'quick: two thrusts a blow, 1-3 damage each, +1 to hit (your level’s damage bonus counts on each)', { verb: 'thrusts at', reach: 1, damage: [1, 3], toHit: 1, hits: 2 }, { base: 4, perDepth: 0, from: 1 }),
  halberd: weapon('halberd', { emoji: '🪝', ascii: '=', tile: 'halberd' }, 'reaches 2 tiles in a straight line: 3-8 damage, but -2 to hit', { verb: 'hacks', reach: 2, damage: [3, 8], toHit: -2 }, { base: 3, perDepth: 2, from: 3 }),
  plate: {
    name: 'plate armour',
    art: { emoji: '🦾', ascii: '}', tile: 'plate' },
    legend: 'plate armour',
    blurb: '+5 defence, but -2 to hit: heavy',
    spawn: { base: 1, perDepth: 2, from: 3 },
    effect: 'equip',
    thrown: false,
    slot: 'armour',
    defence: 5,
    toHit: -2,
  },
} as const satisfies Record<string, ItemRow>;

/** Every item kind, from the table. */
export type ItemKind = keyof typeof TABLE;
/** Item kinds that are weapons, and armours (the player's wielded and worn slots). */
export type WeaponKind = { [K in ItemKind]: (typeof TABLE)[K] extends { slot: 'weapon' } ? K : never }[ItemKind];
export type ArmourKind = { [K in ItemKind]: (typeof TABLE)[K] extends { slot: 'armour' } ? K : never }[ItemKind];

/** The item table. */
export const ITEMS: Readonly<Record<ItemKind, ItemRow>> = TABLE;
/** The kinds in table order (schema enums, legend, rolls). */
export const ITEM_KINDS = Object.keys(TABLE) as [ItemKind, ...ItemKind[]];
export const WEAPON_KINDS = ITEM_KINDS.filter((k) => ITEMS[k].slot === 'weapon') as [WeaponKind, ...WeaponKind[]];
export const ARMOUR_KINDS = ITEM_KINDS.filter((k) => ITEMS[k].slot === 'armour') as [ArmourKind, ...ArmourKind[]];

/** The weapon a new character wields. */
export const STARTING_WEAPON: WeaponKind = 'sword';

/** A wielded weapon's stats. */
export function weaponStats(kind: WeaponKind): Weapon {
  const row = ITEMS[kind];
  return row.slot === 'weapon' ? row.weapon : (ITEMS[STARTING_WEAPON] as WeaponRow).weapon;
}

/** The weapon a player strikes with: the wielded weapon's stats plus the damage their level adds. */
export function wielded(p: Pick<Player, 'weapon' | 'level'>): Weapon {
  const w = weaponStats(p.weapon);
  const bonus = levelDamage(p.level);
  return bonus === 0 ? w : { ...w, damage: [w.damage[0] + bonus, w.damage[1] + bonus] };
}

/** Defence a worn armour adds (0 for none). */
export function armourDefence(kind: ArmourKind | null): number {
  if (kind === null) return 0;
  const row = ITEMS[kind];
  return row.slot === 'armour' ? row.defence : 0;
}

/** What a worn armour adds to attack rolls (0 for none; heavy armour takes some off). */
export function armourToHit(kind: ArmourKind | null): number {
  if (kind === null) return 0;
  const row = ITEMS[kind];
  return row.slot === 'armour' ? (row.toHit ?? 0) : 0;
}

/** How many of a kind a player carries. */
export function carried(p: Pick<Player, 'pack'>, kind: ItemKind): number {
  return p.pack[kind] ?? 0;
}

/** Adds (or with a negative n removes) carried items; a count of 0 leaves the pack. */
export function addToPack(p: Pick<Player, 'pack'>, kind: ItemKind, n: number): void {
  const left = carried(p, kind) + n;
  const pack = { ...p.pack };
  if (left > 0) pack[kind] = left;
  else delete pack[kind];
  p.pack = pack;
}

/** Floor weights of the non-potion items on a depth (potions are counted apart, by difficulty). */
export function itemWeights(depth: number): Record<ItemKind, number> {
  return weightsAt(ITEM_KINDS, (kind) => ITEMS[kind].spawn, depth);
}

/** Draws an item kind for a floor spot on a depth among `kinds` (the game's rules version's kinds, in roll order). */
export function rollItemKind(rng: Rng, depth: number, kinds: readonly ItemKind[]): ItemKind {
  return rollWeighted(rng, kinds, weightsAt(kinds, (kind) => ITEMS[kind].spawn, depth), 'lure');
}

