/**
 * The role table: one row per hero role (its art, starting numbers and gear, and its ability) and one row per ability
 * (art, cooldown, what it does in words). The role list, the state schema's enum, `/rogue new role:`, the buttons, the
 * renders and help all derive from these tables, so a new role is one row here plus its effect in abilities.ts.
 */
import type { ArmourKind, ItemKind, WeaponKind } from './items.js';
import type { Art } from './types.js';

/** What an ability does; each is implemented once, in abilities.ts. */
export type AbilityEffect = 'cleave' | 'shoot' | 'mend' | 'smoke';

export interface AbilityRow {
  name: string;
  art: Art;
  /** Monster phases (free: turns; rounds: rounds) before it can be used again. */
  cooldown: number;
  effect: AbilityEffect;
  /** One line for help and the legend. */
  blurb: string;
}

const ABILITY_TABLE = {
  cleave: {
    name: 'cleave',
    art: { emoji: '💥', ascii: 'C', tile: 'axe' },
    cooldown: 5,
    effect: 'cleave',
    blurb: 'strike every monster next to you at +2 to hit (every 5 turns)',
  },
  shoot: {
    name: 'shoot',
    art: { emoji: '🎯', ascii: 'F', tile: 'spear' },
    cooldown: 3,
    effect: 'shoot',
    blurb: 'an arrow at the nearest monster in sight up to 7 tiles, over a clear line: 3-7 damage, +2 to hit (every 3 turns)',
  },
  mend: {
    name: 'mend',
    art: { emoji: '✨', ascii: 'M', tile: 'potion' },
    cooldown: 10,
    effect: 'mend',
    blurb: 'heal the most hurt party member within 3 tiles (you too) by 6 + 2 per level (every 10 turns)',
  },
  smoke: {
    name: 'smoke',
    art: { emoji: '💨', ascii: 'S', tile: 'bomb' },
    cooldown: 9,
    effect: 'smoke',
    blurb: 'stun every monster within 2 tiles for 3 turns, to slip away or to strike first (every 9 turns)',
  },
} as const satisfies Record<string, AbilityRow>;

/** Every ability, from the table. */
export type AbilityKind = keyof typeof ABILITY_TABLE;
export const ABILITIES: Readonly<Record<AbilityKind, AbilityRow>> = ABILITY_TABLE;
export const ABILITY_KINDS = Object.keys(ABILITY_TABLE) as [AbilityKind, ...AbilityKind[]];

export interface RoleRow {
  name: string;
  art: Art;
  /** One line for help, the lobby and the legend. */
  blurb: string;
  /** Added to the base character's max hp, attack and defence. */
  hp: number;
  attack: number;
  defence: number;
  weapon: WeaponKind;
  armour: ArmourKind | null;
  pack: Partial<Record<ItemKind, number>>;
  /** Its active ability (null: the role of games begun before roles, kept so their saves load). */
  ability: AbilityKind | null;
  /** Offered to players (a retired row is not). */
  offered: boolean;
}

const ROLE_TABLE = {
  fighter: {
    name: 'fighter',
    art: { emoji: '🪖', ascii: 'f', tile: 'sword' },
    blurb: 'tough (+6 hp, leather armour), holds the front; 💥 cleave hits every monster next to you',
    hp: 6,
    attack: 0,
    defence: 0,
    weapon: 'sword',
    armour: 'leather',
    pack: { potion: 1 },
    ability: 'cleave',
    offered: true,
  },
  ranger: {
    name: 'ranger',
    art: { emoji: '🦅', ascii: 'r', tile: 'spear' },
    blurb: 'answers archers and healers that hang back; 🎯 shoot hits the nearest monster in sight from afar',
    hp: -2,
    attack: 0,
    defence: 0,
    weapon: 'sword',
    armour: null,
    pack: { potion: 1 },
    ability: 'shoot',
    offered: true,
  },
  healer: {
    name: 'healer',
    art: { emoji: '🌿', ascii: 'h', tile: 'potion' },
    blurb: 'keeps the party standing; ✨ mend heals the most hurt party member near you',
    hp: 0,
    attack: -1,
    defence: 0,
    weapon: 'sword',
    armour: null,
    pack: { potion: 1 },
    ability: 'mend',
    offered: true,
  },
  rogue: {
    name: 'rogue',
    art: { emoji: '🥷', ascii: 'q', tile: 'dagger' },
    blurb: 'quick dagger, +1 defence; 💨 smoke stuns the monsters around you to escape or strike first',
    hp: -2,
    attack: 1,
    defence: 1,
    weapon: 'dagger',
    armour: null,
    pack: { potion: 1, bomb: 1 },
    ability: 'smoke',
    offered: true,
  },
  adventurer: {
    name: 'adventurer',
    art: { emoji: '🧑', ascii: 'v', tile: 'hero' },
    blurb: 'a hero from before roles: no ability',
    hp: 0,
    attack: 0,
    defence: 0,
    weapon: 'sword',
    armour: null,
    pack: { potion: 1 },
    ability: null,
    offered: false,
  },
} as const satisfies Record<string, RoleRow>;

/** Every role, from the table (retired rows included, so old saves load). */
export type RoleKind = keyof typeof ROLE_TABLE;
export const ROLES: Readonly<Record<RoleKind, RoleRow>> = ROLE_TABLE;
export const ROLE_KINDS = Object.keys(ROLE_TABLE) as [RoleKind, ...RoleKind[]];
/** The roles a player may choose, in table order. */
export const OFFERED_ROLES = ROLE_KINDS.filter((k) => ROLES[k].offered) as [RoleKind, ...RoleKind[]];
/** The role a player gets without choosing one. */
export const DEFAULT_ROLE: RoleKind = 'fighter';
/** The role of characters from saves made before roles existed. */
export const LEGACY_ROLE: RoleKind = 'adventurer';

/** A role's ability row, or null. */
export function abilityOf(role: RoleKind): AbilityRow | null {
  const a = ROLES[role].ability;
  return a === null ? null : ABILITIES[a];
}
