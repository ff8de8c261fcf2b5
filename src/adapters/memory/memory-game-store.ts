/**
 * In-memory GameStore: same semantics as the Redis one (compare-and-set, log, summary and interaction id in the same
 * write), stored as JSON text so no live object leaks.
 */
import { decodeAction, decodeChannelKey, decodeGame, encodeChannelKey, encodeMeta, encodeState, freezeGame } from '../../app/game-codec.js';
import { LAST_RUN_TTL_MS, type FinishedRun, type FinishedRunStore, type OutboxEntry } from '../../app/daily/ports.js';
import { DUPLICATE, INTERACTION_TTL_MS, SUMMARIES_PER_CHANNEL, systemClock, type Clock, type GameStore, type GameSummaryRecord, type InteractionOptions, type LoadResult, type Revision, type SaveResult } from '../../app/ports.js';
import type { Action } from '../../engine/types.js';
import type { ChannelKey, StoredGame } from '../../app/service-types.js';
import { LOG_MAX_ACTIONS } from '../storage-bounds.js';

interface Row {
  key: ChannelKey;
  rev: Revision;
  status: string;
  state: string;
  meta: string;
  log: string[];
  /** The version the log starts at, and the state at that version (see LOG_MAX_ACTIONS); absent while the whole log is kept. */
  checkpoint?: { version: number; state: string };
}

/** A finished run's material as the finishing save left it (JSON text, like the rows). */
interface LastRun {
  state: string;
  meta: string;
  log: string[];
  logBase: number;
  expires: number;
}

/** GameStore kept in process memory (npm run play, service tests), with its FinishedRunStore. Single process only. */
export class MemoryGameStore implements GameStore, FinishedRunStore {
  /** Per channel, its last finished run (see FinishedRunStore). */
  private readonly lastRuns = new Map<string, LastRun>();
  /** Per channel, finished runs not yet recorded: run id -> summary record (JSON). */
  private readonly outboxes = new Map<string, Map<string, string>>();
  /** Per channel, the material of each run not yet recorded: run id -> its last run (see runMaterial). */
  private readonly pendingRuns = new Map<string, Map<string, LastRun>>();
  private readonly rows = new Map<string, Row>();
  /** Summary records (JSON) per channel, kept when the game is replaced or deleted, like the Redis ones. */
  private readonly summaryRows = new Map<string, { key: ChannelKey; records: string[] }>();
  /** Per channel, the interactions applied: id -> epoch ms at which the record expires (INTERACTION_TTL_MS after the save). */
  private readonly applied = new Map<string, Map<string, number>>();
  private readonly clock: Clock;
  private counter = 0;

  /** `clock` measures how long applied interactions are remembered (default: the system clock). */
  constructor(opts: { clock?: Clock } = {}) {
    this.clock = opts.clock ?? systemClock;
  }

