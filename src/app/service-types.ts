/** The game service's public contract: what the Discord layer and `npm run play` call, and what they get back. */
import type { LogLine, LogMsg } from '../render/log-message.js';
import type { Locale } from '../i18n/index.js';
import type { Action, Difficulty, GameEvent, GameState, RejectionCode, RoleKind } from '../engine/types.js';
import type { GuildSettings, GuildSettingsPatch, MapSize, RenderStyleSetting } from './settings.js';
import type { UserPrefs, UserPrefsPatch } from './user-prefs.js';
import type { MapChoice } from '../mapgen/generate.js';
import type { EndReason } from './host.js';

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
  render: RenderStyleSetting;
  mobile: boolean;
  /** The shared game message's language (the server's `language` setting, else the starter's); English when absent (older saves). */
  locale?: Locale;
  roundSeconds: number;
  /**
   * Per user, the version their last accepted action was applied to: an old button of theirs is stale exactly when
   * this is at least the version it was drawn for.
   */
  lastActed: Record<string, number>;
  /** Rounds mode: rounds resolved in a row in which nobody acted; after MAX_IDLE_ROUNDS the round timer pauses. */
  idleRounds: number;
  /** Party members (living or fallen) who voted to end the game; cleared when the party changes. Optional: older saves have none. */
  endVotes?: string[];
  /** Epoch ms of the last accepted player action (not a round resolving); the idle end counts from it (older saves: updatedAt). */
  lastActionAt?: number;
  /** Hours without a player action after which the game ends by itself (from the `idle_end_hours` setting; older saves: the default). */
  idleEndHours?: number;
  /** The map kind the game was started with, 'random' included, so "play again" keeps its source. */
  mapChoice?: MapChoice;
  /** Players of the finished game this one replays, asked to join; each leaves the list when they join. */
  invited?: UserRef[];
  /** Why a finished game ended when no adventure ended it: a vote, the host, an admin, or nobody acting for idleEndHours (see host.ts). */
  endReason?: EndReason;
  /** Names of who ended it (the voters, the host, the admin), for the ending line. */
  endedBy?: string[];
  /** The host when the role has passed on from the creator (see host.ts); absent: the creator hosts. */
  hostId?: string;
  /** Per user, epoch ms of their last accepted action (host idleness). */
  actedAt?: Record<string, number>;
  /** Rounds mode: per user, rounds in a row they let pass; IDLE_PLAYER_ROUNDS or more marks them idle. */
  passedRounds?: Record<string, number>;
  /** Rounds mode: seconds into a round before its waited-on players are pinged (0 or absent: never). */
  pingSeconds?: number;
  /** Rounds mode: epoch ms at which the current round started (its deadline minus roundSeconds otherwise). */
  roundStartedAt?: number;
  /** The turn whose round already pinged the players it waited for (once per round). */
  pingedTurn?: number;
  /** A lobby: epoch ms at which the run starts by itself; absent once it started (see host.ts LOBBY_MS). */
  lobbyUntil?: number;
  /** Votes to remove an idle member: target id -> ids of the living members who voted. */
  kickVotes?: Record<string, string[]>;
  /** The last ROLLING_LOG_LINES log lines across actions, who did what (third person), oldest first. */
  recentLog?: LogLine[];
  /** A daily run: its UTC day (days since the epoch) and whether it is the player's scored attempt (false: practice). */
  daily?: DailyMark;
}

