/** The game service's public contract: what the Discord layer and `npm run play` call, and what they get back. */
import type { Action, GameEvent, GameState, RejectionCode, Direction } from '../engine/types.js';
import type { GuildSettings, GuildSettingsPatch, MapSize } from './settings.js';

/** One game per channel; the guild is part of the key so settings and listings can be per guild. */
export interface ChannelKey {
  guildId: string;
  channelId: string;
}

export interface UserRef {
  id: string;
  name: string;
}

/** Where the channel's public game message is, so it can be edited (round timer) or retired (/rogue map). */
export interface MessageRef {
  channelId: string;
  messageId: string;
}

/** Data kept next to the engine state that the engine must not know about (time, Discord ids). */
export interface GameMeta {
  creatorId: string;
  createdAt: number;
  updatedAt: number;
  /** Rounds mode: epoch ms at which the current round resolves; null in free mode or when no one is alive. */
  roundDeadline: number | null;
  message: MessageRef | null;
  /** Render style and mobile layout chosen for this game (from settings and /rogue new). */
  render: 'emoji' | 'ascii';
  mobile: boolean;
  roundSeconds: number;
  /**
   * Per user, the version their last accepted action was applied to: an old button of theirs is stale exactly when
   * this is at least the version it was drawn for.
   */
  lastActed: Record<string, number>;
  /** Rounds mode: rounds resolved in a row in which nobody acted; after MAX_IDLE_ROUNDS the round timer pauses. */
  idleRounds: number;
}

export interface StoredGame {
  state: GameState;
  meta: GameMeta;
}

/** What every successful call returns: enough for the renderer and the presenter. */
export interface GameView {
  key: ChannelKey;
  state: GameState;
  meta: GameMeta;
  /** Events produced by this call (empty for a plain view). */
  events: GameEvent[];
}

export type ServiceFailure =
  | { kind: 'no-game' }
  | { kind: 'game-exists' }
  | { kind: 'not-a-player' }
  | { kind: 'game-full'; max: number }
  | { kind: 'channel-not-allowed' }
  | { kind: 'stale' }
  /** A button of a game that has since been replaced in its channel. */
  | { kind: 'old-game' }
  | { kind: 'storage-unavailable' }
  | { kind: 'corrupt-save'; channelId: string; reason: string }
  | { kind: 'incompatible-save'; channelId: string; schema: number }
  | { kind: 'forbidden'; need: string }
  | { kind: 'rejected'; code: RejectionCode }
  | { kind: 'invalid'; message: string };

export type Result<T> = { ok: true; value: T } | { ok: false; error: ServiceFailure };

/** Options a player may give to /rogue new; unset ones come from the guild's settings. */
export interface NewGameOptions {
  seed?: number;
  mapKind?: 'maze' | 'cavern';
  size?: MapSize;
  mode?: 'free' | 'rounds';
  /** 8-way movement for this game; default from the guild's `diagonals` setting. */
  diagonals?: boolean;
}

/** A player action as the Discord layer sends it: the service adds the user. */
export type PlayerAction =
  | { type: 'move'; dir: Direction; steps?: number }
  | { type: 'wait' }
  | { type: 'descend' }
  | { type: 'use' }
  | { type: 'rest' }
  | { type: 'explore' }
  | { type: 'travel' }
  | { type: 'throw'; dir: Direction; distance?: number };

export interface GameServiceApi {
  newGame(key: ChannelKey, user: UserRef, options: NewGameOptions): Promise<Result<GameView>>;
  join(key: ChannelKey, user: UserRef): Promise<Result<GameView>>;
  leave(key: ChannelKey, user: UserRef): Promise<Result<GameView>>;
  /**
   * Applies one action. For a button, `seenVersion` is the version it was drawn for and `expectedGame` the
   * `createdAt` of the game it belongs to (a button of a replaced game is refused as `old-game`); slash commands
   * pass neither.
   */
  act(key: ChannelKey, user: UserRef, action: PlayerAction, seenVersion?: number, expectedGame?: number): Promise<Result<GameView>>;
  view(key: ChannelKey): Promise<Result<GameView>>;
  /** Ends the game: allowed for its creator or when `isAdmin` (Manage Server). */
  end(key: ChannelKey, user: UserRef, isAdmin: boolean): Promise<Result<GameView>>;
  /** Deletes the channel's game whatever its state (admin reset of a stuck or corrupt save). */
  resetGame(key: ChannelKey): Promise<Result<{ deleted: boolean }>>;
  /** Records the public game message of a channel. */
  setMessage(key: ChannelKey, message: MessageRef | null): Promise<Result<GameView>>;
  /** Resolves every round whose deadline has passed, across all processes, each exactly once. */
  resolveDueRounds(): Promise<GameView[]>;
}

export interface SettingsServiceApi {
  get(guildId: string): Promise<Result<GuildSettings>>;
  update(guildId: string, patch: GuildSettingsPatch): Promise<Result<GuildSettings>>;
  addChannel(guildId: string, channelId: string): Promise<Result<GuildSettings>>;
  removeChannel(guildId: string, channelId: string): Promise<Result<GuildSettings>>;
  reset(guildId: string): Promise<Result<GuildSettings>>;
}

export type { Action };
