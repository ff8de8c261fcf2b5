/** In-memory twins of the daily stores (attempts, boards, history), with expiry read from an injected clock. */
import type { Clock } from '../../app/ports.js';
import { compareEntries } from '../../app/daily/board-order.js';
import { HISTORY_KEPT, type AttemptClaim, type BoardEntry, type BoardId, type BoardStore, type ClaimResult, type DailyAttemptStore, type HistoryEntry, type HistoryStore, type RankedEntry } from '../../app/daily/ports.js';
import { canonicalJson } from '../../app/daily/verify.js';
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

/** Attempt claims in process memory, with the Redis scripts' compare-and-set rules. */
export class MemoryDailyAttemptStore implements DailyAttemptStore {
  private readonly claims = new Map<string, AttemptClaim & { expires: number }>();
  private next = 0;
  constructor(private readonly clock: Clock) {}

  async claim(userId: string, day: number, where: ChannelKey, now: number, ttlMs: number): Promise<ClaimResult> {
    const held = this.live(userId, day);
    if (held) return { won: false, held: { token: held.token, status: held.status, guildId: held.guildId, channelId: held.channelId, at: held.at } };
    const token = `t${++this.next}`;
    this.claims.set(`${userId}:${day}`, { token, status: 'pending', guildId: where.guildId, channelId: where.channelId, at: now, expires: this.clock.now() + ttlMs });
    return { won: true, token };
  }

  async takeOver(userId: string, day: number, oldToken: string, where: ChannelKey, now: number, ttlMs: number): Promise<string | null> {
    const held = this.live(userId, day);
    if (held?.token !== oldToken || held.status !== 'pending') return null;
    const token = `t${++this.next}`;
    Object.assign(held, { token, guildId: where.guildId, channelId: where.channelId, at: now, expires: this.clock.now() + ttlMs });
    return token;
  }

  async confirm(userId: string, day: number, token: string): Promise<boolean> {
    const held = this.live(userId, day);
    if (held?.token !== token) return false;
    if (held.status === 'pending') held.status = 'confirmed';
    return true;
  }

  async fence(userId: string, day: number, token: string): Promise<boolean> {
    const held = this.live(userId, day);
    if (held?.token !== token) return false;
    held.status = 'recorded';
    return true;
  }

  async release(userId: string, day: number, token: string): Promise<void> {
    const held = this.live(userId, day);
    if (held?.token === token && held.status === 'pending') this.claims.delete(`${userId}:${day}`);
  }

  private live(userId: string, day: number) {
    const held = this.claims.get(`${userId}:${day}`);
    return held && held.expires > this.clock.now() ? held : undefined;
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
    const text = canonicalJson(entry);
    // As the Redis script: a run already in the list (the same channel and run id; without one, the same canonical
    // text) is not added again.
    const same = (e: HistoryEntry): boolean =>
      entry.run !== undefined ? e.run === entry.run && e.guildId === entry.guildId && e.channelId === entry.channelId : canonicalJson(e) === text;
    const push = (id: string) => {
      const list = this.lists.get(id) ?? [];
      if (!list.some(same)) this.lists.set(id, [structuredClone(entry), ...list].slice(0, HISTORY_KEPT));
    };
    push(`channel:${entry.guildId}:${entry.channelId}`);
    for (const p of new Set(entry.players.map((u) => u.id))) push(`user:${p}`);
  }

  async byChannel(key: ChannelKey, limit: number): Promise<HistoryEntry[]> {
    return (this.lists.get(`channel:${key.guildId}:${key.channelId}`) ?? []).slice(0, limit);
  }

  async byUser(userId: string, limit: number): Promise<HistoryEntry[]> {
    return (this.lists.get(`user:${userId}`) ?? []).slice(0, limit);
  }

  async forgetUser(userId: string): Promise<void> {
    this.lists.delete(`user:${userId}`);
  }
}
