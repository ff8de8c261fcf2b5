/** Plain-data types of a Channel Crawler game: state, actions, events and rejections. */
import type { RngState } from '../grid/rng.js';

export type Topology = 4 | 8;
export type TurnMode = 'free' | 'rounds';
export type { MapKind } from '../mapgen/generate.js';
export type { Difficulty } from './difficulty.js';
export type { MonsterKind } from './monsters.js';
export type { ItemKind, WeaponKind, ArmourKind } from './items.js';
export type { RoleKind, AbilityKind } from './roles.js';
import type { AbilityKind, RoleKind } from './roles.js';
import type { MapKind } from '../mapgen/generate.js';
import type { Difficulty } from './difficulty.js';
import type { MonsterKind } from './monsters.js';
import type { ArmourKind, ItemKind, WeaponKind } from './items.js';
/** How a monster kind fights: each is a row of the tactics table in ai.ts. */
export type Tactics = 'minion' | 'skirmisher' | 'soldier' | 'archer' | 'erratic' | 'brute' | 'healer' | 'boss' | 'pack' | 'skulker';
/** Monster AI states; `retreat` is an archer or healer stepping back to keep its distance, `guard` a boss holding its post. */
export const AI_STATES = ['wander', 'hunt', 'attack', 'flee', 'lured', 'retreat', 'guard'] as const;
export type AiState = (typeof AI_STATES)[number];

/** Eight compass directions; 4-way games accept only n, s, e, w. */
export type Direction = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const DIRECTIONS: readonly Direction[] = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'];
export const DIRECTION_DELTA: Readonly<Record<Direction, readonly [number, number]>> = {
  n: [0, -1],
  s: [0, 1],
  e: [1, 0],
  w: [-1, 0],
  ne: [1, -1],
  nw: [-1, -1],
  se: [1, 1],
  sw: [-1, 1],
};

/** Options fixed when a game is created (they come from guild settings and /rogue new). */
export interface GameConfig {
  seed: number;
  width: number;
  height: number;
  mapKind: MapKind;
  topology: Topology;
  turnMode: TurnMode;
  difficulty: Difficulty;
  maxPlayers: number;
  fovRadius: number;
  /** Descending the stairs on this depth wins the game. */
  maxDepth: number;
  /** The rules version the game was created under (engine/rules.ts): generation and step read its row. */
  rules: number;
}

/** How a kind is drawn in every render style: an emoji (one code point, default emoji presentation), an ASCII character, an image tile name. */
export interface Art {
  emoji: string;
  ascii: string;
  /** A tile of the image atlas (src/render/image/atlas.ts, built by scripts/build-atlas.ts). */
  tile: string;
}

export interface Weapon {
  name: string;
  /** What an attack with it looks like in the log ("thrusts its spear at"). */
  verb: string;
  reach: number;
  damage: readonly [number, number];
  toHit: number;
  /** Blows a strike makes (a quick weapon: 2), each rolled apart; 1 when left out. */
  hits?: number;
  /** A crushing blow (the fighter's cleave): a monster that resists blades takes it whole. */
  crush?: boolean;
}

export interface Player {
  /** Discord user id (or any stable user key). */
  id: string;
  name: string;
  /** Marker slot 0..7, stable for the player's stay: digits/emoji in the render. */
  slot: number;
  x: number;
  y: number;
  hp: number;
  maxHp: number;
  attack: number;
  defence: number;
  /** Items carried, by kind (consumables, and weapons or armour not worn). */
  pack: Partial<Record<ItemKind, number>>;
  /** The weapon wielded (a weapon row of the item table). */
  weapon: WeaponKind;
  /** The armour worn, if any. */
  armour: ArmourKind | null;
  kills: number;
  /** Experience points; `level` follows from them (see progression.ts). */
  xp: number;
  level: number;
  alive: boolean;
  /** The hero's role (roles.ts): starting numbers, gear and ability. */
  role: RoleKind;
  /** Monster phases before the role's ability can be used again (0: ready). */
  cooldown: number;
}

/** A monster. Its kind's stats come from MONSTERS[kind]; max hp and attack bonus are scaled when it spawns. */
export interface Monster {
  id: number;
  kind: MonsterKind;
  /** Short stable label among monsters of its kind on the level ("A", "B", ...). */
  label: string;
  maxHp: number;
  /** Added to its kind's attack (difficulty). */
  power: number;
  x: number;
  y: number;
  hp: number;
  /** Index into MONSTERS[kind].weapons. */
  weapon: number;
  state: AiState;
  /** Index (y * width + x) where a player was last seen, for hunting a lost player; -1 when none. */
  lastSeen: number;
  /** Monster phases it still loses to a stun (a flash bomb). */
  stunned: number;
  /** A blow has glanced off it (a monster that resists blades): the log says so the first time only. */
  glanced?: boolean;
  /** It came back from fleeing under rules whose monsters flee once (fleesOnce): it fights on to the end. */
  returned?: boolean;
}

