/** In-memory GameStore: same semantics as the Redis one (compare-and-set, log and summary in the same write), stored as JSON text so no live object leaks. */
import { decodeAction, decodeGame, encodeChannelKey, encodeMeta, encodeState, freezeGame } from '../../app/game-codec.js';
import { SUMMARIES_PER_CHANNEL, type GameStore, type GameSummaryRecord, type LoadResult, type Revision } from '../../app/ports.js';
import type { Action } from '../../engine/types.js';
import type { ChannelKey, StoredGame } from '../../app/service-types.js';

interface Row {
  key: ChannelKey;
  rev: Revision;
  status: string;
  state: string;
  meta: string;
  log: string[];
}

/** GameStore kept in process memory (npm run play, service tests). Single process only. */
export class MemoryGameStore implements GameStore {
  private readonly rows = new Map<string, Row>();
  /** Summary records (JSON) per channel, kept when the game is replaced or deleted, like the Redis ones. */
  private readonly summaryRows = new Map<string, { key: ChannelKey; records: string[] }>();
  private counter = 0;

  async load(key: ChannelKey): Promise<LoadResult> {
    const row = this.rows.get(encodeChannelKey(key));
    if (!row) return { kind: 'missing' };
    const decoded = decodeGame(row.state, row.meta);
    // Frozen like the Redis store's cached games, so a caller that mutates a state fails here too.
    return decoded.kind === 'found' ? { ...decoded, game: freezeGame(decoded.game), rev: row.rev } : decoded;
  }

  /** Nothing is offered: a load here is already a local read. */
  cached(): null {
    return null;
  }

  async create(key: ChannelKey, game: StoredGame, actions: readonly Action[], replacing?: Revision): Promise<Revision | null> {
    const id = encodeChannelKey(key);
    const row = this.rows.get(id);
    if (replacing === undefined ? row !== undefined : row?.rev !== replacing) return null;
    const fresh: Row = { key: copyKey(key), rev: '', status: '', state: '', meta: '', log: [] };
    this.rows.set(id, fresh);
    return this.write(fresh, game, actions);
  }

  async save(key: ChannelKey, game: StoredGame, expected: Revision, actions: readonly Action[], summary?: GameSummaryRecord): Promise<Revision | null> {
    const id = encodeChannelKey(key);
    const row = this.rows.get(id);
    if (row?.rev !== expected) return null;
    if (summary) {
      const entry = this.summaryRows.get(id) ?? { key: copyKey(key), records: [] };
      entry.records.push(JSON.stringify(summary));
      if (entry.records.length > SUMMARIES_PER_CHANNEL) entry.records.splice(0, entry.records.length - SUMMARIES_PER_CHANNEL);
      this.summaryRows.set(id, entry);
    }
    return this.write(row, game, actions);
  }

  async delete(key: ChannelKey): Promise<boolean> {
    return this.rows.delete(encodeChannelKey(key));
  }

  async listActive(guildId: string): Promise<ChannelKey[]> {
    return [...this.rows.values()].filter((r) => r.key.guildId === guildId && r.status === 'playing').map((r) => r.key);
  }

  async readLog(key: ChannelKey, from = 0, to?: number): Promise<Action[]> {
    return (this.rows.get(encodeChannelKey(key))?.log ?? []).slice(from, to).map(decodeAction);
  }

  async summaries(guildId: string): Promise<GameSummaryRecord[]> {
    return [...this.summaryRows.values()].filter((e) => e.key.guildId === guildId).flatMap((e) => e.records.map((t) => JSON.parse(t) as GameSummaryRecord));
  }

  /** Overwrites a record with raw text, bypassing validation (to test corrupt or old saves). */
  writeRaw(key: ChannelKey, stateText: string, metaText: string): void {
    const id = encodeChannelKey(key);
    const log = this.rows.get(id)?.log ?? [];
    this.rows.set(id, { key: copyKey(key), rev: this.nextRev(), status: 'playing', state: stateText, meta: metaText, log });
  }

  /** Writes the game into an existing row (compare-and-set already checked) and appends to its log; freezes `game` as the Redis store does. */
  private write(row: Row, game: StoredGame, actions: readonly Action[]): Revision {
    freezeGame(game);
    row.rev = this.nextRev();
    row.status = game.state.status;
    row.state = encodeState(game);
    row.meta = encodeMeta(game);
    for (const a of actions) row.log.push(JSON.stringify(a));
    return row.rev;
  }

  private nextRev(): Revision {
    this.counter += 1;
    return `m${this.counter}`;
  }
}

/** The stores keep their own copy: callers may reuse and change their key objects. */
function copyKey(key: ChannelKey): ChannelKey {
  return { guildId: key.guildId, channelId: key.channelId };
}
