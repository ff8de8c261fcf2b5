/**
 * The daily dungeon, its boards and the run history, over the game service and three small stores.
 *
 * One scored attempt per user per UTC day: `start` claims the attempt (SET NX, shared by every process and server)
 * BEFORE it creates the game, and gives the claim back if the game could not be created; two presses at once (or on
 * two replicas) race for the claim and only one wins it. The loser, and anyone pressing again, is offered a practice
 * run of the same dungeon, which is marked `scored: false` and never reaches a board; `/rogue new` games carry no
 * daily mark at all.
 *
 * Boards are written from `recordFinished`, which GameService calls after the save that ends a game: a scored daily
 * run's stored log is replayed from the day's rules and only the replayed score is recorded (see verify.ts).
 */
import { scoreRun } from '../../engine/score.js';
import type { Clock, GameStore, Logger, SettingsStore } from '../ports.js';
import type { ChannelKey, GameServiceApi, GameView, Result, StoredGame, UserRef } from '../service-types.js';
import { SETTING_ROWS } from '../settings.js';
import { storageGuarded } from '../storage-guard.js';
import { recapFromSummary } from './cards.js';
import { DAY_MS, dailyRules, utcDay } from './day.js';
import type { BoardEntry, BoardId, BoardStore, DailyAttemptStore, HistoryEntry, HistoryStore, RankedEntry } from './ports.js';
import { verifyDailyRun } from './verify.js';

/** How many lines a board shows (the asker's own line is added below when they rank lower). */
export const BOARD_TOP = 10;
/** How many runs `/rogue history` lists. */
export const HISTORY_SHOWN = 10;
/** Global daily boards are kept this long (servers choose their own retention for their boards). */
export const GLOBAL_RETENTION_DAYS = SETTING_ROWS.dailyRetentionDays.default;
/** An attempt claim outlives its day, so a claim can never expire while the day still runs. */
const ATTEMPT_TTL_MS = 2 * DAY_MS;

/** What `/rogue daily` got: the game, or that the daily is off here, or that the scored attempt of today is used. */
export type DailyStart = { kind: 'started'; view: GameView; scored: boolean } | { kind: 'disabled' } | { kind: 'attempt-used'; day: number };

/** Which board `/rogue board` asks for. */
export interface BoardQuery {
  scope: 'server' | 'global' | 'all-time';
  /** The previous UTC day's board (daily scopes only). */
  yesterday?: boolean;
}

/** A board as shown: its entries, the asker's own line when they are below them, and which board it is. */
export interface BoardView {
  board: BoardId;
  top: RankedEntry[];
  own: RankedEntry | null;
}

/** What the commands call. */
export interface DailyServiceApi {
  start(key: ChannelKey, user: UserRef, opts?: { practice?: boolean }): Promise<Result<DailyStart>>;
  board(guildId: string, user: UserRef, query: BoardQuery): Promise<Result<BoardView>>;
  history(of: { channel: ChannelKey } | { userId: string }): Promise<Result<HistoryEntry[]>>;
}

export interface DailyServiceDeps {
  games: GameServiceApi;
  /** Read-only use: the finished game's action log. */
  gameStore: GameStore;
  settings: SettingsStore;
  attempts: DailyAttemptStore;
  boards: BoardStore;
  history: HistoryStore;
  clock: Clock;
  logger: Logger;
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** The daily dungeon, boards and history. */
export class DailyService implements DailyServiceApi {
  /** Recordings under way (GameService does not await them): tests and shutdown wait for them with `idle()`. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: DailyServiceDeps) {}

  async start(key: ChannelKey, user: UserRef, opts: { practice?: boolean } = {}): Promise<Result<DailyStart>> {
    const { deps } = this;
    const guarded = await storageGuarded(deps.logger, { ...key }, async (): Promise<Result<DailyStart | 'go'>> => {
      const settings = await deps.settings.get(key.guildId);
      return ok(settings.dailyEnabled ? 'go' : { kind: 'disabled' });
    });
    if (!guarded.ok || guarded.value !== 'go') return guarded as Result<DailyStart>;
    const day = utcDay(deps.clock.now());
    const rules = dailyRules(day);
    const options = { seed: rules.seed, mapKind: rules.mapKind, size: rules.size, mode: rules.mode, diagonals: rules.diagonals, difficulty: rules.difficulty, maxPlayers: rules.maxPlayers };
    if (opts.practice) {
      const r = await deps.games.newGame(key, user, { ...options, daily: { day, scored: false } });
      return r.ok ? ok({ kind: 'started', view: r.value, scored: false }) : r;
    }
    const claimed = await storageGuarded(deps.logger, { ...key }, async () => ok(await deps.attempts.claim(user.id, day, ATTEMPT_TTL_MS)));
    if (!claimed.ok) return claimed;
    const token = claimed.value;
    if (token === null) return ok({ kind: 'attempt-used', day });
    let created: Result<GameView> | undefined;
    try {
      created = await deps.games.newGame(key, user, { ...options, daily: { day, scored: true } });
    } finally {
      // No game, no attempt used: the claim goes back (also when newGame threw).
      if (!created?.ok) await this.release(user.id, day, token);
    }
    deps.logger.info('daily attempt started', { ...key, day, userId: user.id });
    return created.ok ? ok({ kind: 'started', view: created.value, scored: true }) : created;
  }

  /** GameService's onFinished hook: history for every run, the boards for a verified scored daily run. */
  recordFinished(key: ChannelKey, game: StoredGame): Promise<void> {
    const run = this.record(key, game).finally(() => this.pending.delete(run));
    this.pending.add(run);
    return run;
  }

