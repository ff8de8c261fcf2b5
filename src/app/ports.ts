/** Ports of the app layer: storage, settings, time, round deadlines and logging. Adapters implement them; the service only sees these. */
import type { Action, RunSummary } from '../engine/types.js';
import type { GuildSettings } from './settings.js';
import type { ChannelKey, StoredGame } from './service-types.js';
import type { UserPrefs, UserPrefsPatch } from './user-prefs.js';

/**
 * An opaque token that changes on every write of a channel's record (state or meta).
 * Saves compare-and-set on it rather than on `state.version` alone, so meta-only writes (the
 * message id) are protected too and a deleted-then-recreated game can never be mistaken for the
 * old one (no ABA): the token is random per write.
 */
export type Revision = string;

/**
 * How long a store remembers the interaction a save applied: longer than the 15 minutes a Discord interaction token
 * lives, so no redelivery of an interaction can arrive after its record has gone.
 */
export const INTERACTION_TTL_MS = 20 * 60 * 1000;

/**
 * The interaction behind a save (or a load made to save): what makes an action exactly-once per interaction.
 * A save given `interactionId` records it in the same atomic write that applies the action, for INTERACTION_TTL_MS;
 * while it is recorded, another save with the same id writes nothing and answers DUPLICATE (checked before the
 * revision, so a redelivery is told so even when it also lost the compare-and-set).
 */
export interface InteractionOptions {
  /** The interaction that carried the write (a Discord snowflake; any non-empty string). */
  interactionId?: string;
  /**
   * Epoch ms the record's expiry is measured from. Omitted, each store uses its own clock (the memory store its
   * injected Clock, Redis the server's clock, which every process shares). Given by tests that move time.
   */
  now?: number;
}

/** A save refused because its interaction was already applied by an earlier save: nothing was written. */
export interface DuplicateInteraction {
  readonly duplicate: true;
}

/** The one value saves return for a duplicate interaction. */
export const DUPLICATE: DuplicateInteraction = Object.freeze({ duplicate: true });

/** What a compare-and-set save reports: the new revision, null on a conflict (nothing written), or DUPLICATE. */
export type SaveResult = Revision | null | DuplicateInteraction;

/** True when a save (or anything passing its result on) was refused as a duplicate interaction. */
export function isDuplicate(r: unknown): r is DuplicateInteraction {
  return typeof r === 'object' && r !== null && 'duplicate' in r && r.duplicate === true;
}

/** What loading a channel's game can find. Storage that cannot be reached is an exception (StorageUnavailableError), not a result. */
export type LoadResult =
  | {
      kind: 'found';
      game: StoredGame;
      rev: Revision;
      migratedFrom: number | null;
      /**
       * Only when the load was given an interaction id: true when a save already recorded it, read atomically with the
       * game, so the game returned includes that interaction's effect.
       */
      applied?: boolean;
    }
  | { kind: 'missing' }
  | { kind: 'corrupt'; reason: string }
  | { kind: 'incompatible'; schema: number };

/** A small record left by a finished game, for leaderboards later. */
export interface GameSummaryRecord {
  guildId: string;
  channelId: string;
  seed: number;
  createdAt: number;
  endedAt: number;
  outcome: RunSummary['outcome'];
  depth: number;
  turns: number;
  kills: number;
  players: RunSummary['kills'];
}

/** Summaries a store keeps per channel: the newest ones; older ones are dropped in the write that adds one. */
export const SUMMARIES_PER_CHANNEL = 100;

/** Thrown by adapters when the backing store cannot be reached in time; the service maps it to `storage-unavailable`. */
/**
 * A save found one of the channel's keys damaged (another Redis type under the log or summaries key, say) and wrote
 * nothing: the player gets the damaged-game refusal, which `/rogue-config reset-game` repairs.
 */
export class DamagedSaveError extends Error {
  override readonly name = 'DamagedSaveError';
  constructor(readonly reason: string) {
    super(`damaged save: ${reason}`);
  }
}

