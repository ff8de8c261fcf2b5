/** Ports of the daily dungeon, boards and run history: adapters (memory, Redis) implement them. */
import type { Action, RunSummary } from '../../engine/types.js';
import type { GameSummaryRecord } from '../ports.js';
import type { ChannelKey, DailyMark, StoredGame, UserRef } from '../service-types.js';

/** One board line as stored: who, how well, and when the run finished (ties: the earlier finish ranks first). */
export interface BoardEntry {
  userId: string;
  /** The name as the player wrote it (neutralised when shown, never a mention). */
  name: string;
  score: number;
  depth: number;
  turns: number;
  outcome: RunSummary['outcome'];
  /** Epoch ms the run finished. */
  finishedAt: number;
  guildId: string;
}

/** A board entry with its 1-based rank. */
export interface RankedEntry extends BoardEntry {
  rank: number;
}

/** Which board: a day's board of one server or of every server, or one server's all-time best. */
export type BoardId = { scope: 'server'; guildId: string; day: number } | { scope: 'global'; day: number } | { scope: 'all-time'; guildId: string };

/** Sorted boards: higher score first, then the earlier finish. One entry per player per board, their best. */
export interface BoardStore {
  /**
   * Records `entry` unless the player already has an equal or better one on that board (so a repeat is harmless).
   * `ttlMs` (from now) makes the whole board expire; null keeps it. True when the entry was written.
   */
  record(board: BoardId, entry: BoardEntry, ttlMs: number | null): Promise<boolean>;
  /** The best `limit` entries, ranked. */
  top(board: BoardId, limit: number): Promise<RankedEntry[]>;
  /** One player's entry and rank, or null. */
  rankOf(board: BoardId, userId: string): Promise<RankedEntry | null>;
}

/**
 * A user's claim on the scored attempt of a day: `pending` from the claim until the game carrying `token` exists,
 * `confirmed` after, `recorded` once a run carrying `token` reached the boards (then it can never be taken over).
 */
export interface AttemptClaim {
  token: string;
  status: 'pending' | 'confirmed' | 'recorded';
  /** The channel the claimed game is (being) created in. */
  guildId: string;
  channelId: string;
  /** Epoch ms of the claim (or of its last takeover), on the claimer's clock. */
  at: number;
}

/** What claiming found: the claim is ours (with its token), or someone holds it already. */
export type ClaimResult = { won: true; token: string } | { won: false; held: AttemptClaim };

/**
 * One scored daily attempt per user per UTC day, across every server and process: one key per user and day, every
 * operation a compare-and-set on that one key (so one cluster slot, whatever channel the game is in).
 */
export interface DailyAttemptStore {
  /** Claims the user's attempt of `day` for a game in `where` if nobody holds it: a fresh pending claim. */
  claim(userId: string, day: number, where: ChannelKey, now: number, ttlMs: number): Promise<ClaimResult>;
  /** Takes over a pending claim still holding `oldToken` (its game was never created): the new token, or null. */
  takeOver(userId: string, day: number, oldToken: string, where: ChannelKey, now: number, ttlMs: number): Promise<string | null>;
  /** The game carrying `token` exists: a pending claim with that token becomes confirmed. False when the claim holds another token. */
  confirm(userId: string, day: number, token: string): Promise<boolean>;
  /** The board's fence: true (and the claim marked recorded) only when the claim holds `token`. */
  fence(userId: string, day: number, token: string): Promise<boolean>;
  /** Gives a pending claim back (its game could not be created), only if it still holds `token`. */
  release(userId: string, day: number, token: string): Promise<void>;
}

/** How long a channel's last finished run (its game and action log) is kept for `/rogue replay` and its recording. */
export const LAST_RUN_TTL_MS = 7 * 86_400_000;

/** A channel's last finished run, as the save that finished it left it. */
export interface FinishedRun {
  game: StoredGame;
  /** The stored action log (from `logBase` on: a log past LOG_MAX_ACTIONS restarts at a checkpoint). */
  actions: Action[];
  logBase: number;
}

/** A finished run that the save ending it marked "to record": its channel and its summary record. */
export interface OutboxEntry {
  key: ChannelKey;
  /** The run's id in its channel: String(meta.createdAt). */
  runId: string;
  summary: GameSummaryRecord;
}

/**
 * Written by GameStore.save in the same atomic write that finishes a run (a game store implements both): the run's
 * replay material (kept LAST_RUN_TTL_MS, the newest run per channel) and an outbox entry that stays until the run is
 * recorded in history and on the boards, so a crash between the finish and the recording loses nothing.
 */
export interface FinishedRunStore {
  /** The channel's last finished run, or null (none, expired, or damaged). */
  lastRun(key: ChannelKey): Promise<FinishedRun | null>;
  /**
   * One finished run's material, kept per run from its finishing save until it is recorded (markRecorded drops it),
   * so later runs in the channel never overwrite a run still to record; null when recorded, expired or damaged.
   */
  runMaterial(key: ChannelKey, runId: string): Promise<FinishedRun | null>;
  /** Up to `limit` outbox entries, of any channel. */
  unrecorded(limit: number): Promise<OutboxEntry[]>;
  /** Drops a run's outbox entry and its kept material, together: it is recorded. */
  markRecorded(key: ChannelKey, runId: string): Promise<void>;
}

/** The small summary every finished run leaves. */
export interface HistoryEntry {
  guildId: string;
  channelId: string;
  players: UserRef[];
  score: number;
  depth: number;
  turns: number;
  outcome: RunSummary['outcome'];
  /** One line saying how the run went. */
  recap: string;
  seed: number;
  /** Epoch ms the run finished. */
  endedAt: number;
  daily?: DailyMark;
  /**
   * The run's id in its channel (String(meta.createdAt)): with the channel it names the run, so every recording path
   * writes its line once (absent on lines written before it existed).
   */
  run?: string;
}

/** How many runs each history list keeps (the newest). */
export const HISTORY_KEPT = 50;

/** Run history per channel and per player, newest first. */
export interface HistoryStore {
  /**
   * Adds a run to its channel's list and to each of its players' lists (each trimmed to HISTORY_KEPT); a run already
   * there (the same channel and `run`, or without `run` the same line) is not added twice.
   */
  add(entry: HistoryEntry): Promise<void>;
  byChannel(key: ChannelKey, limit: number): Promise<HistoryEntry[]>;
  byUser(userId: string, limit: number): Promise<HistoryEntry[]>;
  /** Deletes the user's own list of runs (/rogue forget); channel lists, shared with other players, keep theirs. */
  forgetUser(userId: string): Promise<void>;
}