  /** Resolves when every recording started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async board(guildId: string, user: UserRef, query: BoardQuery): Promise<Result<BoardView>> {
    const day = utcDay(this.deps.clock.now()) - (query.yesterday ? 1 : 0);
    const board: BoardId = query.scope === 'all-time' ? { scope: 'all-time', guildId } : query.scope === 'global' ? { scope: 'global', day } : { scope: 'server', guildId, day };
    return storageGuarded(this.deps.logger, { guildId }, async () => {
      const [top, mine] = await Promise.all([this.deps.boards.top(board, BOARD_TOP), this.deps.boards.rankOf(board, user.id)]);
      return ok({ board, top, own: mine && mine.rank > top.length ? mine : null });
    });
  }

  async history(of: { channel: ChannelKey } | { userId: string }): Promise<Result<HistoryEntry[]>> {
    const fields = 'channel' in of ? { ...of.channel } : { userId: of.userId };
    return storageGuarded(this.deps.logger, fields, async () => ok('channel' in of ? await this.deps.history.byChannel(of.channel, HISTORY_SHOWN) : await this.deps.history.byUser(of.userId, HISTORY_SHOWN)));
  }

  private async record(key: ChannelKey, game: StoredGame): Promise<void> {
    const { state, meta } = game;
    const summary = state.summary;
    if (state.status !== 'over' || !summary) return;
    const score = scoreRun(summary);
    const entry: HistoryEntry = {
      ...key,
      players: summary.kills.map((k) => ({ id: k.id, name: k.name })),
      score,
      depth: summary.depth,
      turns: summary.turns,
      outcome: summary.outcome,
      recap: recapFromSummary(summary, score),
      seed: state.config.seed,
      endedAt: meta.updatedAt,
      ...(meta.daily ? { daily: meta.daily } : {}),
    };
    await this.deps.history.add(entry);
    if (meta.daily?.scored) await this.recordDaily(key, game, meta.daily.day);
  }

  /** Replays the run's log from the day's rules; records the replayed result on the day's boards and the all-time one. */
  private async recordDaily(key: ChannelKey, game: StoredGame, day: number): Promise<void> {
    const log = await this.deps.gameStore.readLog(key);
    const verdict = verifyDailyRun(day, game.state, log);
    const userId = game.meta.creatorId;
    if (!verdict.ok) {
      this.deps.logger.warn('daily run refused: its log does not replay to its saved state', { ...key, day, userId, actions: log.length, reason: verdict.reason });
      return;
    }
    const { summary, score } = verdict;
    const name = summary.kills.find((k) => k.id === userId)?.name ?? userId;
    const entry: BoardEntry = { userId, name, score, depth: summary.depth, turns: summary.turns, outcome: summary.outcome, finishedAt: game.meta.updatedAt, guildId: key.guildId };
    const settings = await this.deps.settings.get(key.guildId);
    const now = this.deps.clock.now();
    // A day's board lives until `retention` days after that day ends.
    const ttl = (days: number) => (day + 1 + days) * DAY_MS - now;
    const serverTtl = ttl(settings.dailyRetentionDays);
    if (serverTtl > 0) await this.deps.boards.record({ scope: 'server', guildId: key.guildId, day }, entry, serverTtl);
    const globalTtl = ttl(GLOBAL_RETENTION_DAYS);
    if (settings.globalBoard && globalTtl > 0) await this.deps.boards.record({ scope: 'global', day }, entry, globalTtl);
    await this.deps.boards.record({ scope: 'all-time', guildId: key.guildId }, entry, null);
    this.deps.logger.info('daily run recorded', { ...key, day, userId, score, actions: log.length });
  }

  private async release(userId: string, day: number, token: string): Promise<void> {
    try {
      await this.deps.attempts.release(userId, day, token);
    } catch (err) {
      this.deps.logger.warn('daily attempt claim not released', { userId, day, err: String(err) });
    }
  }
}

