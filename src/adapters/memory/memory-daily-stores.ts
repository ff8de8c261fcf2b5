/** In-memory twins of the daily stores (attempts, boards, history), with expiry read from an injected clock. */
import type { Clock } from '../../app/ports.js';
import { compareEntries } from '../../app/daily/board-order.js';
import { HISTORY_KEPT, type BoardEntry, type BoardId, type BoardStore, type DailyAttemptStore, type HistoryEntry, type HistoryStore, type RankedEntry } from '../../app/daily/ports.js';
import type { ChannelKey } from '../../app/service-types.js';

/** The map key of a board (the same words as the Redis key, without the prefix). */
function boardName(board: BoardId): string {
  switch (board.scope) {
    case 'server':
      return `server:${board.guildId}:${board.day}`;
    case 'global':
      return `global:${board.day}`;
    case 'all-time':
      return `all-time:${board.guildId}`;
  }
}

/** Attempt claims in process memory. */
export class MemoryDailyAttemptStore implements DailyAttemptStore {
  private readonly claims = new Map<string, { token: string; expires: number }>();
  private next = 0;
  constructor(private readonly clock: Clock) {}

  async claim(userId: string, day: number, ttlMs: number): Promise<string | null> {
    const id = `${userId}:${day}`;
    const held = this.claims.get(id);
    if (held && held.expires > this.clock.now()) return null;
    const token = `t${++this.next}`;
    this.claims.set(id, { token, expires: this.clock.now() + ttlMs });
    return token;
  }

  async release(userId: string, day: number, token: string): Promise<void> {
    const id = `${userId}:${day}`;
    if (this.claims.get(id)?.token === token) this.claims.delete(id);
  }
}

/** Boards in process memory. */
export class MemoryBoardStore implements BoardStore {
  private readonly boards = new Map<string, { entries: Map<string, BoardEntry>; expires: number | null }>();
  constructor(private readonly clock: Clock) {}

  async record(board: BoardId, entry: BoardEntry, ttlMs: number | null): Promise<boolean> {
    const name = boardName(board);
    const b = this.live(name) ?? { entries: new Map<string, BoardEntry>(), expires: null };
    const held = b.entries.get(entry.userId);
    if (held && compareEntries(held, entry) <= 0) return false;
    b.entries.set(entry.userId, { ...entry });
    b.expires = ttlMs === null ? null : this.clock.now() + ttlMs;
    this.boards.set(name, b);
    return true;
  }

  async top(board: BoardId, limit: number): Promise<RankedEntry[]> {
    return this.ranked(board).slice(0, limit);
  }

  async rankOf(board: BoardId, userId: string): Promise<RankedEntry | null> {
    return this.ranked(board).find((e) => e.userId === userId) ?? null;
  }

  private ranked(board: BoardId): RankedEntry[] {
    const b = this.live(boardName(board));
    if (!b) return [];
    return [...b.entries.values()].sort(compareEntries).map((e, i) => ({ ...e, rank: i + 1 }));
  }

  private live(name: string) {
    const b = this.boards.get(name);
    if (b && b.expires !== null && b.expires <= this.clock.now()) {
      this.boards.delete(name);
      return undefined;
    }
    return b;
  }
}

/** Run history in process memory, newest first. */
export class MemoryHistoryStore implements HistoryStore {
  private readonly lists = new Map<string, HistoryEntry[]>();

  async add(entry: HistoryEntry): Promise<void> {
    const push = (id: string) => this.lists.set(id, [structuredClone(entry), ...(this.lists.get(id) ?? [])].slice(0, HISTORY_KEPT));
    push(`channel:${entry.guildId}:${entry.channelId}`);
    for (const p of new Set(entry.players.map((u) => u.id))) push(`user:${p}`);
  }

  async byChannel(key: ChannelKey, limit: number): Promise<HistoryEntry[]> {
    return (this.lists.get(`channel:${key.guildId}:${key.channelId}`) ?? []).slice(0, limit);
  }

  async byUser(userId: string, limit: number): Promise<HistoryEntry[]> {
    return (this.lists.get(`user:${userId}`) ?? []).slice(0, limit);
  }
}
