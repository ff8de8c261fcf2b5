/** Plain-data types of a Channel Crawler game: state, actions, events and rejections. */
import type { RngState } from '../grid/rng.js';

export type Topology = 4 | 8;
export type TurnMode = 'free' | 'rounds';
export type MapKind = 'maze' | 'cavern';
export type Difficulty = 'easy' | 'normal' | 'hard';
export type MonsterKind = 'goblin' | 'orc' | 'troll';
export type Tactics = 'minion' | 'skirmisher' | 'soldier';
export type AiState = 'wander' | 'hunt' | 'attack' | 'flee';

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
}

export interface Weapon {
  name: string;
  reach: number;
  damage: readonly [number, number];
  toHit: number;
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
  potions: number;
  kills: number;
  alive: boolean;
}

/** A monster. Its fixed stats (max hp, bloodied threshold, attack, defence, tactics, weapons) come from MONSTERS[kind]. */
export interface Monster {
  id: number;
  kind: MonsterKind;
  x: number;
  y: number;
  hp: number;
  /** Index into MONSTERS[kind].weapons. */
  weapon: number;
  state: AiState;
  /** Index (y * width + x) where a player was last seen, for hunting a lost player; -1 when none. */
  lastSeen: number;
}

export interface Item {
  id: number;
  kind: 'potion';
  x: number;
  y: number;
}

export interface RunSummary {
  outcome: 'defeat' | 'victory' | 'abandoned';
  depth: number;
  turns: number;
  kills: { id: string; name: string; kills: number }[];
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
  nextId: number;
  /** Rounds mode: user ids who have acted this round. */
  acted: string[];
  status: 'playing' | 'over';
  summary: RunSummary | null;
  /** Events of the last accepted step, for the turn log. */
  recent: GameEvent[];
}

export type Action =
  | { type: 'join'; user: string; name: string }
  | { type: 'leave'; user: string }
  | { type: 'move'; user: string; dir: Direction; steps?: number }
  | { type: 'wait'; user: string }
  | { type: 'descend'; user: string }
  | { type: 'use'; user: string }
  /** The rounds-mode deadline passed: players who have not acted pass. */
  | { type: 'resolve-round' };

/** Why a run (a move with steps) ended early. */
export type RunStopReason = 'monster-in-view' | 'attacked' | 'blocked' | 'item' | 'stairs' | 'rounds';

export type ActorRef =
  | { kind: 'player'; id: string; name: string }
  | { kind: 'monster'; id: number; monster: MonsterKind };

export type GameEvent =
  | { type: 'joined'; who: ActorRef }
  | { type: 'left'; who: ActorRef }
  | { type: 'moved'; who: ActorRef; x: number; y: number }
  | { type: 'waited'; who: ActorRef }
  | { type: 'attacked'; attacker: ActorRef; target: ActorRef; damage: number; weapon: string }
  | { type: 'missed'; attacker: ActorRef; target: ActorRef; weapon: string }
  | { type: 'killed'; attacker: ActorRef; target: ActorRef }
  | { type: 'died'; who: ActorRef; by: ActorRef }
  | { type: 'spotted'; who: ActorRef }
  | { type: 'fled'; who: ActorRef }
  | { type: 'switched-weapon'; who: ActorRef; weapon: string }
  | { type: 'berserk'; who: ActorRef }
  | { type: 'picked-up'; who: ActorRef; item: 'potion' }
  | { type: 'drank'; who: ActorRef; healed: number }
  | { type: 'run-stopped'; who: ActorRef; steps: number; reason: RunStopReason }
  | { type: 'descended'; depth: number }
  | { type: 'round-ended'; round: number; passed: string[] }
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
  | 'not-rounds-mode';

export type StepResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; code: RejectionCode };
