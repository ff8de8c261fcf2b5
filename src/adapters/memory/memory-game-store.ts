/** In-memory GameStore: same semantics as the Redis one (compare-and-set, log in the same write), stored as JSON text so no live object leaks. */
import { decodeAction, decodeGame, encodeMeta, encodeState } from '../../app/game-codec.js';
import type { GameStore, GameSummaryRecord, LoadResult, Revision } from '../../app/ports.js';
import type { Action } from '../../engine/types.js';
import type { ChannelKey, StoredGame } from '../../app/service-types.js';
import { channelId, parseChannelId } from './keys.js';

interface Row {
  rev: Revision;
  status: string;
  state: string;
  meta: string;
  log: string[];
}

/** GameStore kept in process memory (npm run play, service tests). Single process only. */
export class MemoryGameStore implements GameStore {
  private readonly rows = new Map<string, Row>();
  private readonly summaries = new Map<string, string>();
  private counter = 0;

  async load(key: ChannelKey): Promise<LoadResult> {
    const row = this.rows.get(channelId(key));
    if (!row) return { kind: 'missing' };
    const decoded = decodeGame(row.state, row.meta);
    return decoded.kind === 'found' ? { ...decoded, rev: row.rev } : decoded;
  }

  async create(key: ChannelKey, game: StoredGame, actions: readonly Action[], replacing?: Revision): Promise<Revision | null> {
    const id = channelId(key);
    const row = this.rows.get(id);
    if (replacing === undefined ? row !== undefined : row?.rev !== replacing) return null;
    const rev = this.nextRev();
    this.rows.set(id, { rev, status: game.state.status, state: encodeState(game), meta: encodeMeta(game), log: actions.map((a) => JSON.stringify(a)) });
    return rev;
  }

  async save(key: ChannelKey, game: StoredGame, expected: Revision, actions: readonly Action[]): Promise<Revision | null> {
    const row = this.rows.get(channelId(key));
    if (!row || row.rev !== expected) return null;
    const rev = this.nextRev();
    row.rev = rev;
    row.status = game.state.status;
    row.state = encodeState(game);
    row.meta = encodeMeta(game);
    for (const a of actions) row.log.push(JSON.stringify(a));
    return rev;
  }

  async delete(key: ChannelKey): Promise<boolean> {
    return this.rows.delete(channelId(key));
  }

  async listActive(guildId: string): Promise<ChannelKey[]> {
    const out: ChannelKey[] = [];
    for (const [id, row] of this.rows) {
      const key = parseChannelId(id);
      if (key.guildId === guildId && row.status === 'playing') out.push(key);
    }
    return out;
  }

  async readLog(key: ChannelKey, from = 0): Promise<Action[]> {
    return (this.rows.get(channelId(key))?.log ?? []).slice(from).map(decodeAction);
  }

  async writeSummary(record: GameSummaryRecord): Promise<void> {
    this.summaries.set(`${channelId(record)}:${record.createdAt}`, JSON.stringify(record));
  }

  /** Summaries of a guild, newest last (for tests and npm run play). */
  summariesOf(guildId: string): GameSummaryRecord[] {
    return [...this.summaries.values()].map((t) => JSON.parse(t) as GameSummaryRecord).filter((r) => r.guildId === guildId);
  }

  /** Overwrites a record with raw text, bypassing validation (to test corrupt or old saves). */
  writeRaw(key: ChannelKey, stateText: string, metaText: string): void {
    const id = channelId(key);
    const log = this.rows.get(id)?.log ?? [];
    this.rows.set(id, { rev: this.nextRev(), status: 'playing', state: stateText, meta: metaText, log });
  }

  private nextRev(): Revision {
    this.counter += 1;
    return `m${this.counter}`;
  }
}