export interface Item {
  id: number;
  kind: ItemKind;
  x: number;
  y: number;
}

/** A thrown lure: monsters that see no player walk toward it until it is spent. */
export interface ActiveLure {
  x: number;
  y: number;
  /** Monster phases left before it is spent. */
  turns: number;
}

/** How a run ended, for the recap: the last blow of a defeat names its monster and weapon. */
export interface RunEnding {
  how: 'killed' | 'escaped' | 'abandoned';
  depth: number;
  turn: number;
  /** Who dealt the last blow of a defeat. */
  by?: { monster: MonsterKind; label: string; weapon: string };
}

/** What a run did, counted as it goes (the recap reads it). */
export interface RunTally {
  kills: Partial<Record<MonsterKind, number>>;
  used: Partial<Record<ItemKind, number>>;
}

/** The recap of a finished run: how it ended, kills by kind, items used, the deepest depth and the score. */
export interface Recap extends RunTally {
  ending: RunEnding;
  deepest: number;
  score: number;
}

export interface RunSummary {
  outcome: 'defeat' | 'victory' | 'abandoned';
  depth: number;
  turns: number;
  kills: { id: string; name: string; kills: number }[];
  recap: Recap;
}

/** The whole game. JSON-safe: typed arrays are `Bytes`, which serialise as base64. */
export interface GameState {
  schema: number;
  /** Increments on every accepted step; saves compare-and-set on it. */
  version: number;
  /** Free mode: monster phases run; rounds mode: rounds resolved. */
  turn: number;
  config: GameConfig;
  rng: RngState;
  depth: number;
  width: number;
  height: number;
  tiles: Uint8Array;
  /** Index (y * width + x) of the level's entrance: first players start here, late joiners nearby. */
  entrance: number;
  /** The party's memory of seen tiles (fog of war), 1 byte per cell. */
  explored: Uint8Array;
  players: Player[];
  /** Players who left: kept so that rejoining restores them (no free heal) and the summary credits their kills. */
  departed: Player[];
  monsters: Monster[];
  items: Item[];
  /** Thrown lures still drawing monsters. */
  lures: ActiveLure[];
  /** Kills by kind and items used this run, for the recap. */
  tally: RunTally;
  nextId: number;
  /** Rounds mode: user ids who have acted this round. */
  acted: string[];
  /**
   * Rounds mode: rounds resolved in a row with no monster in view of anyone; at CALM_ROUNDS (pace.ts) the party moves
   * freely, and a monster coming into view sets it back to 0 (rounds). Free mode leaves it at CALM_ROUNDS.
   */
  calm: number;
  /**
   * Rounds mode: players holding (they waited in a fight): each round counts them as done without a press, until a
   * monster comes near them or swings at them, they act, or the fight ends (pace.ts).
   */
  holding: string[];
  /**
   * Players with a standing fight order (⚔️): each round resolves their blow or step toward the nearest monster after
   * the party by itself, until something worth a decision happens (fight.ts).
   */
  fighting: string[];
  /** Ids of the monsters the current fight has had in view: one coming into view that is not among them ends fight orders. */
  fightKnown: number[];
  /** Rounds mode: rounds resolved in a row with no blow by either side (a guarded fight order hands back at fightIdle). */
  fightQuiet: number;
  status: 'playing' | 'over';
  summary: RunSummary | null;
  /** Events of the last accepted step, for the turn log. */
  recent: GameEvent[];
}

export type Action =
  | { type: 'join'; user: string; name: string; role?: RoleKind }
  | { type: 'leave'; user: string }
  | { type: 'move'; user: string; dir: Direction; steps?: number }
  | { type: 'wait'; user: string }
  | { type: 'descend'; user: string }
  /** Use a carried item (default: a potion); thrown items fly `dir` (aimed for you when left out). */
  | { type: 'use'; user: string; item?: ItemKind; dir?: Direction; distance?: number }
  /** Wait several turns to recover, until full hp or something happens. */
  | { type: 'rest'; user: string }
  /** Walk toward the nearest unexplored place (or known item) until something worth stopping for. */
  | { type: 'explore'; user: string }
  /** Walk to the stairs once the party has seen them. */
  | { type: 'travel'; user: string }
  /** Fight the nearest monster after the party, round after round, until something worth a decision happens. */
  | { type: 'fight'; user: string }
  /** Throw a lure in a direction: `distance` tiles, or as far as it flies. */
  | { type: 'throw'; user: string; dir: Direction; distance?: number }
  /** Use the role's ability (roles.ts), aimed for the player. */
  | { type: 'ability'; user: string }
  /** The rounds-mode deadline passed: players who have not acted pass. */
  | { type: 'resolve-round' };