/** What marks a game as a daily run (see src/app/daily/). */
export interface DailyMark {
  day: number;
  scored: boolean;
  /** A scored run: the token of the attempt claim it was created under (the board's fence, see daily-service.ts). */
  token?: string;
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
  /** The round timer's ping: ids of the players the round waits for, to be mentioned once in a short message. */
  ping?: string[];
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
  /** A button on a game message that has been reposted: `live` is the one to use. */
  | { kind: 'retired'; guildId: string; live: MessageRef }
  | { kind: 'storage-unavailable' }
  | { kind: 'corrupt-save'; channelId: string; reason: string }
  | { kind: 'incompatible-save'; channelId: string; schema: number }
  | { kind: 'forbidden'; need: string }
  /** ▶️ Play again pressed by someone who did not play the finished run: they join the new game instead. */
  | { kind: 'not-your-run' }
  /** Rounds mode where messages are edited only through interactions (DMs, group DMs): its timer could not redraw. */
  | { kind: 'rounds-need-channel' }
  | { kind: 'rejected'; code: RejectionCode }
  /** A free-form refusal: `message` in English; `msg` words it in the reader's language (app/invalid.ts). */
  | { kind: 'invalid'; message: string; msg?: LogMsg };

export type Result<T> = { ok: true; value: T } | { ok: false; error: ServiceFailure };

/** Options a player may give to /rogue new; unset ones come from the guild's settings. */
export interface NewGameOptions {
  seed?: number;
  /** 'random': decided by the seed (as the setting of that name). */
  mapKind?: MapChoice;
  size?: MapSize;
  mode?: 'free' | 'rounds';
  /** 8-way movement for this game; default from the guild's `diagonals` setting. */
  diagonals?: boolean;
  /** The host's choice in /rogue new, or play again's (the finished game's); otherwise the settings'. */
  difficulty?: Difficulty;
  /** Party size: at most the server's max_players (the admins' limit). */
  maxPlayers?: number;
  /** Rounds mode: seconds per round (the host's choice, within the round_seconds setting's range). */
  roundSeconds?: number;
  /** Open a lobby first (`/rogue new` does unless lobby:false; Play again after a party run): players join, the host starts (or it starts when full or after LOBBY_MS); no timer runs meanwhile; never for a party of one. */
  lobby?: boolean;
  /** Players asked to join (play again: the previous party); the message mentions them. */
  invite?: UserRef[];
  /** A daily run (set only by the daily service, never from a player's options). */
  daily?: DailyMark;
  /** The starter's hero role (default: DEFAULT_ROLE). */
  role?: RoleKind;
  /** The rules version (engine/rules.ts): the daily's day's; default the latest. Never from a player's options. */
  rules?: number;
  /** The starter's language (their Discord client's): the shared message's unless the server's `language` setting says otherwise. */
  locale?: Locale;
  /** A Community server's language (`guild_locale`): the shared message's over the starter's, under the `language` setting. */
  serverLocale?: Locale;
}

/** Where an end vote stands: `votes` of the `living` voters (party members, fallen included) voted, `needed` end it (more than half). */
export interface EndVoteTally {
  votes: number;
  needed: number;
  living: number;
  /** The game is over (this vote passed, or it had already ended). */
  ended: boolean;
}

/** What a vote to end returns: the game, and the tally to draw ("🏳️ End (2/3)"). */
export interface EndVoteResult {
  view: GameView;
  tally: EndVoteTally;
  /** This vote ended the game (false when it had ended before, or the vote is still open). */
  passed: boolean;
}

/** What a kick returns: the game, whether the target is out, and an idle vote's tally when it is still open. */
export interface KickResult {
  view: GameView;
  removed: boolean;
  votes: number;
  needed: number;
}

/** `Omit` applied to each member of a union (plain `Omit` would merge the members into one shape). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Engine actions with their own service calls (join, leave) or sent by no player (the round timer's resolve). */
type NotActedByPlayers = 'join' | 'leave' | 'resolve-round';

/**
 * A player action as the commands and buttons send it: the engine's action without its `user`, which the service adds.
 * Derived, never copied, so every field of a new or changed engine action (such as a throw's `distance`) reaches step.
 */
export type PlayerAction = DistributiveOmit<Exclude<Action, { type: NotActedByPlayers }>, 'user'>;

/** Where an action came from: a button's drawing (version and game), and the Discord interaction that carried it. */
export interface ActOptions {
  /** A button: the state version it was drawn for. */
  seenVersion?: number;
  /** A button: the createdAt of the game it belongs to (a button of a replaced game is refused as `old-game`). */
  expectedGame?: number;
  /**
   * The interaction id that carried the action. It is recorded in the same atomic save that applies the action, so
   * an interaction delivered twice (to one process or to two at once) is applied once; the second delivery gets the
   * current view and no second turn.
   */
  interactionId?: string;
  /**
   * A press on the shared game message: that message's id. Checked inside the compare-and-set: a press on a message
   * that is no longer the channel's game message (retired by /rogue map or a repost) is refused as `retired`.
   */
  pressedMessage?: string;
}

export interface GameServiceApi {
  newGame(key: ChannelKey, user: UserRef, options: NewGameOptions): Promise<Result<GameView>>;
  /** `interactionId`: a join or leave delivered twice is applied once (see ActOptions). */
  join(key: ChannelKey, user: UserRef, opts?: { interactionId?: string; role?: RoleKind }): Promise<Result<GameView>>;
  leave(key: ChannelKey, user: UserRef, opts?: { interactionId?: string }): Promise<Result<GameView>>;
  /**
   * Applies one action. For a button, `seenVersion` is the version it was drawn for and `expectedGame` the
   * `createdAt` of the game it belongs to (a button of a replaced game is refused as `old-game`); slash commands
   * pass neither.
   */
  act(key: ChannelKey, user: UserRef, action: PlayerAction, opts?: ActOptions): Promise<Result<GameView>>;
  view(key: ChannelKey): Promise<Result<GameView>>;
  /** Ends the game: allowed for its creator or when `isAdmin` (Manage Server). */
  end(key: ChannelKey, user: UserRef, isAdmin: boolean): Promise<Result<GameView>>;
  /**
   * A party member's vote to end the game, fallen ones included (a button press passes `expectedGame`, the game's
   * createdAt). More than half of the party ends it with its summary; a non-player's vote is refused as `not-a-player`.
   */
  voteEnd(key: ChannelKey, user: UserRef, opts?: { expectedGame?: number; interactionId?: string }): Promise<Result<EndVoteResult>>;
  /**
   * Starts a new game with the finished game's settings and a new seed, the presser joined and the other players
   * invited (`meta.invited`). Refused as `game-exists` while the game is running.
   */
  playAgain(key: ChannelKey, user: UserRef, expectedGame?: number): Promise<Result<GameView>>;
  /**
   * Removes `target` from the party (their hero leaves the dungeon): at once for the host or an admin; from anyone
   * else in the living party it is a vote, allowed only against a member marked idle, and more than half of the other
   * living members remove them.
   */
  kick(key: ChannelKey, by: UserRef, target: UserRef, isAdmin: boolean, opts?: { interactionId?: string }): Promise<Result<KickResult>>;
  /** The host (or an admin) starts a run waiting in its lobby. */
  start(key: ChannelKey, user: UserRef, isAdmin: boolean, opts?: { interactionId?: string }): Promise<Result<GameView>>;
  /** Deletes the channel's game whatever its state (admin reset of a stuck or corrupt save). */
  resetGame(key: ChannelKey): Promise<Result<{ deleted: boolean }>>;
  /** Records the public game message of a channel. */
  setMessage(key: ChannelKey, message: MessageRef | null): Promise<Result<GameView>>;
  /**
   * Resolves every round whose deadline has passed, and ends every game nobody acted in for its idle_end_hours (with
   * its summary, `meta.endReason` 'idle'), across all processes, each exactly once.
   */
  resolveDueRounds(): Promise<GameView[]>;
}

export interface SettingsServiceApi {
  get(guildId: string): Promise<Result<GuildSettings>>;
  update(guildId: string, patch: GuildSettingsPatch): Promise<Result<GuildSettings>>;
  addChannel(guildId: string, channelId: string): Promise<Result<GuildSettings>>;
  removeChannel(guildId: string, channelId: string): Promise<Result<GuildSettings>>;
  reset(guildId: string): Promise<Result<GuildSettings>>;
  /** Per-user preferences (/rogue prefs, private views); absent where no prefs store is wired. */
  readonly prefs?: UserPrefsServiceApi;
}

/** Per-user preferences: read by whoever renders a user's private view, changed by /rogue prefs. */
export interface UserPrefsServiceApi {
  get(userId: string): Promise<Result<UserPrefs>>;
  update(userId: string, patch: UserPrefsPatch): Promise<Result<UserPrefs>>;
  /** Deletes the user's stored prefs (/rogue forget). */
  forget(userId: string): Promise<Result<void>>;
}

export type { Action };