export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Per-channel game records with compare-and-set saves and an append-only log of accepted actions. */
export interface GameStore {
  /** The channel's game; with an interaction id it also says whether that interaction was already applied (`applied`). */
  load(key: ChannelKey, opts?: InteractionOptions): Promise<LoadResult>;
  /**
   * The last game this process loaded or saved for the channel, WITHOUT asking storage whether it is still current
   * (null when none is offered). Only good as the base of a compare-and-set save, which fails if it was stale. A
   * store offers it only if its writes cannot land after their caller timed out (so a write that is the first
   * command of an operation is as safe as a read).
   */
  cached(key: ChannelKey): { game: StoredGame; rev: Revision } | null;
  /**
   * Writes a new game and resets its action log to `actions`, atomically.
   * Without `replacing` it only succeeds when the channel has no record; with it, only when the record's
   * revision is still `replacing` (a finished game being replaced). Returns the new revision, or null.
   */
  create(key: ChannelKey, game: StoredGame, actions: readonly Action[], replacing?: Revision): Promise<Revision | null>;
  /**
   * Compare-and-set: writes `game` and appends `actions` to the log in the same transaction, only if the revision
   * is still `expected`. `summary` (the save that ends a game) is recorded in that same transaction, so a finished
   * game leaves its summary exactly once. Returns the new revision, or null on conflict.
   * With `opts.interactionId` the interaction is recorded in that same transaction; if it is recorded already, nothing
   * is written and DUPLICATE is returned, whatever the revision (see InteractionOptions).
   */
  save(key: ChannelKey, game: StoredGame, expected: Revision, actions: readonly Action[], summary?: GameSummaryRecord, opts?: InteractionOptions): Promise<SaveResult>;
  /** Deletes the record, its log and its recorded interactions; true when something was deleted. Works on corrupt records too. */
  delete(key: ChannelKey): Promise<boolean>;
  /** Channels of the guild that have a game still playing. */
  listActive(guildId: string): Promise<ChannelKey[]>;
  /** Accepted actions, in order, from index `from` (= the version they were applied to) up to `to` (exclusive; default: all). */
  readLog(key: ChannelKey, from?: number, to?: number): Promise<Action[]>;
  /** Summaries of a guild's finished games, at most SUMMARIES_PER_CHANNEL (the newest) per channel (leaderboards later; tests). */
  summaries(guildId: string): Promise<GameSummaryRecord[]>;
}

/** Per-guild settings. `get` never fails on bad stored data: it falls back to defaults field by field and logs a warning. */
export interface SettingsStore {
  get(guildId: string): Promise<GuildSettings>;
  set(guildId: string, settings: GuildSettings): Promise<void>;
  clear(guildId: string): Promise<void>;
}

/** Per-user preferences, whatever the server. `get` never fails on bad stored data: damaged fields read as defaults, logged. */
export interface UserPrefsStore {
  get(userId: string): Promise<UserPrefs>;
  /** Applies a validated patch (last write wins) and returns the prefs now stored. */
  set(userId: string, patch: UserPrefsPatch): Promise<UserPrefs>;
  /** Deletes the user's stored prefs (/rogue forget); they read as the defaults afterwards. */
  forget(userId: string): Promise<void>;
}

/** The only source of time for the app layer (the engine never reads one). */
export interface Clock {
  now(): number;
}

/** Wall-clock time. */
export const systemClock: Clock = { now: () => Date.now() };

/** A due round handed to exactly one caller; `lease` is the score the entry was moved to while it is being resolved. */
export interface RoundClaim {
  key: ChannelKey;
  lease: number;
}

/**
 * Round deadlines shared by every process. Invariant kept by the service: each rounds-mode game that is
 * playing has an entry whose score is at most its real deadline (or a lease held by a claimer). An early
 * entry is harmless: its claimer reloads the game, sees the round is not due, and settles the entry to the
 * real deadline.
 */
export interface RoundScheduler {
  /**
   * Sets the channel's deadline when there is no entry, when it is earlier than the entry, when the entry is a
   * lease, or when the entry still equals `previous` (the deadline the saved state replaced). Otherwise the entry
   * is left earlier than the truth, which only costs one extra wake-up.
   */
  schedule(key: ChannelKey, deadline: number, previous?: number | null): Promise<void>;
  /** Sets the entry to `deadline` whatever it holds: a newly created game owns its channel's entry. */
  replace(key: ChannelKey, deadline: number): Promise<void>;
  /** Removes the entry only if its score is still `expected` (so a newer game's deadline is never removed). */
  cancel(key: ChannelKey, expected: number): Promise<void>;
  /** Atomically claims up to `limit` entries due at `now`: each is moved to a lease of `leaseMs` and returned to this caller only. */
  claimDue(now: number, limit: number, leaseMs: number): Promise<RoundClaim[]>;
  /** After resolving: replaces the lease with the next deadline (or removes it when null), only if the entry is still this lease. */
  settle(claim: RoundClaim, next: number | null): Promise<boolean>;
  /** The entry's score, or null (for tests and diagnostics). */
  scoreOf(key: ChannelKey): Promise<number | null>;
}

/** Structured fields attached to a log line. */
export type LogFields = Record<string, unknown>;

/** Logging port; main wires pino behind it. */
export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** A logger that drops everything. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Lease scores end in .5 so anyone can tell a lease from a deadline (deadlines are whole milliseconds). */
export function leaseScore(now: number, leaseMs: number): number {
  return Math.floor(now) + leaseMs + 0.5;
}

/** True when a queue score is a claim's lease rather than a deadline. */
export function isLease(score: number): boolean {
  return score !== Math.floor(score);
}