/** Why a run (a move with steps) ended early. */
export const RUN_STOP_REASONS = ['monster-in-view', 'attacked', 'blocked', 'item', 'stairs', 'rounds', 'explored', 'healed', 'no-target', 'hurt', 'ally-down', 'drawn-out', 'monster-near', 'no-blows', 'exposed'] as const;
export type RunStopReason = (typeof RUN_STOP_REASONS)[number];
/** What a run was: steps in one direction, exploring, travelling, resting or a fight order. */
export const RUN_KINDS = ['move', 'explore', 'travel', 'rest', 'fight'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

export type ActorRef =
  | { kind: 'player'; id: string; name: string }
  | { kind: 'monster'; id: number; monster: MonsterKind; label: string };

export type GameEvent =
  | { type: 'joined'; who: ActorRef }
  | { type: 'left'; who: ActorRef }
  | { type: 'moved'; who: ActorRef; x: number; y: number }
  /** `who` moved into `with`, and they traded places. */
  | { type: 'swapped'; who: ActorRef; with: ActorRef }
  | { type: 'waited'; who: ActorRef }
  | { type: 'attacked'; attacker: ActorRef; target: ActorRef; damage: number; weapon: string; verb: string; range: number }
  | { type: 'missed'; attacker: ActorRef; target: ActorRef; weapon: string; range: number }
  | { type: 'killed'; attacker: ActorRef; target: ActorRef }
  | { type: 'died'; who: ActorRef; by: ActorRef; weapon: string }
  | { type: 'spotted'; who: ActorRef }
  | { type: 'fled'; who: ActorRef; toward: Direction | null }
  | { type: 'returned'; who: ActorRef }
  | { type: 'shouted'; who: ActorRef; alerted: number }
  | { type: 'levelled-up'; who: ActorRef; level: number; maxHp: number; attack: number }
  | { type: 'gained-xp'; who: ActorRef; xp: number }
  | { type: 'rested'; who: ActorRef; turns: number; healed: number }
  | { type: 'threw'; who: ActorRef; x: number; y: number; distance: number }
  | { type: 'lure-spent'; x: number; y: number }
  | { type: 'switched-weapon'; who: ActorRef; weapon: string }
  | { type: 'berserk'; who: ActorRef }
  | { type: 'picked-up'; who: ActorRef; item: ItemKind }
  | { type: 'drank'; who: ActorRef; healed: number }
  | { type: 'equipped'; who: ActorRef; item: ItemKind }
  | { type: 'mapped'; who: ActorRef; tiles: number }
  | { type: 'teleported'; who: ActorRef; x: number; y: number }
  | { type: 'exploded'; who: ActorRef; x: number; y: number; hit: number }
  | { type: 'stunned'; who: ActorRef; turns: number }
  | { type: 'mended'; who: ActorRef; target: ActorRef; healed: number }
  /** A player used their role's ability: `amount` is monsters struck or stunned, or hp healed (`target`: whom). */
  | { type: 'ability'; who: ActorRef; ability: AbilityKind; target?: ActorRef; amount: number }
  | { type: 'guarding'; who: ActorRef }
  | { type: 'fluttered'; who: ActorRef }
  | { type: 'lumbered'; who: ActorRef }
  /** A blade split a monster (an ooze): `into` is the new one beside it. */
  | { type: 'split'; who: ActorRef; into: ActorRef }
  /** A blade's blow glanced off a monster that resists it (half damage): logged the first time for each monster. */
  | { type: 'glanced'; who: ActorRef; target: ActorRef; weapon: string }
  /** `by` is the party member whose trouble stopped the run, when it is not the runner. */
  | { type: 'run-stopped'; who: ActorRef; steps: number; reason: RunStopReason; run: RunKind; by?: ActorRef }
  /** A rounds-mode party starts fighting in rounds (`who` saw the monster) or moves freely again. */
  | { type: 'pace'; rounds: boolean; who?: ActorRef }
  /** A hunting monster next to the party followed it down the stairs. */
  | { type: 'followed'; who: ActorRef }
  /** A fallen player stands up again on the new level. */
  | { type: 'revived'; who: ActorRef; hp: number }
  | { type: 'descended'; depth: number }
  /** `passed`: ids of who let the round pass; `acted` and `passedNames`: names for the log (older saves: absent). */
  | { type: 'round-ended'; round: number; passed: string[]; acted?: string[]; passedNames?: string[] }
  | { type: 'game-over'; summary: RunSummary };

export type RejectionCode =
  | 'wall'
  | 'occupied-by-ally'
  | 'not-in-game'
  | 'dead'
  | 'game-over'
  | 'not-your-turn'
  | 'no-stairs'
  | 'nothing-to-use'
  | 'already-joined'
  | 'game-full'
  | 'diagonal-not-allowed'
  | 'not-rounds-mode'
  | 'full-health'
  | 'monster-in-view'
  | 'monster-near'
  | 'nothing-to-explore'
  | 'stairs-not-seen'
  | 'already-there'
  | 'no-lures'
  | 'no-room-to-throw'
  | 'already-equipped'
  | 'no-target'
  | 'nothing-to-fight'
  | 'no-ability'
  | 'not-ready'
  | 'nothing-in-reach';

export type StepResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; code: RejectionCode };