  async load(key: ChannelKey, opts: InteractionOptions = {}): Promise<LoadResult> {
    const id = encodeChannelKey(key);
    const row = this.rows.get(id);
    if (!row) return { kind: 'missing' };
    const decoded = decodeGame(row.state, row.meta);
    if (decoded.kind !== 'found') return decoded;
    // Frozen like the Redis store's cached games, so a caller that mutates a state fails here too.
    const found = { ...decoded, game: freezeGame(decoded.game), rev: row.rev };
    return opts.interactionId === undefined ? found : { ...found, applied: this.isApplied(id, opts.interactionId, opts.now ?? this.clock.now()) };
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

  async save(key: ChannelKey, game: StoredGame, expected: Revision, actions: readonly Action[], summary?: GameSummaryRecord, opts: InteractionOptions = {}): Promise<SaveResult> {
    const id = encodeChannelKey(key);
    const row = this.rows.get(id);
    const now = opts.now ?? this.clock.now();
    // Checked before the revision, as the Redis script does: a redelivery is a duplicate, not a conflict.
    if (opts.interactionId !== undefined && this.isApplied(id, opts.interactionId, now)) return DUPLICATE;
    if (row?.rev !== expected) return null;
    if (opts.interactionId !== undefined) this.record(id, opts.interactionId, now);
    if (summary) {
      const entry = this.summaryRows.get(id) ?? { key: copyKey(key), records: [] };
      entry.records.push(JSON.stringify(summary));
      if (entry.records.length > SUMMARIES_PER_CHANNEL) entry.records.splice(0, entry.records.length - SUMMARIES_PER_CHANNEL);
      this.summaryRows.set(id, entry);
    }
    const rev = this.write(row, game, actions);
    if (summary) this.finish(id, row, summary);
    return rev;
  }

  async lastRun(key: ChannelKey): Promise<FinishedRun | null> {
    return this.decodeRun(this.lastRuns.get(encodeChannelKey(key)));
  }

  async runMaterial(key: ChannelKey, runId: string): Promise<FinishedRun | null> {
    return this.decodeRun(this.pendingRuns.get(encodeChannelKey(key))?.get(runId));
  }

  private decodeRun(run: LastRun | undefined): FinishedRun | null {
    if (!run || run.expires <= this.clock.now()) return null;
    const decoded = decodeGame(run.state, run.meta);
    return decoded.kind === 'found' ? { game: decoded.game, actions: run.log.map(decodeAction), logBase: run.logBase } : null;
  }

  async unrecorded(limit: number): Promise<OutboxEntry[]> {
    const out: OutboxEntry[] = [];
    for (const [id, box] of this.outboxes) {
      const key = decodeChannelKey(id);
      if (key) for (const [runId, text] of box) out.push({ key, runId, summary: JSON.parse(text) as GameSummaryRecord });
    }
    return out.slice(0, limit);
  }

  async markRecorded(key: ChannelKey, runId: string): Promise<void> {
    const id = encodeChannelKey(key);
    this.outboxes.get(id)?.delete(runId);
    if (this.outboxes.get(id)?.size === 0) this.outboxes.delete(id);
    this.pendingRuns.get(id)?.delete(runId);
    if (this.pendingRuns.get(id)?.size === 0) this.pendingRuns.delete(id);
  }

  async delete(key: ChannelKey): Promise<boolean> {
    const id = encodeChannelKey(key);
    this.applied.delete(id);
    return this.rows.delete(id);
  }

  async listActive(guildId: string): Promise<ChannelKey[]> {
    return [...this.rows.values()].filter((r) => r.key.guildId === guildId && r.status === 'playing').map((r) => r.key);
  }

  async readLog(key: ChannelKey, from = 0, to?: number): Promise<Action[]> {
    const row = this.rows.get(encodeChannelKey(key));
    const base = row?.checkpoint?.version ?? 0;
    const start = Math.max(from, base) - base;
    if (to !== undefined && to - base <= start) return [];
    return (row?.log ?? []).slice(start, to === undefined ? undefined : to - base).map(decodeAction);
  }

  /** The state a long game's log restarts from, and its version; null while the whole log is kept. */
  async logCheckpoint(key: ChannelKey): Promise<{ version: number; state: string } | null> {
    return this.rows.get(encodeChannelKey(key))?.checkpoint ?? null;
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

  /** The finishing save's second half (as the Redis FINISH script): the outbox entry and the run's material. */
  private finish(id: string, row: Row, summary: GameSummaryRecord): void {
    const runId = String(summary.createdAt);
    this.outboxes.set(id, (this.outboxes.get(id) ?? new Map<string, string>()).set(runId, JSON.stringify(summary)));
    const run: LastRun = { state: row.state, meta: row.meta, log: [...row.log], logBase: row.checkpoint?.version ?? 0, expires: this.clock.now() + LAST_RUN_TTL_MS };
    this.lastRuns.set(id, run);
    this.pendingRuns.set(id, (this.pendingRuns.get(id) ?? new Map<string, LastRun>()).set(runId, run));
  }

  /** True while `interactionId` is recorded for the channel (its record has not expired at `now`). */
  private isApplied(id: string, interactionId: string, now: number): boolean {
    const expires = this.applied.get(id)?.get(interactionId);
    return expires !== undefined && expires > now;
  }

  /** Records an applied interaction until now + INTERACTION_TTL_MS, dropping the channel's expired records as Redis trims its set. */
  private record(id: string, interactionId: string, now: number): void {
    const ids = this.applied.get(id) ?? new Map<string, number>();
    for (const [other, expires] of ids) if (expires <= now) ids.delete(other);
    // Every one for the whole window, whatever the channel's rate (as the Redis record keeps).
    ids.set(interactionId, now + INTERACTION_TTL_MS);
    this.applied.set(id, ids);
  }

  /** Writes the game into an existing row (compare-and-set already checked) and appends to its log; freezes `game` as the Redis store does. */
  private write(row: Row, game: StoredGame, actions: readonly Action[]): Revision {
    freezeGame(game);
    row.rev = this.nextRev();
    row.status = game.state.status;
    row.state = encodeState(game);
    row.meta = encodeMeta(game);
    for (const a of actions) row.log.push(JSON.stringify(a));
    if (row.log.length > LOG_MAX_ACTIONS) {
      row.checkpoint = { version: (row.checkpoint?.version ?? 0) + row.log.length, state: row.state };
      row.log = [];
    }
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
