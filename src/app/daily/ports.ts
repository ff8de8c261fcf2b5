/** Ports of the daily dungeon, boards and run history: adapters (memory, Redis) implement them. */
import type { RunSummary } from '../../engine/types.js';
import type { ChannelKey, DailyMark, UserRef } from '../service-types.js';

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

/** One scored daily attempt per user per UTC day, across every server and process. */
export interface DailyAttemptStore {
  /** Claims the user's attempt of `day` (SET NX): a token when this call got it, null when it was taken already. */
  claim(userId: string, day: number, ttlMs: number): Promise<string | null>;
  /** Gives a claim back (the game could not be created), only if it still holds `token`. */
  release(userId: string, day: number, token: string): Promise<void>;
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
}

/** How many runs each history list keeps (the newest). */
export const HISTORY_KEPT = 50;

/** Run history per channel and per player, newest first. */
export interface HistoryStore {
  /** Adds a run to its channel's list and to each of its players' lists (each trimmed to HISTORY_KEPT). */
  add(entry: HistoryEntry): Promise<void>;
  byChannel(key: ChannelKey, limit: number): Promise<HistoryEntry[]>;
  byUser(userId: string, limit: number): Promise<HistoryEntry[]>;
}
